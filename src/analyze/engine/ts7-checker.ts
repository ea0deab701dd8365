import type { ts } from "../../compiler.cjs";
// TypeScript 7 gives the members of these enums that are read here TypeScript 6's values
// (engine-ts7-api.test.ts holds it), and its nodes' kinds are read through engine/ast.ts: so
// nothing is imported from TypeScript 7 itself, which may come from the project (ts7-api.ts).
import { ObjectFlags, SignatureKind, SymbolFlags, TypeFlags } from "./ts6-enums.generated.js";
import type {
  Checker,
  NodeHandle,
  IndexInfo as Ts7IndexInfo,
  Project,
  Signature as Ts7Signature,
  Symbol as Ts7Symbol,
  Type as Ts7Type,
} from "typescript7/unstable/sync";
import type { AnalysisChecker } from "./engine.js";
import { UnionOrigins } from "./ts7-union-origin.js";
import { writtenShape, type WrittenShape } from "./ts7-written-shape.js";
import { DeclaredMembers } from "./ts7-declared-members.js";
import { isParameter, isVariableDeclaration, kindFromTs7, kindOf } from "./ast.js";
import { prefetchModuleExports, typeTexts, type TypeTextRequest } from "./ts7-pipeline.js";

/**
 * TypeScript 7's checker, answering as TypeScript 6's does for the calls the analysis makes
 * (`AnalysisChecker`). Its types, symbols and signatures are shown through views with TypeScript
 * 6's member names (`type.types`, `symbol.valueDeclaration`, `signature.getReturnType()`), made
 * once per object so that identity holds (the analysis keys maps by type and symbol). Nodes need
 * no view: TypeScript 7's carry TypeScript 6's property names, and `engine/ast.ts` reads their kinds.
 *
 * Every call is a round trip to the compiler process; what a view learned it keeps.
 */

type Ts7Node = Parameters<Checker["getTypeFromTypeNode"]>[0];
const ts7Node = (node: ts.Node): Ts7Node => node as unknown as Ts7Node;
const ts6Node = <T extends ts.Node = ts.Node>(node: unknown): T => node as T;

function typeTextRequest(type: ts.Type, enclosing: ts.Node | undefined, flags: ts.TypeFormatFlags | undefined): TypeTextRequest {
  return { typeId: native<Ts7Type>(type).id, location: enclosing ? (enclosing as unknown as { id: string }).id : undefined, flags };
}
/** A type's text depends on the type, where it is read from, and the flags: nothing else within a snapshot. */
const typeTextKey = (request: TypeTextRequest): string => `${request.typeId}|${request.location ?? ""}|${request.flags ?? ""}`;

interface Views {
  type(native: Ts7Type): ts.Type;
  /** A declaration's node, from the source files fetched once per path. */
  resolve(handle: NodeHandle): ts.Node | undefined;
  /** Whether resolving a node of this file costs no round trip (the project's own files are fetched first). */
  isFetched(path: string): boolean;
  /** The names `Object`'s properties have: any object type has them (`toString`), written or not. */
  objectPropertyNames(): ReadonlySet<string>;
  declaredMembers: DeclaredMembers;
  symbol(native: Ts7Symbol): ts.Symbol;
  signature(native: Ts7Signature): ts.Signature;
  /** What TypeScript 6 keeps as a union's `origin`; see `Ts7AnalysisChecker.unionOrigin`. */
  origin(union: Ts7Type): ts.Type | undefined;
  checker: Checker;
}

class SymbolView {
  private declarationNodes: ts.Declaration[] | undefined;
  /** The symbol's type, once asked (or fetched with its siblings': see `getProperties`). */
  typeOfSymbol: ts.Type | undefined;
  /** What an alias resolves to, once asked. */
  aliased: ts.Symbol | undefined;
  private value: ts.Declaration | undefined | null = null;

  constructor(
    readonly native: Ts7Symbol,
    private readonly views: Views,
  ) {}

