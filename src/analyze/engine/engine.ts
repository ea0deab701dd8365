import type { ts } from "../../compiler.cjs";

/**
 * The analysis engine: what `src/analyze` asks of a compiler, behind one interface that the
 * TypeScript 6 compiler (ts-morph's bundled TypeScript, `ts6.ts`) and the TypeScript 7 native
 * API (`typescript/unstable/sync`, `ts7.ts`) both implement, so the analysis reads the same with
 * either. One project, one program, one checker per analysis.
 *
 * Nodes are the compilers' own AST objects: TypeScript 7's carry the same property names as
 * TypeScript 6's (`expression`, `arguments`, `name`, `text`, ...), so the analysis keeps reading
 * them through TypeScript 6's node interfaces (a type-only import). Their `kind` numbers differ
 * between the two compilers: test kinds through `EngineSyntax`, never against `ts.SyntaxKind`.
 * Types, symbols and signatures are opaque handles, read through `EngineChecker`; the checker's
 * TypeFlags have the same value for every single flag in both compilers, so `flags()` is
 * compared with `ts.TypeFlags`.
 */

export const ENGINE_IDS = ["ts6", "ts7"] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export type EngineNode = ts.Node;

declare const typeBrand: unique symbol;
declare const symbolBrand: unique symbol;
declare const signatureBrand: unique symbol;

/** A type of the engine's checker; only that checker reads it. */
export interface EngineType {
  readonly [typeBrand]: true;
}

/** A symbol of the engine's checker. */
export interface EngineSymbol {
  readonly [symbolBrand]: true;
}

/** A call signature of the engine's checker. */
export interface EngineSignature {
  readonly [signatureBrand]: true;
}

export interface Engine {
  readonly id: EngineId;
  /** The compiler the engine runs: ts-morph's TypeScript 6, or the pinned TypeScript 7. */
  readonly compilerVersion: string;
  /** Opens the project of a tsconfig; bad configs are input errors (`file:line: message`). */
  open(tsconfigPath: string, cwd: string): EngineProject;
  /**
   * Reads a tsconfig as the engine's compiler does, without opening its project: the files it
   * selects, with every folder it listed through `listFolder` and every file it read for it (the
   * tsconfig, what it extends). Undefined where the engine cannot (TypeScript 6 reads it in
   * incremental/tsconfig-inputs.ts) or the compiler could not read it.
   */
  readTsconfig?(tsconfigPath: string, listFolder: (path: string) => FolderEntries): TsconfigRead | undefined;
}

export interface FolderEntries {
  files: string[];
  directories: string[];
}

export interface TsconfigRead {
  /** Absolute. */
  fileNames: string[];
  /** Absolute, in the order read. */
  filesRead: string[];
}

export interface EngineProject {
  readonly engine: EngineId;
  readonly tsconfigPath: string;
  /** The tsconfig's folder. */
  readonly rootDir: string;
  readonly allowJs: boolean;
  /** The project's own sources (no declaration files, nothing from node_modules), sorted by file name. */
  sourceFiles(): readonly EngineSourceFile[];
  /** Every file of the program, libraries and declaration files included, sorted (what the analysis tells SDK majors by). */
  programFileNames(): readonly string[];
  readonly syntax: EngineSyntax;
  readonly checker: EngineChecker;
  /** Ends the project (TypeScript 7 stops its compiler process); nothing may be read after. */
  close(): void;
  /**
   * Watch mode (incremental.ts), on a project opened after `before` from the same compiler state
   * (unchanged files coming back as the very same SourceFile objects): the files, of every file
   * either program holds, whose SourceFile is not `before`'s; "file-set-changed" when the two
   * programs do not hold the same files.
   */
  filesChangedSince(before: EngineProject): readonly string[] | "file-set-changed";
  /** The files each of `files` imports (import, export-from, import(), require, import type), resolved; absolute paths. */
  importedFiles(files: readonly ts.SourceFile[]): string[][];
  /**
   * Whether the file's declarations, as `tsc --declaration` writes them, are what they were in
   * `before` (false when it cannot tell).
   */
  declaresAsIn(before: EngineProject, fileName: string): boolean;
  /**
   * A hint for watch mode: only these files are walked again (the others' analysis is reused), so
   * what the engine would ask about every project file at once is asked about these (TypeScript 7).
   */
  focusOn?(fileNames: ReadonlySet<string>): void;
}

