import { dirname, resolve } from "node:path";
import type { ts } from "../../compiler.cjs";
import { ObjectFlags, SymbolFlags, SyntaxKind, TypeFlags } from "./ts6-enums.generated.js";
import { typescript6 } from "../../typescript6.js";
import { loadProgram } from "../load-project.js";
import type {
  Engine,
  EngineChecker,
  EngineNode,
  EngineProject,
  EngineSignature,
  EngineSourceFile,
  EngineSymbol,
  EngineSyntax,
  EngineType,
  NodeKindName,
  NodesByKind,
} from "./engine.js";
import { kindNames } from "./syntax-kinds.js";
import { ts6DeclaresAsBefore, ts6FilesChangedSince, ts6ImportedFiles } from "./ts6-watch.js";
import { isGeneratedFile } from "../../write/header.js";

/**
 * The engine on TypeScript 6: ts-morph's bundled compiler, with the Program `loadProgram` builds
 * (no ts-morph Project: see load-project.ts). Handles are the compiler's own objects.
 */
export const ts6Engine: Engine = {
  id: "ts6",
  // A getter: naming the engine (the TypeScript 7 engine's runs do) loads no TypeScript 6.
  get compilerVersion() {
    return typescript6().version;
  },
  open: (tsconfigPath, cwd) => {
    const path = resolve(cwd, tsconfigPath);
    return new Ts6Project(loadProgram(path, cwd), path);
  },
};

const kinds = kindNames(SyntaxKind as unknown as Record<string, string | number>);

export class Ts6Project implements EngineProject {
  readonly engine = "ts6";
  readonly rootDir: string;
  readonly allowJs: boolean;
  readonly syntax: EngineSyntax = ts6Syntax;
  readonly checker: EngineChecker;
  private files: EngineSourceFile[] | undefined;

  /** `program` is the TypeScript 6 Program itself, for what the analysis has not switched onto the engine yet. */
  constructor(
    readonly program: ts.Program,
    readonly tsconfigPath: string,
  ) {
    this.rootDir = dirname(tsconfigPath);
    this.allowJs = program.getCompilerOptions().allowJs === true;
    this.checker = new Ts6Checker(program.getTypeChecker());
  }

  sourceFiles(): readonly EngineSourceFile[] {
    this.files ??= this.program
      .getSourceFiles()
      .filter((sf) => !sf.isDeclarationFile && !this.program.isSourceFileFromExternalLibrary(sf) && !/[\\/]node_modules[\\/]/.test(sf.fileName))
      .sort((a, b) => (a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0))
      .map((node) => ({ fileName: node.fileName, text: node.text, generated: isGeneratedFile(node.text), node }));
    return this.files;
  }

  programFileNames(): readonly string[] {
    return this.program
      .getSourceFiles()
      .map((sf) => sf.fileName)
      .sort();
  }

  close(): void {
    // Nothing to stop: the Program is garbage once unreferenced.
  }

  filesChangedSince(before: EngineProject): readonly string[] | "file-set-changed" {
    return before instanceof Ts6Project ? ts6FilesChangedSince(this.program, before.program) : "file-set-changed";
  }

  importedFiles(files: readonly ts.SourceFile[]): string[][] {
    return ts6ImportedFiles(this.program, files);
  }

  declaresAsIn(before: EngineProject, fileName: string): boolean {
    return before instanceof Ts6Project && ts6DeclaresAsBefore(fileName, before.program, this.program);
  }
}

const ts6Syntax: EngineSyntax = {
  kindName: (node) => kinds.nameOf(node.kind),
  is: <K extends NodeKindName>(node: EngineNode, kind: K): node is NodesByKind[K] => node.kind === kinds.kindOf(kind),
  forEachChild: (node, visit) => node.forEachChild(visit),
  line: (node) => {
    const sf = node.getSourceFile();
    return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  },
  text: (node) => node.getText(node.getSourceFile()),
};