  get name(): string {
    // A private name is keyed `__#<class id>@#name` inside TypeScript 7.
    return this.native.name.replace(/^__#\d+@(?=#)/, "");
  }
  /** As TypeScript 6 escapes names: a private name keeps its class key (`__#1@#count`), as a symbol key does (`__@iterator@9`). */
  get escapedName(): ts.__String {
    return this.native.name as ts.__String;
  }
  get flags(): ts.SymbolFlags {
    return this.native.flags as number;
  }
  get checkFlags(): number {
    return this.native.checkFlags;
  }
  get declarations(): ts.Declaration[] {
    this.declarationNodes ??= this.native.declarations.flatMap((handle) => {
      const node = this.views.resolve(handle);
      return node ? [ts6Node<ts.Declaration>(node)] : [];
    });
    return this.declarationNodes;
  }
  /** The declarations whose file and kind pass `keep`, told by their handles: only their files are fetched. */
  declarationsWhere(keep: (fileName: string, kind: ts.SyntaxKind) => boolean): ts.Declaration[] {
    return this.native.declarations.flatMap((handle) => {
      if (!keep(handle.path, kindFromTs7(handle.kind))) return [];
      const node = this.views.resolve(handle);
      return node ? [ts6Node<ts.Declaration>(node)] : [];
    });
  }
  /** The value declaration's file and kind, told by its handle. */
  get valueDeclarationSite(): { fileName: string; kind: ts.SyntaxKind } | undefined {
    const handle = this.native.valueDeclaration;
    return handle ? { fileName: handle.path, kind: kindFromTs7(handle.kind) } : undefined;
  }
  get valueDeclaration(): ts.Declaration | undefined {
    if (this.value === null) {
      const handle = this.native.valueDeclaration;
      const node = handle ? this.views.resolve(handle) : undefined;
      this.value = node ? ts6Node<ts.Declaration>(node) : undefined;
    }
    return this.value;
  }
  get parent(): ts.Symbol | undefined {
    const parent = this.native.getParent();
    return parent ? this.views.symbol(parent) : undefined;
  }
  getName(): string {
    return this.name;
  }
  getEscapedName(): ts.__String {
    return this.escapedName;
  }
  getFlags(): ts.SymbolFlags {
    return this.flags;
  }
  getDeclarations(): ts.Declaration[] | undefined {
    return this.declarations;
  }
}

class SignatureView {
  constructor(
    readonly native: Ts7Signature,
    private readonly views: Views,
  ) {}

  get declaration(): ts.SignatureDeclaration | undefined {
    const handle = this.native.declaration;
    const node = handle ? this.views.resolve(handle) : undefined;
    return node ? ts6Node<ts.SignatureDeclaration>(node) : undefined;
  }
  getDeclaration(): ts.SignatureDeclaration {
    return this.declaration!;
  }
  get parameters(): readonly ts.Symbol[] {
    return this.getParameters();
  }
  get typeParameters(): readonly ts.TypeParameter[] | undefined {
    return this.getTypeParameters();
  }
  getParameters(): ts.Symbol[] {
    return this.native.getParameters().map((p) => this.views.symbol(p));
  }
  getTypeParameters(): ts.TypeParameter[] | undefined {
    const parameters = this.native.getTypeParameters();
    return parameters.length > 0 ? parameters.map((p) => this.views.type(p) as ts.TypeParameter) : undefined;
  }
  getReturnType(): ts.Type {
    const returned = this.views.checker.getReturnTypeOfSignature(this.native);
    return returned ? this.views.type(returned) : this.views.type(this.views.checker.getAnyType());
  }
}

class TypeView {
  private memo = new Map<string, unknown>();

  constructor(
    readonly native: Ts7Type,
    private readonly views: Views,
  ) {}