export interface EngineSourceFile {
  readonly fileName: string;
  readonly text: string;
  /**
   * Our own output (it carries the generated header). The analysis walks none of it (it registers no
   * tool, and the inventory must not depend on whether it exists), so TypeScript 7 fetches its
   * `node` only when something asks for it.
   */
  readonly generated: boolean;
  readonly node: ts.SourceFile;
}

/** Node kinds by name: the kinds the analysis tests, as both compilers name them. */
export interface NodesByKind {
  ArrowFunction: ts.ArrowFunction;
  AsExpression: ts.AsExpression;
  AwaitExpression: ts.AwaitExpression;
  ElementAccessExpression: ts.ElementAccessExpression;
  NonNullExpression: ts.NonNullExpression;
  ParenthesizedExpression: ts.ParenthesizedExpression;
  SatisfiesExpression: ts.SatisfiesExpression;
  TypeAssertionExpression: ts.TypeAssertion;
  CallExpression: ts.CallExpression;
  ClassDeclaration: ts.ClassDeclaration;
  FunctionDeclaration: ts.FunctionDeclaration;
  FunctionExpression: ts.FunctionExpression;
  Identifier: ts.Identifier;
  ImportDeclaration: ts.ImportDeclaration;
  MethodDeclaration: ts.MethodDeclaration;
  NewExpression: ts.NewExpression;
  NoSubstitutionTemplateLiteral: ts.NoSubstitutionTemplateLiteral;
  ObjectLiteralExpression: ts.ObjectLiteralExpression;
  PropertyAccessExpression: ts.PropertyAccessExpression;
  PropertyAssignment: ts.PropertyAssignment;
  PropertyDeclaration: ts.PropertyDeclaration;
  ReturnStatement: ts.ReturnStatement;
  ShorthandPropertyAssignment: ts.ShorthandPropertyAssignment;
  StringLiteral: ts.StringLiteral;
  ThrowStatement: ts.ThrowStatement;
  VariableDeclaration: ts.VariableDeclaration;
}

export type NodeKindName = keyof NodesByKind;

export interface EngineSyntax {
  /** The node's kind as both compilers name it (`"CallExpression"`). */
  kindName(node: EngineNode): string;
  is<K extends NodeKindName>(node: EngineNode, kind: K): node is NodesByKind[K];
  /** Children in source order, as `ts.forEachChild` visits them; stops at the first truthy result. */
  forEachChild<T>(node: EngineNode, visit: (child: EngineNode) => T | undefined): T | undefined;
  /** 1-based line of the node's first token. */
  line(node: EngineNode): number;
  /** The node's source text, without leading trivia. */
  text(node: EngineNode): string;
}

/**
 * The checker calls the analysis makes. The `...At` calls take many nodes at once: with TypeScript
 * 7 every call is a round trip to the compiler process, so a batch of a thousand handlers costs
 * one trip, not a thousand.
 */
export interface EngineChecker {
  typesAt(nodes: readonly EngineNode[]): (EngineType | undefined)[];
  symbolsAt(nodes: readonly EngineNode[]): (EngineSymbol | undefined)[];
  /** The name as written (`#count` for a private field, which TypeScript 7 keeps as `__#1@#count`). */
  symbolName(symbol: EngineSymbol): string;
  /** Follows import and export aliases to the symbol they name. */
  aliasedSymbol(symbol: EngineSymbol): EngineSymbol;
  typeOfSymbol(symbol: EngineSymbol): EngineType | undefined;
  declarations(symbol: EngineSymbol): readonly EngineNode[];
  callSignatures(type: EngineType): readonly EngineSignature[];
  returnType(signature: EngineSignature): EngineType | undefined;
  /** The signature overload resolution picks for each call (`registerTool`'s, say); one round trip per call on TypeScript 7. */
  resolvedSignatures(calls: readonly ts.CallExpression[]): (EngineSignature | undefined)[];
  /** Where a signature is declared (none for a synthetic one). */
  signatureDeclaration(signature: EngineSignature): EngineNode | undefined;
  /** The type without `null` and `undefined`. */
  nonNullable(type: EngineType): EngineType;
  properties(type: EngineType): readonly EngineSymbol[];
  property(type: EngineType, name: string): EngineSymbol | undefined;
  /** A union's members, or undefined for a type that is not a union. */
  unionMembers(type: EngineType): readonly EngineType[] | undefined;
  /** Type arguments of a type reference (`Promise<T>`, `T[]`); none for other types. */
  typeArguments(type: EngineType): readonly EngineType[];
  /** `ts.TypeFlags`. */
  flags(type: EngineType): number;
  /** The value of a string, number or boolean literal type. */
  literalValue(type: EngineType): string | number | boolean | undefined;
  isArrayType(type: EngineType): boolean;
  isTupleType(type: EngineType): boolean;
  typeToString(type: EngineType): string;
  isAssignable(source: EngineType, target: EngineType): boolean;
}

