import { readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import type { ts } from "../../compiler.cjs";
import { SignatureKind, SymbolFlags, SyntaxKind } from "./ts6-enums.generated.js";
import type { API, Checker, Program, Project, Signature, Snapshot, Symbol as Ts7Symbol, Type } from "typescript7/unstable/sync";
import type { Ts7Api } from "./ts7-api.js";
import { InputError } from "../../errors.js";
import { TYPESCRIPT7_VERSION } from "./ts7-api.js";
import { toPosixPath } from "../paths.js";
import { isGeneratedFile } from "../../write/header.js";
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
import { declarationShape } from "./declaration-shape.js";
import { registerTs7Kinds } from "./ast.js";
import { Ts7AnalysisChecker } from "./ts7-checker.js";
import { adoptTs7HeadStart } from "./ts7-head-start.js";
import { compilerPaths, Ts7AnalysisProgram, withNodeFormat } from "./ts7-program.js";
import { prefetchSourceFiles } from "./ts7-pipeline.js";

/**
 * The engine on TypeScript 7's native API: the compiler runs in its own process (tsgo) and every
 * checker call is a synchronous round trip to it, so the checker's `...At` calls go in batches.
 * The API comes from `loadTs7Api` (ts7-api.ts): one exact version, taken from the project or from
 * beside mcp-conform (test/analyze/engine-ts7-api.test.ts pins the surface used here).
 */
export function ts7EngineWith(ts7: Ts7Api): Engine {
  const kinds = kindNames(ts7.SyntaxKind as unknown as Record<string, string | number>);
  // engine/ast.ts reads TypeScript 7's kinds as TypeScript 6 numbers them: the table, by name.
  const ts6Kinds = kindNames(SyntaxKind as unknown as Record<string, string | number>);
  const table = new Int32Array(1024).fill(-1);
  for (let kind = 0; kind < table.length; kind++) {
    const name = kinds.nameOf(kind);
    // `nameOf` says `Unknown<n>` for a number with no name; `UnknownKeyword` is a name.
    if (kinds.kindOf(name) === kind) table[kind] = ts6Kinds.kindOf(name) ?? -1;
  }
  registerTs7Kinds(table, { bindingElement: kinds.kindOf("BindingElement") ?? -1 }, ts7.RemoteNode);
  const syntax = ts7Syntax(kinds);

  return {
    id: "ts7",
    compilerVersion: TYPESCRIPT7_VERSION,
    open(tsconfigArg, cwd) {
      const tsconfigPath = resolve(cwd, tsconfigArg);
      // The command line may have started this compiler already (ts7-head-start.ts).
      const construct = () => new ts7.sync.API({ cwd });
      const api = adoptTs7HeadStart(ts7.dir, tsconfigPath, cwd, construct) ?? construct();
      try {
        const snapshot = api.updateSnapshot({ openProjects: [tsconfigPath] });
        const project = snapshot.getProject(tsconfigPath) ?? snapshot.getProjects()[0];
        if (!project) throw new InputError(`TypeScript 7 opened no project for ${toPosixPath(relative(cwd, tsconfigPath))}`, { file: tsconfigPath });
        const [problem] = project.program.getConfigFileParsingDiagnostics().filter((d) => d.category === 1 && d.code !== 18003);
        if (problem) throw new InputError(`invalid tsconfig: ${problem.text}`, { file: toPosixPath(relative(cwd, problem.fileName ?? tsconfigPath)) });
        return new Ts7Project(api, snapshot, project, tsconfigPath, syntax);
      } catch (error) {
        stopQuietly(api);
        throw error;
      }
    },
    readTsconfig(tsconfigPath, listFolder) {
      // A compiler process of its own (about 15 ms to start and parse): its file system calls come
      // back here, which the analysis's process must not pay for every source it reads.
      const filesRead: string[] = [];
      let api: API | undefined;
      try {
        api = new ts7.sync.API({
          cwd: dirname(tsconfigPath),
          fs: {
            getAccessibleEntries: (path) => listFolder(path),
            readFile: (path) => {
              filesRead.push(resolve(path));
              // Undefined: the compiler reads the file itself.
              return undefined;
            },
          },
        });
        const { fileNames } = api.parseConfigFile(tsconfigPath);
        return { fileNames: fileNames.map((file) => resolve(file)), filesRead };
      } catch {
        return undefined;
      } finally {
        if (api) stopQuietly(api);
      }
    },
  };
}

// TypeScript 7's nodes are read through TypeScript 6's node interfaces (engine.ts); this is the
// one place that crosses over.
type Ts7Node = Parameters<Checker["getTypeFromTypeNode"]>[0];
const ts7Node = (node: EngineNode): Ts7Node => node as unknown as Ts7Node;
const engineNode = (node: unknown): EngineNode => node as EngineNode;

export class Ts7Project implements EngineProject {
  readonly engine = "ts7";
  readonly rootDir: string;
  readonly allowJs: boolean;
  readonly checker: EngineChecker;
  /** The same program and checker as the analysis reads them (TypeScript 6's names). */
  readonly analysisChecker: Ts7AnalysisChecker;
  readonly analysisProgram: Ts7AnalysisProgram;
  private files: EngineSourceFile[] | undefined;
  private ownSources: Set<string> | undefined;
  /** What `sourceFiles` read of each project file from disk. */
  private readonly diskReads = new Map<string, DiskRead>();
  private fileNames: readonly string[] | undefined;
  private focus: ReadonlySet<string> | undefined;

  constructor(
    private readonly api: API,
    private readonly snapshot: Snapshot,
    private readonly project: Project,
    readonly tsconfigPath: string,
    readonly syntax: EngineSyntax,
    /** The last project's reads from disk (watch mode), of the files the compiler was not told changed. */
    private readonly carried: ReadonlyMap<string, DiskRead> = new Map(),
  ) {
    this.rootDir = dirname(tsconfigPath);
    this.allowJs = project.compilerOptions.allowJs === true;
    this.checker = new Ts7Checker(project.checker);
    // The project's own files but our output, whose declarations are batched only when asked; in
    // a watch cycle, the files walked again.
    this.analysisChecker = new Ts7AnalysisChecker(project.checker, project, () =>
      this.sourceFiles()
        .filter((file) => !file.generated && (!this.focus || this.focus.has(file.fileName)))
        .map((file) => file.node as unknown as ts.SourceFile),
    );
    this.analysisProgram = new Ts7AnalysisProgram(project, (fileName) => {
      this.ownSources ??= new Set(this.sourceFiles().map((file) => file.fileName));
      return this.ownSources.has(fileName);
    });
  }

  sourceFiles(): readonly EngineSourceFile[] {
    const { program } = this.project;
    if (this.files) return this.files;
    // The names come sorted from programFileNames: one round trip for both.
    const names = this.programFileNames().filter((name) => !/\.d\.[cm]?ts$/.test(name) && !/[\\/]node_modules[\\/]/.test(name));
    // Our output is known by its header, read from disk: fetching a file is a round trip, and
    // a project with its output present holds one formatter file per tool.
    const reads = names.map((name) => (isWithin(this.rootDir, name) ? this.readFromDisk(name) : undefined));
    // The rest is fetched in rounds of requests (ts7-pipeline.ts), not a round trip each.
    prefetchSourceFiles(
      program,
      names.filter((_, index) => !reads[index]?.generated),
    );
    this.files = names.flatMap((name, index) => {
      const read = reads[index];
      if (read?.generated) return [lazyGeneratedFile(program, name, read.text)];
      const file = program.getSourceFile(name);
      if (!file || file.isDeclarationFile) return [];
      // Whether a file came in through a package (a linked workspace package, say) is a round
      // trip per file: asked only of files outside the project's folder, where such files are.
      if (!read && program.isSourceFileFromExternalLibrary(file)) return [];
      return [{ fileName: file.fileName, text: file.text, generated: isGeneratedFile(file.text), node: withNodeFormat(program, file) }];
    });
    return this.files;
  }

  /** A project file's header, and a generated file's whole text; unchanged files' come from the last project. */
  private readFromDisk(fileName: string): DiskRead {
    let read = this.carried.get(fileName);
    if (!read) {
      let text: string;
      try {
        text = readFileSync(fileName, "utf8");
      } catch {
        // Gone since the compiler read it: the compiler's copy is fetched, as any user file's.
        text = "";
      }
      read = isGeneratedFile(text) ? { generated: true, text } : NOT_GENERATED;
    }
    this.diskReads.set(fileName, read);
    return read;
  }

  programFileNames(): readonly string[] {
    this.fileNames ??= [...this.project.program.getSourceFileNames()].sort();
    return this.fileNames;
  }

  close(): void {
    stopQuietly(this.api);
  }

  /**
   * The project once `changes` are on disk (watch mode), from the same compiler process: the API
   * hands the files it was not told of back as the very same SourceFile objects. This project
   * stays readable until `release`.
   */
  updated(changes: Ts7FileChanges): Ts7Project {
    const snapshot = tellCompiler(this.api, changes);
    const project = snapshot.getProject(this.tsconfigPath) ?? snapshot.getProjects()[0];
    if (!project) throw new InputError(`TypeScript 7 no longer opens a project for ${toPosixPath(this.tsconfigPath)}`, { file: this.tsconfigPath });
    const told = new Set([...changes.changed, ...changes.created, ...changes.deleted].map((name) => resolve(name)));
    const carried = new Map([...this.diskReads].filter(([name]) => !told.has(resolve(name))));
    return new Ts7Project(this.api, snapshot, project, this.tsconfigPath, this.syntax, carried);
  }

  /** Lets the compiler drop this project's snapshot (a later one is being read); the process runs on. */
  release(): void {
    this.snapshot.dispose();
  }

  filesChangedSince(before: EngineProject): readonly string[] | "file-set-changed" {
    if (!(before instanceof Ts7Project)) return "file-set-changed";
    const names = this.programFileNames();
    const was = before.programFileNames();
    if (names.length !== was.length || names.some((name, i) => name !== was[i])) return "file-set-changed";
    // Only files named in `updated` can differ, and a file outside the project's own sources (a
    // declaration file, a dependency) is fetched from the compiler only when asked: its change is
    // known from the watcher's list instead (incremental.ts treats it as a non-source change).
    // Our output is compared by its text from disk, so that no file of it is fetched to be compared.
    const previous = new Map(before.sourceFiles().map((file) => [file.fileName, file]));
    return this.sourceFiles()
      .filter((file) => {
        const was = previous.get(file.fileName);
        if (!was || was.generated !== file.generated) return true;
        return file.generated ? was.text !== file.text : was.node !== file.node;
      })
      .map((file) => file.fileName);
  }

  importedFiles(files: readonly ts.SourceFile[]): string[][] {
    // Each specifier's module symbol, in one request for every file; its declaration's handle names the file.
    const specifiers = files.map((file) => (file as unknown as { imports?: readonly Ts7Node[] }).imports ?? []);
    if (specifiers.every((list) => list.length === 0)) return specifiers.map(() => []);
    const symbols = this.project.checker.getSymbolAtLocation(specifiers.flat());
    // Our unfetched output is named by the path the compiler gives it.
    const toPath = compilerPaths(this.project.program);
    const byPath = new Map(
      this.sourceFiles().map((file) => [file.generated ? toPath(file.fileName) : (file.node as unknown as { path: string }).path, file.fileName]),
    );
    let next = 0;
    return specifiers.map((list) =>
      list.flatMap(() => {
        const path = symbols[next++]?.declarations[0]?.path;
        return path === undefined ? [] : [byPath.get(path) ?? path];
      }),
    );
  }

  /** No declaration emit in the API: the file's declaration shape (declaration-shape.ts) stands in for it. */
  declaresAsIn(before: EngineProject, fileName: string): boolean {
    const was = before.sourceFiles().find((file) => file.fileName === fileName);
    const now = this.sourceFiles().find((file) => file.fileName === fileName);
    if (!was || !now) return false;
    const shape = declarationShape(now.node);
    return shape !== undefined && shape === declarationShape(was.node);
  }

  focusOn(fileNames: ReadonlySet<string>): void {
    this.focus = fileNames;
  }
}

/**
 * At most this many changed files are told to the compiler one at a time (below). Told of one, it
 * takes 4-12 ms; of several at once, it rebuilds the program, 33-46 ms at 100 tools and 50-90 ms at
 * 1,000 (much of it resolving the packages' declarations again).
 */
const TOLD_ONE_AT_A_TIME = 6;

/**
 * A snapshot with `changes` on disk. TypeScript 7 replaces a file in its program in place only when
 * it is told of that one file alone (and its imports are unchanged); told of two, it builds the
 * program again. A watch cycle tells of two or more (the edit, and the output the last cycle wrote),
 * so a few changed files are told one by one, each snapshot between them released at once. A
 * created or deleted file changes the file set, which builds the program again however it is told.
 */
function tellCompiler(api: API, changes: Ts7FileChanges): Snapshot {
  const oneByOne = changes.created.length === 0 && changes.deleted.length === 0 && changes.changed.length <= TOLD_ONE_AT_A_TIME;
  if (!oneByOne || changes.changed.length < 2) return api.updateSnapshot({ fileChanges: changes });
  let snapshot: Snapshot | undefined;
  for (const file of changes.changed) {
    const next = api.updateSnapshot({ fileChanges: { changed: [file], created: [], deleted: [] } });
    snapshot?.dispose();
    snapshot = next;
  }
  return snapshot!;
}

/** A project file as read from disk: whether it is our output, and then its text. */
type DiskRead = { generated: false } | { generated: true; text: string };
const NOT_GENERATED: DiskRead = { generated: false };

/** A file of our output: its node is fetched from the compiler on first use. */
function lazyGeneratedFile(program: Program, fileName: string, text: string): EngineSourceFile {
  let node: ts.SourceFile | undefined;
  return {
    fileName,
    text,
    generated: true,
    get node() {
      if (!node) {
        const file = program.getSourceFile(fileName);
        if (!file) throw new Error(`internal: TypeScript 7 holds no ${fileName}`);
        node = withNodeFormat(program, file);
      }
      return node;
    },
  };
}

/** What changed on disk since a Ts7Project was opened (the compiler reads no file, and finds no new one, it is not told of). */
export interface Ts7FileChanges {
  changed: string[];
  created: string[];
  deleted: string[];
}

/**
 * Ends the compiler process. The API's own `close()` ends the process's input and then terminates
 * it, and tsgo says "context canceled" on the stderr it shares with us: a user would read it as an
 * error. So once the API has released what it holds (its last requests), the process is killed
 * outright before its input closes. The fields reached here are the pinned version's
 * (engine-ts7-api.test.ts).
 */
function stopQuietly(api: API): void {
  const channel = (api as unknown as { client?: { channel?: { close(): void; child?: { kill(signal: string): boolean } } } }).client?.channel;
  if (channel?.child) {
    const close = channel.close.bind(channel);
    const child = channel.child;
    channel.close = () => {
      child.kill("SIGKILL");
      close();
    };
  }
  api.close();
}

type Kinds = ReturnType<typeof kindNames>;

/** How the engine interface (engine.ts) reads TypeScript 7's nodes, by TypeScript 7's kind names. */
function ts7Syntax(kinds: Kinds): EngineSyntax {
  const bindingElement = kinds.kindOf("BindingElement");
  /**
   * The kind's name as TypeScript 6 would give it: a hole in an array binding pattern (`[, b]`) is a
   * nameless BindingElement in TypeScript 7 and an OmittedExpression in TypeScript 6.
   */
  const kindName = (node: EngineNode): string => {
    if (node.kind === bindingElement && (node as unknown as { name?: unknown }).name === undefined) return "OmittedExpression";
    return kinds.nameOf(node.kind);
  };
  return {
    kindName,
    is: <K extends NodeKindName>(node: EngineNode, kind: K): node is NodesByKind[K] => node.kind === kinds.kindOf(kind) && kindName(node) === kind,
    forEachChild: (node, visit) => ts7Node(node).forEachChild((child) => visit(engineNode(child))),
    line: (node) => {
      const sf = ts7Node(node).getSourceFile();
      return sf.getLineAndCharacterOfPosition(ts7Node(node).getStart(sf)).line + 1;
    },
    text: (node) => ts7Node(node).getText(),
  };
}

const type = (t: Type | undefined): EngineType | undefined => t as unknown as EngineType | undefined;
const native = (t: EngineType): Type => t as unknown as Type;
const symbol = (s: Ts7Symbol): EngineSymbol => s as unknown as EngineSymbol;
const nativeSymbol = (s: EngineSymbol): Ts7Symbol => s as unknown as Ts7Symbol;

class Ts7Checker implements EngineChecker {
  constructor(private readonly checker: Checker) {}

  typesAt(nodes: readonly EngineNode[]): (EngineType | undefined)[] {
    return nodes.length === 0 ? [] : this.checker.getTypeAtLocation(nodes.map(ts7Node)).map(type);
  }

  symbolsAt(nodes: readonly EngineNode[]): (EngineSymbol | undefined)[] {
    return nodes.length === 0 ? [] : this.checker.getSymbolAtLocation(nodes.map(ts7Node)).map((s) => (s ? symbol(s) : undefined));
  }

  symbolName(s: EngineSymbol): string {
    // A private name is keyed `__#<class id>@#name` inside TypeScript 7.
    return nativeSymbol(s).name.replace(/^__#\d+@(?=#)/, "");
  }

  aliasedSymbol(s: EngineSymbol): EngineSymbol {
    const original = nativeSymbol(s);
    return original.flags & SymbolFlags.Alias ? symbol(this.checker.getAliasedSymbol(original)) : s;
  }

  typeOfSymbol(s: EngineSymbol): EngineType | undefined {
    return type(this.checker.getTypeOfSymbol(nativeSymbol(s)));
  }

  declarations(s: EngineSymbol): readonly EngineNode[] {
    return nativeSymbol(s).declarations.flatMap((handle) => {
      const node = handle.resolve();
      return node ? [engineNode(node)] : [];
    });
  }

  callSignatures(t: EngineType): readonly EngineSignature[] {
    return this.checker.getSignaturesOfType(native(t), SignatureKind.Call as number) as unknown as EngineSignature[];
  }

  returnType(signature: EngineSignature): EngineType | undefined {
    return type(this.checker.getReturnTypeOfSignature(signature as unknown as Signature));
  }

  resolvedSignatures(calls: readonly ts.CallExpression[]): (EngineSignature | undefined)[] {
    // The API takes one node at a time here.
    return calls.map((call) => this.checker.getResolvedSignature(ts7Node(call)) as unknown as EngineSignature | undefined);
  }

  signatureDeclaration(signature: EngineSignature): EngineNode | undefined {
    const node = (signature as unknown as Signature).declaration?.resolve();
    return node ? engineNode(node) : undefined;
  }

  nonNullable(t: EngineType): EngineType {
    return type(this.checker.getNonNullableType(native(t)) ?? native(t))!;
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
    return union.isUnionType() ? (union.getTypes() as unknown as EngineType[]) : undefined;
  }

  typeArguments(t: EngineType): readonly EngineType[] {
    const reference = native(t);
    return reference.isTypeReference() ? (this.checker.getTypeArguments(reference) as unknown as EngineType[]) : [];
  }

  flags(t: EngineType): number {
    return native(t).flags;
  }

  literalValue(t: EngineType): string | number | boolean | undefined {
    const literal = native(t);
    if (literal.isStringLiteralType() || literal.isNumberLiteralType() || literal.isBooleanLiteralType()) return literal.value;
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

function isWithin(dir: string, fileName: string): boolean {
  // Asked of every project file in every watch cycle: a plain prefix answers most without `relative`.
  if (fileName.startsWith(`${toPosixPath(dir)}/`)) return true;
  const path = relative(dir, fileName);
  return path !== "" && !path.startsWith("..") && !isAbsolute(path);
}