  once<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  get flags(): ts.TypeFlags {
    return this.native.flags as number;
  }
  get objectFlags(): ts.ObjectFlags {
    return (this.native as { objectFlags?: number }).objectFlags ?? 0;
  }
  get id(): number {
    return this.native.id;
  }
  /** `true`, `false`, `string`, ...: how the analysis tells the boolean literals apart. */
  get intrinsicName(): string | undefined {
    // TypeScript 7 keeps a boolean literal's value in `value`; TypeScript 6 names it.
    if (this.flags & TypeFlags.BooleanLiteral) return (this.native as { value?: unknown }).value === true ? "true" : "false";
    return (this.native as { intrinsicName?: string }).intrinsicName || undefined;
  }
  get symbol(): ts.Symbol {
    return this.once("symbol", () => {
      const found = this.native.getSymbol();
      return found ? this.views.symbol(found) : undefined;
    }) as ts.Symbol;
  }
  get aliasSymbol(): ts.Symbol | undefined {
    return this.once("aliasSymbol", () => {
      const found = this.native.getAliasSymbol();
      return found ? this.views.symbol(found) : undefined;
    });
  }
  get aliasTypeArguments(): readonly ts.Type[] | undefined {
    return this.once("aliasTypeArguments", () => {
      const args = this.native.getAliasTypeArguments();
      return args.length > 0 ? args.map((t) => this.views.type(t)) : undefined;
    });
  }
  /** Union, intersection and template literal members. */
  get types(): ts.Type[] {
    return this.once("types", () => {
      const native = this.native;
      if (native.isUnionType() || native.isIntersectionType() || native.isTemplateLiteralType()) return native.getTypes().map((t) => this.views.type(t));
      return undefined;
    }) as ts.Type[];
  }
  /** The union as written, when it holds named unions (`PhaseStatus | null`): TypeScript 6's `origin`. */
  get origin(): ts.Type | undefined {
    return this.once("origin", () => (this.native.isUnionType() ? this.views.origin(this.native) : undefined));
  }
  /** A template literal's texts. */
  get texts(): readonly string[] | undefined {
    return this.native.isTemplateLiteralType() ? this.native.texts : undefined;
  }
  /** What a string mapping (`Uppercase<T>`) maps. */
  get type(): ts.Type | undefined {
    return this.native.isStringMappingType() ? this.views.type(this.native.getTarget()) : undefined;
  }
  get value(): unknown {
    const value = (this.native as { value?: unknown }).value;
    if (typeof value === "bigint") return { negative: value < 0n, base10Value: (value < 0n ? -value : value).toString() };
    return value;
  }
  /** A type reference's generic target; a tuple's target holds its element flags. */
  get target(): ts.Type | undefined {
    return this.once("target", () => (this.native.isTypeReference() ? this.views.type(this.native.getTarget()) : undefined));
  }
  get elementFlags(): readonly ts.ElementFlags[] | undefined {
    return this.native.isTupleType() ? (this.native.elementFlags as readonly number[]) : undefined;
  }
  /** A tuple target's `readonly` (`readonly [string, number?]`). */
  get readonly(): boolean | undefined {
    return this.native.isTupleType() ? this.native.readonly : undefined;
  }
  /** A class or interface's type parameters, outer and local (what `Box<T>`'s references give arguments for). */
  get typeParameters(): ts.TypeParameter[] | undefined {
    return this.once("typeParameters", () => this.parameterViews(this.native.isClassOrInterface() ? this.native.getTypeParameters() : []));
  }
  get outerTypeParameters(): ts.TypeParameter[] | undefined {
    return this.once("outerTypeParameters", () => this.parameterViews(this.native.isClassOrInterface() ? this.native.getOuterTypeParameters() : []));
  }
  get localTypeParameters(): ts.TypeParameter[] | undefined {
    return this.once("localTypeParameters", () => this.parameterViews(this.native.isClassOrInterface() ? this.native.getLocalTypeParameters() : []));
  }
  private parameterViews(parameters: readonly Ts7Type[]): ts.TypeParameter[] | undefined {
    // TypeScript 6 leaves the list undefined for a type without parameters.
    return parameters.length > 0 ? parameters.map((p) => this.views.type(p) as ts.TypeParameter) : undefined;
  }
  isUnion(): this is ts.UnionType {
    return (this.flags & TypeFlags.Union) !== 0;
  }
  isIntersection(): this is ts.IntersectionType {
    return (this.flags & TypeFlags.Intersection) !== 0;
  }
  isUnionOrIntersection(): this is ts.UnionOrIntersectionType {
    return (this.flags & (TypeFlags.Union | TypeFlags.Intersection)) !== 0;
  }
  isStringLiteral(): this is ts.StringLiteralType {
    return (this.flags & TypeFlags.StringLiteral) !== 0;
  }
  isNumberLiteral(): this is ts.NumberLiteralType {
    return (this.flags & TypeFlags.NumberLiteral) !== 0;
  }
  isLiteral(): this is ts.LiteralType {
    return (this.flags & (TypeFlags.StringLiteral | TypeFlags.NumberLiteral | TypeFlags.BigIntLiteral)) !== 0;
  }
  isTypeParameter(): this is ts.TypeParameter {
    return (this.flags & TypeFlags.TypeParameter) !== 0;
  }
  isClassOrInterface(): this is ts.InterfaceType {
    return this.native.isClassOrInterface();
  }
  getSymbol(): ts.Symbol | undefined {
    return this.symbol;
  }
  getFlags(): ts.TypeFlags {
    return this.flags;
  }
  /**
   * What the type's declarations say of its members, when they say it all (ts7-written-shape.ts)
   * and lie in files already fetched: its signatures are then known without a round trip.
   */
  private written(): WrittenShape | undefined {
    return this.once("written", () => {
      if (!(this.flags & TypeFlags.Object) || this.objectFlags & (ObjectFlags.Class | ObjectFlags.Mapped | ObjectFlags.ReverseMapped | ObjectFlags.Tuple)) {
        return undefined;
      }
      const declarations = this.declarations();
      return declarations ? writtenShape(declarations) : undefined;
    });
  }
  /**
   * The nodes that declare the type, when they lie in files already fetched: an object type
   * literal's come from its file's batch (ts7-declared-members.ts) without asking for its symbol.
   */
  private declarations(): ts.Node[] | undefined {
    return this.once("declarations", () => {
      const literal = this.objectFlags & ObjectFlags.Anonymous ? this.views.declaredMembers.literalOfType(this.id) : undefined;
      if (literal) return [literal];
      const handles = (this.symbol as unknown as SymbolView | undefined)?.native.declarations ?? [];
      if (!handles.every((handle) => this.views.isFetched(handle.path))) return undefined;
      const declarations = handles.map((handle) => this.views.resolve(handle));
      return declarations.every((node) => node !== undefined) ? (declarations as ts.Node[]) : undefined;
    });
  }
  getCallSignatures(): readonly ts.Signature[] {
    // A primitive's apparent type (String, Number, ...) and an object literal's type have no call
    // signatures: no need to ask.
    if (isPrimitive(this.flags) || this.objectFlags & ObjectFlags.ObjectLiteral || this.written()?.call === false) return [];
    return this.once("callSignatures", () => this.views.checker.getSignaturesOfType(this.native, SignatureKind.Call).map((s) => this.views.signature(s)));
  }
  getConstructSignatures(): readonly ts.Signature[] {
    if (isPrimitive(this.flags) || this.objectFlags & ObjectFlags.ObjectLiteral || this.written()?.construct === false) return [];
    return this.once("constructSignatures", () =>
      this.views.checker.getSignaturesOfType(this.native, SignatureKind.Construct).map((s) => this.views.signature(s)),
    );
  }
  /** The properties of a plain declared type (ts7-declared-members.ts): not instantiated, one declaration. */
  private declaredProperties(): ts.Symbol[] | undefined {
    const objectFlags = this.objectFlags;
    if (!(this.flags & TypeFlags.Object) || !(objectFlags & (ObjectFlags.Interface | ObjectFlags.Anonymous))) return undefined;
    // An object literal's type has properties of its own (not its written members' symbols).
    if (
      objectFlags &
      (ObjectFlags.Reference | ObjectFlags.Instantiated | ObjectFlags.Class | ObjectFlags.Mapped | ObjectFlags.ReverseMapped | ObjectFlags.ObjectLiteral)
    ) {
      return undefined;
    }
    const declarations = this.declarations();
    return declarations?.length === 1 ? this.views.declaredMembers.propertiesOf(declarations[0]!) : undefined;
  }
  getProperties(): ts.Symbol[] {
    return this.once("properties", () => {
      const declared = this.declaredProperties();
      if (declared) return declared;
      const natives = this.views.checker.getPropertiesOfType(this.native);
      const properties = natives.map((s) => this.views.symbol(s));
      // The analysis asks each property's type next: one round trip for all of them.
      const unknown = properties.flatMap((p, i) => ((p as unknown as SymbolView).typeOfSymbol ? [] : [i]));
      if (unknown.length > 0) {
        const types = this.views.checker.getTypeOfSymbol(unknown.map((i) => natives[i]!));
        unknown.forEach((i, k) => {
          const fetched = types[k];
          if (fetched) (properties[i] as unknown as SymbolView).typeOfSymbol = this.views.type(fetched);
        });
      }
      return properties;
    });
  }
  getIndexInfos(read: () => readonly ts.IndexInfo[]): readonly ts.IndexInfo[] {
    if (this.written()?.index === false) return [];
    return this.once("indexInfos", read);
  }
  getProperty(name: string): ts.Symbol | undefined {
    // A name the type does not write is not its property, unless every object has it (`Object`'s)
    // or, when it is callable, every function.
    const written = this.written();
    if (written?.names && !written.names.has(name) && !written.call && !written.construct && !this.views.objectPropertyNames().has(name)) return undefined;
    // A property listed already (or written by a plain declaration) is the property of that name:
    // check asks the generated `ConformingResults` for each tool's.
    const listed = this.memo.has("properties") ? this.getProperties() : written?.names?.has(name) ? this.declaredProperties() : undefined;
    const found = listed?.find((property) => property.name === name);
    if (found) return found;
    return this.once(`property:${name}`, () => {
      const found = this.views.checker.getPropertyOfType(this.native, name);
      return found ? this.views.symbol(found) : undefined;
    });
  }
  getNonNullableType(): ts.Type {
    return this.views.type(this.views.checker.getNonNullableType(this.native) ?? this.native);
  }
}

const PRIMITIVE =
  TypeFlags.Any |
  TypeFlags.Unknown |
  TypeFlags.StringLike |
  TypeFlags.NumberLike |
  TypeFlags.BigIntLike |
  TypeFlags.BooleanLike |
  TypeFlags.ESSymbolLike |
  TypeFlags.Void |
  TypeFlags.Undefined |
  TypeFlags.Null |
  TypeFlags.Never;
const COMPOSITE = TypeFlags.Object | TypeFlags.Union | TypeFlags.Intersection | TypeFlags.Instantiable;

function isPrimitive(flags: number): boolean {
  return (flags & PRIMITIVE) !== 0 && (flags & COMPOSITE) === 0;
}

/** The native object behind a view. */
function native<T>(view: unknown): T {
  return (view as { native: T }).native;
}

export class Ts7AnalysisChecker implements AnalysisChecker {
  private readonly typeViews = new WeakMap<object, ts.Type>();
  private readonly symbolViews = new WeakMap<object, ts.Symbol>();
  private readonly signatureViews = new WeakMap<object, ts.Signature>();
  private readonly views: Views;
  private readonly origins: UnionOrigins;
  private trueType: ts.Type | undefined;
  private readonly symbolsAtNode = new WeakMap<object, ts.Symbol | null>();
  private readonly typesAtNode = new WeakMap<object, ts.Type>();
  private readonly typesFromTypeNode = new WeakMap<object, ts.Type>();
  private readonly moduleExports = new Map<ts.Symbol, ts.Symbol[]>();
  /** Printed types, by `typeTextKey`: the checker is the snapshot's, and so are its type ids. */
  private readonly typeTexts = new Map<string, string>();
  private readonly intrinsics = new Map<string, ts.Type>();
  private objectNames: Set<string> | undefined;
  private arrayTargetIds: Set<number> | undefined;
  private readonly filesByPath = new Map<string, ReturnType<Project["program"]["getSourceFile"]>>();