/**
 * The checker calls the analysis makes, as TypeScript 6 names them: TypeScript 6's checker is one
 * as it is; TypeScript 7's answers through `ts7-checker.ts`, whose types, symbols and signatures
 * show TypeScript 6's member names. The analysis never reaches past this list.
 */
export type AnalysisChecker = Pick<
  ts.TypeChecker,
  | "getSymbolAtLocation"
  | "getTypeAtLocation"
  | "getAliasedSymbol"
  | "getPropertyOfType"
  | "getPropertiesOfType"
  | "getNonNullableType"
  | "getTypeOfSymbolAtLocation"
  | "getTypeOfSymbol"
  | "getTypeArguments"
  | "isArrayType"
  | "isTupleType"
  | "isArrayLikeType"
  | "getSignaturesOfType"
  | "getReturnTypeOfSignature"
  | "getSignatureFromDeclaration"
  | "getAwaitedType"
  | "typeToString"
  | "getShorthandAssignmentValueSymbol"
  | "getIndexInfosOfType"
  | "getExportsOfModule"
  | "isTypeAssignableTo"
  | "getTypeFromTypeNode"
  | "getBaseTypeOfLiteralType"
  | "getAnyType"
  | "getStringType"
  | "getVoidType"
  | "getUndefinedType"
  | "getTrueType"
  | "getNumberType"
  | "getBooleanType"
  | "getDeclaredTypeOfSymbol"
  | "getResolvedSignature"
  | "getContextualType"
  | "getIndexTypeOfType"
> & {
  /** A hint that these nodes' symbols are about to be asked for: one round trip on TypeScript 7 (TypeScript 6 has no use for it). */
  prefetchSymbols?(nodes: readonly ts.Node[]): void;
  /** The same for the nodes' types (`getTypeAtLocation`). */
  prefetchTypes?(nodes: readonly ts.Node[]): void;
  /**
   * The same for the annotations of the local variables and parameters these names stand for
   * (`getTypeFromTypeNode` of `const result: Forecast` at `return result`). Their symbols must be
   * known already (`prefetchSymbols`).
   */
  prefetchAnnotationTypes?(names: readonly ts.Node[]): void;
  /** The same for the exports of these files' modules (`getExportsOfModule`); their symbols must be known already. */
  prefetchModuleExports?(files: readonly ts.SourceFile[]): void;
  /**
   * A hint that these types are about to be printed (`typeToString(type, enclosing, flags)`): one
   * round of requests on TypeScript 7 instead of one round trip each.
   */
  prefetchTypeTexts?(requests: readonly { readonly type: ts.Type; readonly enclosing: ts.Node }[], flags: ts.TypeFormatFlags): void;
  /**
   * An object literal that spreads (`{ ...item, url }`) or an object rest (`{ id, ...rest }`): its
   * properties as TypeScript 7 lists them (by where each is declared), which TypeScript 6 does not.
   * Undefined for any other type; TypeScript 7 has no use for it.
   */
  propertiesOfSpreadOrRest?(type: ts.Type, properties?: readonly ts.Symbol[]): ts.Symbol[] | undefined;
  /**
   * The symbol's declarations whose file name and kind (as TypeScript 6 numbers it) pass `keep`,
   * told before their nodes are read: on TypeScript 7 a declaration's node comes from its whole
   * file, so the others' files are never fetched. Absent on TypeScript 6, whose nodes cost nothing
   * to read (`declarationsWhere` in declarations-where.ts filters them).
   */
  declarationsWhere?(symbol: ts.Symbol, keep: (fileName: string, kind: ts.SyntaxKind) => boolean): ts.Declaration[];
  /** Where the symbol's value declaration is and as what, without reading its node (`valueDeclarationSite` in declarations-where.ts). */
  valueDeclarationSite?(symbol: ts.Symbol): { fileName: string; kind: ts.SyntaxKind } | undefined;
  /** Whether the file is one of the compiler's own library files (`lib.es5.d.ts`), by its name as the compiler tells it. */
  isDefaultLibraryFile?(fileName: string): boolean;
};

/** What the analysis asks of the Program itself. */
export type AnalysisProgram = Pick<
  ts.Program,
  "getCompilerOptions" | "getSourceFile" | "getSourceFiles" | "isSourceFileDefaultLibrary" | "isSourceFileFromExternalLibrary" | "getSyntacticDiagnostics"
>;