/** The handles are the compiler's objects: these casts are the whole of the translation. */
const type = (t: ts.Type | undefined): EngineType | undefined => t as EngineType | undefined;
const native = (t: EngineType): ts.Type => t as unknown as ts.Type;
const symbol = (s: ts.Symbol): EngineSymbol => s as unknown as EngineSymbol;
const nativeSymbol = (s: EngineSymbol): ts.Symbol => s as unknown as ts.Symbol;

class Ts6Checker implements EngineChecker {
  constructor(private readonly checker: ts.TypeChecker) {}

  typesAt(nodes: readonly EngineNode[]): (EngineType | undefined)[] {
    return nodes.map((node) => type(this.checker.getTypeAtLocation(node)));
  }

  symbolsAt(nodes: readonly EngineNode[]): (EngineSymbol | undefined)[] {
    return nodes.map((node) => {
      const found = this.checker.getSymbolAtLocation(node);
      return found ? symbol(found) : undefined;
    });
  }

  symbolName(s: EngineSymbol): string {
    return nativeSymbol(s).name;
  }

  aliasedSymbol(s: EngineSymbol): EngineSymbol {
    const original = nativeSymbol(s);
    return original.flags & SymbolFlags.Alias ? symbol(this.checker.getAliasedSymbol(original)) : s;
  }

  typeOfSymbol(s: EngineSymbol): EngineType | undefined {
    return type(this.checker.getTypeOfSymbol(nativeSymbol(s)));
  }

  declarations(s: EngineSymbol): readonly EngineNode[] {
    return nativeSymbol(s).declarations ?? [];
  }

  callSignatures(t: EngineType): readonly EngineSignature[] {
    return native(t).getCallSignatures() as unknown as EngineSignature[];
  }

  returnType(signature: EngineSignature): EngineType | undefined {
    return type(this.checker.getReturnTypeOfSignature(signature as unknown as ts.Signature));
  }

  resolvedSignatures(calls: readonly ts.CallExpression[]): (EngineSignature | undefined)[] {
    return calls.map((call) => this.checker.getResolvedSignature(call) as EngineSignature | undefined);
  }

  signatureDeclaration(signature: EngineSignature): EngineNode | undefined {
    return (signature as unknown as ts.Signature).getDeclaration() ?? undefined;
  }

  nonNullable(t: EngineType): EngineType {
    return type(this.checker.getNonNullableType(native(t)))!;
  }

  properties(t: EngineType): readonly EngineSymbol[] {
    return this.checker.getPropertiesOfType(native(t)).map(symbol);
  }

  property(t: EngineType, name: string): EngineSymbol | undefined {
    const found = this.checker.getPropertyOfType(native(t), name);
    return found ? symbol(found) : undefined;
  }

  unionMembers(t: EngineType): readonly EngineType[] | undefined {
    const union = native(t);
    return union.isUnion() ? (union.types as unknown as EngineType[]) : undefined;
  }

  typeArguments(t: EngineType): readonly EngineType[] {
    const reference = native(t);
    const isReference = reference.flags & TypeFlags.Object && (reference as ts.ObjectType).objectFlags & ObjectFlags.Reference;
    return isReference ? (this.checker.getTypeArguments(reference as ts.TypeReference) as unknown as EngineType[]) : [];
  }

  flags(t: EngineType): number {
    return native(t).flags;
  }

  literalValue(t: EngineType): string | number | boolean | undefined {
    const literal = native(t);
    if (literal.isStringLiteral() || literal.isNumberLiteral()) return literal.value;
    if (literal.flags & TypeFlags.BooleanLiteral) return (literal as unknown as { intrinsicName: string }).intrinsicName === "true";
    return undefined;
  }

  isArrayType(t: EngineType): boolean {
    return this.checker.isArrayType(native(t));
  }

  isTupleType(t: EngineType): boolean {
    return this.checker.isTupleType(native(t));
  }

  typeToString(t: EngineType): string {
    return this.checker.typeToString(native(t));
  }

  isAssignable(source: EngineType, target: EngineType): boolean {
    return this.checker.isTypeAssignableTo(native(source), native(target));
  }
}