  constructor(
    private readonly checker: Checker,
    private readonly project: Project,
    /** The project's own source files, as the analysis reads them. */
    projectFiles: () => readonly ts.SourceFile[] = () => [],
  ) {
    const views: Views = {
      checker,
      type: (t) => this.view(this.typeViews, t, () => new TypeView(t, views) as unknown as ts.Type),
      symbol: (s) => this.view(this.symbolViews, s, () => new SymbolView(s, views) as unknown as ts.Symbol),
      signature: (s) => this.view(this.signatureViews, s, () => new SignatureView(s, views) as unknown as ts.Signature),
      resolve: (handle) => {
        let file = this.filesByPath.get(handle.path);
        if (file === undefined && !this.filesByPath.has(handle.path)) {
          file = project.program.getSourceFile(handle.path);
          this.filesByPath.set(handle.path, file);
        }
        // What `handle.resolve()` does, without asking the program for the file each time.
        return file ? ts6Node((file as unknown as { getOrCreateNodeAtIndex(index: number): unknown }).getOrCreateNodeAtIndex(handle.index)) : undefined;
      },
      isFetched: (path) => this.filesByPath.get(path) !== undefined || !path.includes("/node_modules/"),
      objectPropertyNames: () => {
        // One question a run: the global `Object` interface's properties (a project may add to it).
        this.objectNames ??= new Set(
          checker
            .getPropertiesOfType(
              checker.getDeclaredTypeOfSymbol(
                checker.resolveName("Object", SymbolFlags.Interface as number as Parameters<Checker["resolveName"]>[1], undefined, false)!,
              ),
            )
            .map((p) => p.name),
        );
        return this.objectNames;
      },
      origin: (union) => this.origins.of(union),
      declaredMembers: new DeclaredMembers(
        (names) => {
          this.prefetchSymbols(names);
          return names.map((name) => this.getSymbolAtLocation(name));
        },
        (symbols) => this.prefetchTypesOfSymbols(symbols),
        (nodes) => checker.getTypeAtLocation(nodes.map(ts7Node)).map((type) => (type ? views.type(type) : undefined)),
        (array, element) => {
          if (this.isArrayType(array)) (array as unknown as TypeView).once("typeArguments", () => [element]);
        },
        projectFiles,
      ),
    };
    this.views = views;
    this.origins = new UnionOrigins(checker, project, views.type);
  }

  private view<V>(cache: WeakMap<object, V>, key: object, make: () => V): V {
    let found = cache.get(key);
    if (!found) {
      found = make();
      cache.set(key, found);
    }
    return found;
  }

  private type(t: Ts7Type | undefined): ts.Type {
    return t ? this.views.type(t) : this.getAnyType();
  }

  private intrinsic(name: string, fetch: () => Ts7Type): ts.Type {
    let found = this.intrinsics.get(name);
    if (!found) {
      found = this.views.type(fetch());
      this.intrinsics.set(name, found);
    }
    return found;
  }

  private optionalSymbol(s: Ts7Symbol | undefined): ts.Symbol | undefined {
    return s ? this.views.symbol(s) : undefined;
  }

  declarationsWhere(symbol: ts.Symbol, keep: (fileName: string, kind: ts.SyntaxKind) => boolean): ts.Declaration[] {
    if (symbol instanceof SymbolView) return symbol.declarationsWhere(keep);
    return (symbol.declarations ?? []).filter((declaration) => keep(declaration.getSourceFile().fileName, kindOf(declaration)));
  }

  valueDeclarationSite(symbol: ts.Symbol): { fileName: string; kind: ts.SyntaxKind } | undefined {
    if (symbol instanceof SymbolView) return symbol.valueDeclarationSite;
    const declaration = symbol.valueDeclaration;
    return declaration ? { fileName: declaration.getSourceFile().fileName, kind: kindOf(declaration) } : undefined;
  }

  private readonly defaultLibraryFiles = new Map<string, boolean>();
  isDefaultLibraryFile(fileName: string): boolean {
    let isLibrary = this.defaultLibraryFiles.get(fileName);
    if (isLibrary === undefined) {
      // A few bytes a file, where fetching lib.es5.d.ts to look would be 0.9 MB.
      isLibrary = this.project.program.getSourceFileMetadata(fileName)?.isDefaultLibrary ?? false;
      this.defaultLibraryFiles.set(fileName, isLibrary);
    }
    return isLibrary;
  }

  /**
   * Asks for the symbols of many nodes in one round trip, before the analysis asks for them one
   * by one (what a node's symbol is does not change within the run).
   */
  prefetchSymbols(nodes: readonly ts.Node[]): void {
    const missing = nodes.filter((node) => !this.symbolsAtNode.has(node));
    if (missing.length === 0) return;
    const found = this.checker.getSymbolAtLocation(missing.map(ts7Node));
    missing.forEach((node, index) => {
      const symbol = found[index];
      this.symbolsAtNode.set(node, symbol ? this.views.symbol(symbol) : null);
    });
  }

  /** Asks the types of many symbols in one round trip, before the analysis asks them one by one. */
  private prefetchTypesOfSymbols(symbols: readonly ts.Symbol[]): void {
    const missing = [...new Set(symbols)].filter((symbol) => (symbol as unknown as SymbolView).typeOfSymbol === undefined);
    if (missing.length === 0) return;
    const types = this.checker.getTypeOfSymbol(missing.map((symbol) => native<Ts7Symbol>(symbol)));
    missing.forEach((symbol, index) => {
      const fetched = types[index];
      if (fetched) (symbol as unknown as SymbolView).typeOfSymbol = this.views.type(fetched);
    });
  }

  /**
   * Asks, in one round trip, for the annotations of the variables and parameters of the project
   * these names stand for; `getTypeFromTypeNode` then answers them. The type of an annotation is
   * what `getTypeAtLocation` gives at it (the checker's `getTypeOfNode` answers a type node with
   * `getTypeFromTypeNode`), which the API asks in batches.
   */
  prefetchAnnotationTypes(names: readonly ts.Node[]): void {
    const annotations = new Set<ts.TypeNode>();
    for (const name of names) {
      const symbol = this.symbolsAtNode.get(name);
      const handle = symbol ? native<Ts7Symbol>(symbol).valueDeclaration : undefined;
      // A declaration in a package would fetch its file: only the project's are worth it.
      if (!handle || handle.path.includes("/node_modules/")) continue;
      const declaration = symbol!.valueDeclaration;
      if (declaration && (isVariableDeclaration(declaration) || isParameter(declaration)) && declaration.type) annotations.add(declaration.type);
    }
    const missing = [...annotations].filter((node) => !this.typesFromTypeNode.has(node));
    if (missing.length === 0) return;
    const found = this.checker.getTypeAtLocation(missing.map(ts7Node));
    missing.forEach((node, index) => this.typesFromTypeNode.set(node, this.type(found[index])));
  }

  getSymbolAtLocation(node: ts.Node): ts.Symbol | undefined {
    let found = this.symbolsAtNode.get(node);
    if (found === undefined) {
      found = this.optionalSymbol(this.checker.getSymbolAtLocation(ts7Node(node))) ?? null;
      this.symbolsAtNode.set(node, found);
    }
    return found ?? undefined;
  }
  /** Asks for the types at many nodes in one round trip, before the analysis asks for them one by one. */
  prefetchTypes(nodes: readonly ts.Node[]): void {
    const missing = [...new Set(nodes)].filter((node) => !this.typesAtNode.has(node));
    if (missing.length === 0) return;
    const found = this.checker.getTypeAtLocation(missing.map(ts7Node));
    missing.forEach((node, index) => this.typesAtNode.set(node, this.type(found[index])));
  }
  getTypeAtLocation(node: ts.Node): ts.Type {
    // Kept per node: check asks an exit's type to judge it and again to quote it.
    let found = this.typesAtNode.get(node);
    if (found === undefined) {
      found = this.type(this.checker.getTypeAtLocation(ts7Node(node)));
      this.typesAtNode.set(node, found);
    }
    return found;
  }
  getAliasedSymbol(symbol: ts.Symbol): ts.Symbol {
    // An import is asked what it imports at every use: once a symbol.
    const view = symbol as unknown as SymbolView;
    view.aliased ??= this.views.symbol(this.checker.getAliasedSymbol(native(symbol)));
    return view.aliased;
  }
  getPropertyOfType(type: ts.Type, name: string): ts.Symbol | undefined {
    return (type as unknown as TypeView).getProperty(name);
  }
  getPropertiesOfType(type: ts.Type): ts.Symbol[] {
    return type.getProperties();
  }
  getNonNullableType(type: ts.Type): ts.Type {
    return type.getNonNullableType();
  }
  getTypeOfSymbolAtLocation(symbol: ts.Symbol, node: ts.Node): ts.Type {
    return this.type(this.checker.getTypeOfSymbolAtLocation(native(symbol), ts7Node(node)));
  }
  /** Kept per symbol: the type emitter, the schema emitter and the printed text's walk each ask for every property's type. */
  getTypeOfSymbol(symbol: ts.Symbol): ts.Type {
    const view = symbol as unknown as SymbolView;
    view.typeOfSymbol ??= this.type(this.checker.getTypeOfSymbol(native<Ts7Symbol>(symbol)));
    return view.typeOfSymbol;
  }
  getTypeArguments(type: ts.TypeReference): readonly ts.Type[] {
    const reference = native<Ts7Type>(type);
    if (!reference.isTypeReference()) return [];
    return (type as unknown as TypeView).once("typeArguments", () => this.checker.getTypeArguments(reference).map((t) => this.views.type(t)));
  }
  isArrayType(type: ts.Type): boolean {
    // An array type is a reference (ObjectFlags.Reference, the same in both compilers) whose
    // target is the global Array or ReadonlyArray: the target's id comes with the type, and the two
    // globals' are asked once a run.
    if (!(type.flags & TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ObjectFlags.Reference)) return false;
    const target = native<{ target?: number }>(type).target;
    if (target !== undefined) return this.arrayTargets().has(target);
    return (type as unknown as TypeView).once("isArray", () => this.checker.isArrayType(native(type)));
  }
  private arrayTargets(): ReadonlySet<number> {
    this.arrayTargetIds ??= new Set(
      ["Array", "ReadonlyArray"].flatMap((name) => {
        const symbol = this.checker.resolveName(name, SymbolFlags.Interface as number as Parameters<Checker["resolveName"]>[1], undefined, false);
        return symbol ? [this.checker.getDeclaredTypeOfSymbol(symbol).id] : [];
      }),
    );
    return this.arrayTargetIds;
  }
  isTupleType(type: ts.Type): boolean {
    if (!(type.flags & TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ObjectFlags.Reference)) return false;
    return (type as unknown as TypeView).once("isTuple", () => this.checker.isTupleType(native(type)));
  }
  isArrayLikeType(type: ts.Type): boolean {
    return this.checker.isArrayLikeType(native(type));
  }
  getSignaturesOfType(type: ts.Type, kind: ts.SignatureKind): readonly ts.Signature[] {
    return kind === (SignatureKind.Call as number) ? type.getCallSignatures() : type.getConstructSignatures();
  }
  getReturnTypeOfSignature(signature: ts.Signature): ts.Type {
    return signature.getReturnType();
  }
  getSignatureFromDeclaration(declaration: ts.SignatureDeclaration): ts.Signature | undefined {
    const found = this.checker.getSignatureFromDeclaration(ts7Node(declaration));
    return found ? this.views.signature(found) : undefined;
  }
  /**
   * TypeScript 7's API has no `getAwaitedType`: follow `Promise`/`PromiseLike` type arguments
   * (through unions), which is what an async handler's return type holds.
   */
  getAwaitedType(type: ts.Type): ts.Type | undefined {
    if (type.isUnion()) {
      const members = type.types.map((member) => this.getAwaitedType(member));
      if (members.every((member, index) => member === type.types[index])) return type;
      // `X | Promise<X>` (a helper that returns a value on one path and a promise of it on another)
      // settles to X, a type that exists. Any other union with a promise among its members would
      // need a new union, which the API cannot build.
      const settled = new Set(members);
      return settled.size === 1 ? members[0] : undefined;
    }
    // A promise is a reference to Promise or PromiseLike: anything else needs no question of its symbol.
    if (!(type.flags & TypeFlags.Object) || !((type as ts.ObjectType).objectFlags & ObjectFlags.Reference)) return type;
    const name = type.symbol?.name;
    if (name === "Promise" || name === "PromiseLike") {
      const [inner] = this.getTypeArguments(type as ts.TypeReference);
      return inner ? this.getAwaitedType(inner) : type;
    }
    return type;
  }
  typeToString(type: ts.Type, enclosing?: ts.Node, flags?: ts.TypeFormatFlags): string {
    const request = typeTextRequest(type, enclosing, flags);
    const key = typeTextKey(request);
    let text = this.typeTexts.get(key);
    if (text === undefined) {
      text = this.checker.typeToString(native(type), enclosing ? ts7Node(enclosing) : undefined, flags);
      this.typeTexts.set(key, text);
    }
    return text;
  }
  prefetchTypeTexts(requests: readonly { readonly type: ts.Type; readonly enclosing: ts.Node }[], flags: ts.TypeFormatFlags): void {
    const missing = new Map<string, TypeTextRequest>();
    for (const { type, enclosing } of requests) {
      const request = typeTextRequest(type, enclosing, flags);
      const key = typeTextKey(request);
      if (!this.typeTexts.has(key)) missing.set(key, request);
    }
    if (missing.size === 0) return;
    const texts = typeTexts(this.checker, [...missing.values()]);
    [...missing.keys()].forEach((key, index) => this.typeTexts.set(key, texts[index]!));
  }
  getShorthandAssignmentValueSymbol(node: ts.Node | undefined): ts.Symbol | undefined {
    return node ? this.optionalSymbol(this.checker.getShorthandAssignmentValueSymbol(ts7Node(node))) : undefined;
  }
  getIndexInfosOfType(type: ts.Type): readonly ts.IndexInfo[] {
    return (type as unknown as TypeView).getIndexInfos(() => this.indexInfos(type));
  }
  private indexInfos(type: ts.Type): readonly ts.IndexInfo[] {
    return this.checker.getIndexInfosOfType(native(type)).map(
      (info: Ts7IndexInfo) =>
        ({
          keyType: this.views.type(info.keyType),
          type: this.views.type(info.valueType),
          isReadonly: info.isReadonly,
          declaration: (info.declaration ? this.views.resolve(info.declaration) : undefined) as ts.IndexSignatureDeclaration | undefined,
        }) as ts.IndexInfo,
    );
  }
  getExportsOfModule(moduleSymbol: ts.Symbol): ts.Symbol[] {
    let exports = this.moduleExports.get(moduleSymbol);
    if (!exports) {
      exports = this.checker.getExportsOfModule(native(moduleSymbol)).map((s) => this.views.symbol(s));
      this.moduleExports.set(moduleSymbol, exports);
    }
    return exports;
  }
  /**
   * Asks, in rounds, what the modules of these files export (a payload type is named by its
   * module's export: type-reference.ts asks every file that declares one). Their symbols must be
   * known already (`prefetchSymbols`): a file without one is left out.
   */
  prefetchModuleExports(files: readonly ts.SourceFile[]): void {
    const modules = [...new Set(files.flatMap((file) => this.symbolsAtNode.get(file) ?? []))].filter((symbol) => !this.moduleExports.has(symbol));
    if (modules.length < 2) return;
    prefetchModuleExports(
      this.checker,
      modules.map((symbol) => native<Ts7Symbol>(symbol).id),
      () => {
        for (const symbol of modules) this.getExportsOfModule(symbol);
      },
    );
  }
  isTypeAssignableTo(source: ts.Type, target: ts.Type): boolean {
    return this.checker.isTypeAssignableTo(native(source), native(target));
  }
  getTypeFromTypeNode(node: ts.TypeNode): ts.Type {
    let found = this.typesFromTypeNode.get(node);
    if (found === undefined) {
      found = this.type(this.checker.getTypeFromTypeNode(ts7Node(node) as Parameters<Checker["getTypeFromTypeNode"]>[0]));
      this.typesFromTypeNode.set(node, found);
    }
    return found;
  }
  getBaseTypeOfLiteralType(type: ts.Type): ts.Type {
    return this.type(this.checker.getBaseTypeOfLiteralType(native(type)) ?? native(type));
  }
  getAnyType(): ts.Type {
    return this.intrinsic("Any", () => this.checker.getAnyType());
  }
  getStringType(): ts.Type {
    return this.intrinsic("String", () => this.checker.getStringType());
  }
  getVoidType(): ts.Type {
    return this.intrinsic("Void", () => this.checker.getVoidType());
  }
  getUndefinedType(): ts.Type {
    return this.intrinsic("Undefined", () => this.checker.getUndefinedType());
  }
  getNumberType(): ts.Type {
    return this.intrinsic("Number", () => this.checker.getNumberType());
  }
  getBooleanType(): ts.Type {
    return this.intrinsic("Boolean", () => this.checker.getBooleanType());
  }
  getDeclaredTypeOfSymbol(symbol: ts.Symbol): ts.Type {
    return this.views.type(this.checker.getDeclaredTypeOfSymbol(native(symbol)));
  }
  getResolvedSignature(call: ts.CallLikeExpression): ts.Signature | undefined {
    const found = this.checker.getResolvedSignature(ts7Node(call));
    return found ? this.views.signature(found) : undefined;
  }
  getContextualType(node: ts.Expression): ts.Type | undefined {
    const found = this.checker.getContextualType(ts7Node(node) as unknown as Parameters<Checker["getContextualType"]>[0]);
    return found ? this.views.type(found) : undefined;
  }
  /** Not in TypeScript 7's API: the value type of the index signature whose key is `string` or `number`. */
  getIndexTypeOfType(type: ts.Type, kind: ts.IndexKind): ts.Type | undefined {
    const key = kind === 0 ? TypeFlags.String : TypeFlags.Number;
    const info = this.getIndexInfosOfType(type).find((candidate) => (candidate.keyType.flags & key) !== 0);
    return info?.type;
  }
  /** Not in TypeScript 7's API: `true` is the member of `boolean` whose value is true. */
  getTrueType(): ts.Type {
    this.trueType ??= (this.views.type(this.checker.getBooleanType()) as ts.UnionType).types.find((member) => (member as unknown as TypeView).value === true);
    return this.trueType!;
  }
  /** The project whose program the nodes come from (node handles resolve in it). */
  get ts7Project(): Project {
    return this.project;
  }
}
