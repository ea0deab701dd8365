import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { ts } from "../../compiler.cjs";
import { ElementFlags, ObjectFlags, SignatureKind, SymbolFlags, SyntaxKind, TypeFlags } from "../engine/ts6-enums.generated.js";
import { typescript6 } from "../../typescript6.js";
import type { TypeReference } from "../inventory.js";
import { toPosixPath } from "../paths.js";
import type { AnalysisSession } from "../session.js";
import { compareStrings } from "../../compare-strings.js";
import {
  hasModifier,
  isEnumMember,
  isExternalModule,
  isGetAccessorDeclaration,
  isGlobalAugmentation,
  isModuleBlock,
  isModuleDeclaration,
  isParameter,
  isSourceFile,
  isStringLiteral,
  kindOf,
  modifiersOf,
} from "../engine/ast.js";
import type { AnalysisChecker, AnalysisProgram } from "../engine/engine.js";

/**
 * The payload type written so that generated code can use it from any module of the project:
 * types the project exports are imported (`import("~/src/x.js").Forecast`), package types by a
 * specifier the package's `exports` allow (`import("zod").ZodString`), lib globals plainly
 * (`Date`, `Promise<T>`), and everything else inlined structurally. A type that cannot be named
 * and refers to itself cannot be inlined either: it is written `unknown` and reported.
 *
 * The text is built from the checker's types, never from source text, so it reads the same
 * wherever the type was written. Union members are sorted (null and undefined last): the
 * checker orders them by creation, which depends on what was checked first.
 */

/** A non-exported type that refers to itself, met while inlining (reported as MCPA011). */
export interface UnnameableRecursion {
  name: string;
  declaration: ts.Declaration;
}

export interface EmittedReference {
  reference: TypeReference;
  recursions: UnnameableRecursion[];
}

/** Operator precedence of a piece of type text, to know when it needs parentheses. */
const enum Prec {
  /** Unions, function types, `readonly T[]`: parenthesised inside anything tighter. */
  Loose = 0,
  Intersection = 1,
  Primary = 2,
}

interface Piece {
  text: string;
  prec: Prec;
}

interface Context {
  /** Named types being inlined right now: meeting one again is a recursion we cannot write. */
  inlining: Set<ts.Symbol>;
  /** Type parameters of signatures being written (they print by name). */
  typeParameters: Set<ts.Type>;
  inexact: number;
  recursions: UnnameableRecursion[];
  depth: number;
  /** Pieces left to write: a generic that grows at every level could otherwise fan out without end. */
  budget: number;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Beyond this nesting the type is an endless expansion (`Box<Box<...>>`): give up on that part. */
const MAX_DEPTH = 40;
const MAX_PIECES = 20_000;

export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) || /^(0|[1-9][0-9]*)$/.test(name) ? name : JSON.stringify(name);
}

/** Symbol-keyed (`__@iterator@12`) and `#private` members: neither JSON nor a type literal can carry them. */
export function isUnwritableMemberName(symbol: ts.Symbol): boolean {
  const escaped = symbol.escapedName as string;
  return escaped.startsWith("__@") || escaped.startsWith("__#");
}

export function objectFlags(type: ts.Type): ts.ObjectFlags {
  return type.flags & TypeFlags.Object ? (type as ts.ObjectType).objectFlags : 0;
}

/**
 * A type's properties; those of a mapped type (`Partial<T>`, zod's inferred objects) or an
 * intersection in the order they are declared. A mapped type's keys are a union, and each compiler
 * lists them in its own union order: TypeScript 6 by when each key's literal type was first made
 * (which depends on what was checked before), TypeScript 7 by its own rules; an intersection's
 * properties follow its members, which each orders its own way too. Keys declared nowhere
 * (`Record<"write" | "read", T>`) follow, by name. An object literal that spreads, and an object
 * rest, are listed as TypeScript 7 lists them (`propertiesOfSpreadOrRest`). Other types keep the
 * checker's order (own members as written, then inherited ones), which both compilers share.
 */
export function propertiesInOrder(type: ts.Type, checker: AnalysisChecker): ts.Symbol[] {
  const properties = checker.getPropertiesOfType(type);
  if (properties.length < 2) return properties;
  const ofSpread = checker.propertiesOfSpreadOrRest?.(type, properties);
  if (ofSpread) return ofSpread;
  if (!(objectFlags(type) & ObjectFlags.Mapped || type.flags & TypeFlags.Intersection)) return properties;
  const declared: { property: ts.Symbol; file: string; pos: number; index: number }[] = [];
  const undeclared: ts.Symbol[] = [];
  for (const [index, property] of properties.entries()) {
    const declaration = property.declarations?.[0];
    if (declaration) declared.push({ property, file: declaration.getSourceFile().fileName, pos: declaration.pos, index });
    else undeclared.push(property);
  }
  declared.sort((a, b) => compareStrings(a.file, b.file) || a.pos - b.pos || a.index - b.index);
  return [...declared.map((entry) => entry.property), ...undeclared.sort((a, b) => compareKeyNames(a.name, b.name))];
}

/** Names as the compilers order literal keys: numbers by value, before strings by code unit. */
function compareKeyNames(a: string, b: string): number {
  const [x, y] = [Number(a), Number(b)];
  const [numberA, numberB] = [a !== "" && String(x) === a, b !== "" && String(y) === b];
  if (numberA && numberB) return x - y;
  if (numberA !== numberB) return numberA ? -1 : 1;
  return compareStrings(a, b);
}

/** A class or interface instance type, directly or as an instantiation (`Box<string>`). */
export function classOrInterfaceTarget(type: ts.Type): ts.InterfaceType | undefined {
  const flags = objectFlags(type);
  if (flags & ObjectFlags.ClassOrInterface) return type as ts.InterfaceType;
  if (flags & ObjectFlags.Reference) {
    const target = (type as ts.TypeReference).target;
    if (objectFlags(target) & ObjectFlags.ClassOrInterface) return target;
  }
  return undefined;
}

/** The members of a union as written where the checker kept that (`Sector | null`, not five literals and null). */
export function unionMemberTypes(type: ts.UnionType): readonly ts.Type[] {
  const origin = (type as { origin?: ts.Type }).origin;
  return origin && origin.flags & TypeFlags.Union ? (origin as ts.UnionType).types : type.types;
}

function isReadonlyProperty(symbol: ts.Symbol): boolean {
  const links = symbol as { checkFlags?: number; links?: { checkFlags?: number } };
  // CheckFlags.Readonly (8): `as const`, `Readonly<T>`, mapped `readonly` modifiers.
  if (((links.checkFlags ?? links.links?.checkFlags ?? 0) & 8) !== 0) return true;
  const declarations = symbol.declarations ?? [];
  if (declarations.length === 0) return false;
  const onlyGetters = declarations.every((d) => isGetAccessorDeclaration(d));
  if (onlyGetters) return true;
  return declarations.some((d) => hasModifier(d, SyntaxKind.ReadonlyKeyword));
}

interface PackageInfo {
  dir: string;
  /** The name code imports it by (`@types/node` → `node`). */
  name: string;
  json: { exports?: unknown };
}

/** Every string target of an `exports` value, whatever the conditions. */
function exportTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(exportTargets);
  if (value && typeof value === "object") return Object.values(value).flatMap(exportTargets);
  return [];
}

function exportEntries(exports: unknown): { key: string; targets: string[] }[] {
  if (exports === undefined || exports === null) return [];
  if (typeof exports === "string" || Array.isArray(exports)) return [{ key: ".", targets: exportTargets(exports) }];
  if (typeof exports !== "object") return [];
  const keys = Object.keys(exports);
  if (!keys.some((key) => key.startsWith("."))) return [{ key: ".", targets: exportTargets(exports) }];
  return Object.entries(exports as Record<string, unknown>).map(([key, value]) => ({ key, targets: exportTargets(value) }));
}

/** `dist/x.d.ts` is what `dist/x.js` resolves to: the forms an `exports` target may name the file by. */
function fileVariants(relativeFile: string): string[] {
  const match = /^(.*)\.d\.([mc]?)ts$/.exec(relativeFile);
  if (match) return [relativeFile, `${match[1]}.${match[2]}js`];
  return [relativeFile];
}

/** `.ts` → `.js`, `.mts` → `.mjs`, `.cts` → `.cjs` (declaration files too): the path NodeNext imports a module by. */
export function nodeNextModulePath(path: string): string {
  const declaration = /^(.*)\.d\.([mc]?)ts$/.exec(path);
  if (declaration) return `${declaration[1]}.${declaration[2]}js`;
  const source = /^(.*)\.([mc]?)tsx?$/.exec(path);
  if (source) return `${source[1]}.${source[2]}js`;
  return path;
}

type Container =
  | { kind: "file"; path: string[]; outer: ts.ModuleDeclaration | null }
  | { kind: "global"; path: string[] }
  | { kind: "ambient"; specifier: string; path: string[] };

/** In a declaration file or under `declare`: where namespace members are exported without saying so. */
function isAmbient(node: ts.Node): boolean {
  if (node.getSourceFile().isDeclarationFile) return true;
  for (let current: ts.Node | undefined = node; current && !isSourceFile(current); current = current.parent) {
    if (modifiersOf(current).some((m) => kindOf(m) === SyntaxKind.DeclareKeyword)) return true;
  }
  return false;
}

function isExported(node: ts.Node): boolean {
  return hasModifier(node, SyntaxKind.ExportKeyword);
}

/**
 * Where a declaration lives: a file (possibly inside namespaces, each member exported from the
 * one around it), `declare global`, or `declare module "x"`. Undefined when it is local to a
 * function or block, or hidden in a namespace that does not export it.
 */
function containerOf(declaration: ts.Node): Container | undefined {
  const path: string[] = [];
  let outer: ts.ModuleDeclaration | null = null;
  let child: ts.Node = declaration;
  let node: ts.Node = declaration.parent;
  for (;;) {
    if (isSourceFile(node)) return { kind: "file", path, outer };
    if (isModuleBlock(node)) {
      node = node.parent;
      continue;
    }
    if (!isModuleDeclaration(node)) return undefined;
    if (isStringLiteral(node.name)) return { kind: "ambient", specifier: node.name.text, path };
    if (isGlobalAugmentation(node)) return { kind: "global", path };
    // `namespace A.B {}` exports B from A implicitly; ambient namespaces export every member.
    const dotted = isModuleDeclaration(child) && node.body === child;
    if (!dotted && !isExported(child) && !isAmbient(child)) return undefined;
    path.unshift(node.name.text);
    outer = node;
    child = node;
    node = node.parent;
  }
}

export class TypeReferenceEmitter {
  private readonly checker: AnalysisChecker;
  private readonly program: AnalysisProgram;
  private readonly exactOptional: boolean;
  private readonly undefinedType: ts.Type;
  private readonly trueType: ts.Type;
  private readonly names = new Map<ts.Symbol, string | null>();
  private readonly fileExports = new Map<ts.SourceFile, Map<ts.Symbol, string>>();
  private readonly packages = new Map<string, PackageInfo | null>();
  private readonly resolvedSpecifiers = new Map<string, ts.SourceFile | null>();
  private readonly packageFiles = new WeakMap<ts.SourceFile, boolean>();
  private importer: ts.SourceFile | undefined | null = null;

  constructor(private readonly session: AnalysisSession) {
    this.checker = session.checker;
    this.program = session.program;
    this.exactOptional = session.program.getCompilerOptions().exactOptionalPropertyTypes === true;
    this.undefinedType = this.checker.getUndefinedType();
    this.trueType = this.checker.getTrueType();
  }

  /** The union of a tool's success payload types; null stands for a payload that could not be told (`unknown`). */
  emit(types: readonly (ts.Type | null)[]): EmittedReference {
    const context: Context = { inlining: new Set(), typeParameters: new Set(), inexact: 0, recursions: [], depth: 0, budget: MAX_PIECES };
    const pieces: Piece[] = [];
    let unknown = false;
    const members: ts.Type[] = [];
    for (const type of types) {
      if (type === null) unknown = true;
      else members.push(type);
    }
    if (unknown) pieces.push({ text: "unknown", prec: Prec.Primary });
    this.collectUnion(members, context, pieces);
    const text = this.joinUnion(pieces).text;
    return { reference: { text, exact: context.inexact === 0 }, recursions: context.recursions };
  }

  /**
   * The prefix that names a declared type from any module (`import("~/src/a.js").A`, `import("zod").ZodType`,
   * `Date`), or undefined when it has none and must be inlined.
   */
  nameOf(symbol: ts.Symbol): string | undefined {
    let name = this.names.get(symbol);
    if (name === undefined) {
      name = this.computeName(symbol) ?? null;
      this.names.set(symbol, name);
    }
    return name ?? undefined;
  }

  /** Whether a declaration comes from TypeScript's own lib files (`Date`, `Map`, `Promise`). */
  isLibSymbol(symbol: ts.Symbol): boolean {
    const declaration = symbol.declarations?.[0];
    return declaration !== undefined && this.isLibDeclaration(declaration);
  }

  isLibDeclaration(declaration: ts.Node): boolean {
    return this.program.isSourceFileDefaultLibrary(declaration.getSourceFile());
  }

  private computeName(symbol: ts.Symbol): string | undefined {
    const declaration = symbol.declarations?.[0];
    if (!declaration) return undefined;
    if (isEnumMember(declaration)) {
      const enumSymbol = this.checker.getSymbolAtLocation(declaration.parent.name);
      const prefix = enumSymbol ? this.nameOf(enumSymbol) : undefined;
      if (prefix === undefined) return undefined;
      return IDENTIFIER.test(symbol.name) ? `${prefix}.${symbol.name}` : `${prefix}[${JSON.stringify(symbol.name)}]`;
    }
    const container = containerOf(declaration);
    if (!container) return undefined;
    const file = declaration.getSourceFile();
    const qualified = [...container.path, symbol.name].join(".");
    if (container.kind === "global") return qualified;
    if (container.kind === "ambient") return `import(${JSON.stringify(container.specifier)}).${qualified}`;
    if (!isExternalModule(file)) return qualified;
    // A module: only what it exports can be named.
    const top = container.outer ? this.checker.getSymbolAtLocation(container.outer.name) : symbol;
    if (!top) return undefined;
    if (this.isPackageFile(file)) {
      const found = this.packageExport(top, file);
      return found
        ? `import(${JSON.stringify(found.specifier)}).${[found.name, ...container.path.slice(1), ...(container.outer ? [symbol.name] : [])].join(".")}`
        : undefined;
    }
    const exportName = this.exportsOf(file).get(top);
    if (exportName === undefined) return undefined;
    const inner = container.outer ? [...container.path.slice(1), symbol.name] : [];
    return `import(${JSON.stringify(`~/${nodeNextModulePath(this.session.relativePath(file.fileName))}`)}).${[exportName, ...inner].join(".")}`;
  }

  private isPackageFile(file: ts.SourceFile): boolean {
    let known = this.packageFiles.get(file);
    if (known === undefined) {
      // TypeScript 7 keeps its lib files in a package of its own (`node_modules/@typescript/...`): they are still lib, not a package.
      known = !this.isLibDeclaration(file) && (/[\\/]node_modules[\\/]/.test(file.fileName) || this.program.isSourceFileFromExternalLibrary(file));
      this.packageFiles.set(file, known);
    }
    return known;
  }

  /** Every symbol a module exports, by the symbol it denotes, with the name it is exported under. */
  private exportsOf(file: ts.SourceFile): Map<ts.Symbol, string> {
    let exports = this.fileExports.get(file);
    if (exports) return exports;
    exports = new Map();
    const moduleSymbol = this.checker.getSymbolAtLocation(file);
    for (const exported of moduleSymbol ? this.checker.getExportsOfModule(moduleSymbol) : []) {
      const target = exported.flags & SymbolFlags.Alias ? this.checker.getAliasedSymbol(exported) : exported;
      const known = exports.get(target);
      if (known === undefined || (exported.name === target.name && known !== target.name) || (known === "default" && exported.name !== "default")) {
        exports.set(target, exported.name);
      }
    }
    this.fileExports.set(file, exports);
    return exports;
  }

  private packageOf(file: ts.SourceFile): PackageInfo | undefined {
    const path = file.fileName.replace(/\\/g, "/");
    const at = path.lastIndexOf("/node_modules/");
    if (at === -1) return undefined;
    const rest = path.slice(at + "/node_modules/".length).split("/");
    const folderName = rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (!folderName) return undefined;
    const dir = `${path.slice(0, at)}/node_modules/${folderName}`;
    let info = this.packages.get(dir);
    if (info === undefined) {
      let json: { exports?: unknown };
      try {
        json = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { exports?: unknown };
      } catch {
        json = {};
      }
      const types = /^@types\/(.+)$/.exec(folderName);
      const name = types?.[1] ? (types[1].includes("__") ? `@${types[1].replace("__", "/")}` : types[1]) : folderName;
      info = { dir, name, json };
      this.packages.set(dir, info);
    }
    return info ?? undefined;
  }

  /** The specifier and export name by which the project could import a package's symbol, if any. */
  private packageExport(symbol: ts.Symbol, file: ts.SourceFile): { specifier: string; name: string } | undefined {
    const info = this.packageOf(file);
    if (!info) return undefined;
    const relativeFile = toPosixPath(relative(info.dir, file.fileName));
    const variants = fileVariants(relativeFile);
    const own: string[] = [];
    const others: string[] = [];
    const entries = exportEntries(info.json.exports);
    if (entries.length === 0) {
      others.push(info.name);
      own.push(`${info.name}/${nodeNextModulePath(relativeFile)}`);
    }
    for (const { key, targets } of entries) {
      if (!key.startsWith(".")) continue;
      const subpath = key === "." ? info.name : `${info.name}${key.slice(1)}`;
      if (!key.includes("*")) {
        if (targets.some((target) => variants.includes(target.replace(/^\.\//, "")))) own.push(subpath);
        else others.push(subpath);
        continue;
      }
      for (const target of targets) {
        const [prefix, suffix, extra] = target.replace(/^\.\//, "").split("*");
        if (prefix === undefined || suffix === undefined || extra !== undefined) continue;
        for (const variant of variants) {
          if (variant.length >= prefix.length + suffix.length && variant.startsWith(prefix) && variant.endsWith(suffix)) {
            own.push(subpath.replace("*", variant.slice(prefix.length, variant.length - suffix.length)));
          }
        }
      }
    }
    // The package root reads best; then the entry that is this very file; then any other entry.
    const root = others.includes(info.name) ? [info.name] : [];
    // Runtime targets (`types.js`) before types-only ones (`types`): the specifier code would import.
    const runtimeFirst = (a: string, b: string) => Number(!/\.[mc]?js$/.test(a)) - Number(!/\.[mc]?js$/.test(b)) || compareStrings(a, b);
    const ordered = [
      ...new Set([...root, ...own.sort(runtimeFirst), ...others.filter((s) => s !== info.name).sort((a, b) => a.length - b.length || compareStrings(a, b))]),
    ];
    for (const specifier of ordered) {
      const module = this.resolveSpecifier(specifier);
      const name = module ? this.exportsOf(module).get(symbol) : undefined;
      if (name !== undefined) return { specifier, name };
    }
    return undefined;
  }

  /** The source file a bare specifier resolves to from the project, if the program holds it (nothing is parsed here). */
  private resolveSpecifier(specifier: string): ts.SourceFile | undefined {
    let file = this.resolvedSpecifiers.get(specifier);
    if (file !== undefined) return file ?? undefined;
    if (this.importer === null) this.importer = this.session.userSourceFiles()[0];
    const importer = this.importer;
    const containing = importer?.fileName ?? join(this.session.rootDir, "index.ts");
    const resolved = typescript6().resolveModuleName(
      specifier,
      containing,
      this.program.getCompilerOptions(),
      typescript6().sys,
      undefined,
      undefined,
      importer?.impliedNodeFormat,
    );
    const fileName = resolved.resolvedModule?.resolvedFileName;
    file = (fileName ? this.program.getSourceFile(fileName) : undefined) ?? null;
    this.resolvedSpecifiers.set(specifier, file);
    return file ?? undefined;
  }

  // ---------------------------------------------------------------------------------------------

  private joinUnion(pieces: Piece[]): Piece {
    const texts = [...new Set(pieces.map((p) => p.text))];
    if (texts.includes("any")) return { text: "any", prec: Prec.Primary };
    if (texts.includes("unknown")) return { text: "unknown", prec: Prec.Primary };
    const kept = texts.length > 1 ? texts.filter((t) => t !== "never") : texts;
    if (kept.length === 0) return { text: "never", prec: Prec.Primary };
    const rank = (text: string) => (text === "null" ? 1 : text === "undefined" ? 2 : 0);
    kept.sort((a, b) => rank(a) - rank(b) || compareStrings(a, b));
    if (kept.length === 1) {
      const only = pieces.find((p) => p.text === kept[0]);
      return only ?? { text: kept[0] ?? "never", prec: Prec.Primary };
    }
    const wrapped = kept.map((text) => {
      const piece = pieces.find((p) => p.text === text);
      return piece && piece.prec < Prec.Intersection ? wrapText(piece) : text;
    });
    return { text: wrapped.join(" | "), prec: Prec.Loose };
  }

  /** Flatten union members (stopping at names we can write) into pieces; `true | false` reads `boolean`. */
  private collectUnion(types: readonly ts.Type[], context: Context, into: Piece[]): void {
    let sawTrue = false;
    let sawFalse = false;
    const walk = (members: readonly ts.Type[]): void => {
      for (const member of members) {
        if (member.flags & TypeFlags.BooleanLiteral) {
          if (this.isTrue(member)) sawTrue = true;
          else sawFalse = true;
          continue;
        }
        if (member.flags & TypeFlags.Boolean) {
          sawTrue = sawFalse = true;
          continue;
        }
        if (member.isUnion() && !this.namedUnion(member)) {
          // An alias we cannot name is inlined member by member, under the same self-reference guard.
          const alias = member.aliasSymbol;
          if (alias && context.inlining.has(alias)) {
            into.push(this.inlineNamed(alias, context, () => ({ text: "unknown", prec: Prec.Primary })));
            continue;
          }
          if (alias) context.inlining.add(alias);
          walk(unionMemberTypes(member));
          if (alias) context.inlining.delete(alias);
          continue;
        }
        into.push(this.piece(member, context));
      }
    };
    walk(types);
    if (sawTrue && sawFalse) into.push({ text: "boolean", prec: Prec.Primary });
    else if (sawTrue) into.push({ text: "true", prec: Prec.Primary });
    else if (sawFalse) into.push({ text: "false", prec: Prec.Primary });
  }

  private isTrue(type: ts.Type): boolean {
    return type === this.trueType || (type as { intrinsicName?: string }).intrinsicName === "true";
  }

  /** A union that is written by its name rather than member by member (an exported alias or enum). */
  private namedUnion(type: ts.UnionType): boolean {
    if (type.flags & TypeFlags.Boolean) return false;
    if (type.aliasSymbol && this.aliasIsNameable(type)) return true;
    return type.symbol !== undefined && (type.symbol.flags & SymbolFlags.Enum) !== 0 && this.nameOf(type.symbol) !== undefined;
  }

  private aliasIsNameable(type: ts.Type): boolean {
    const alias = type.aliasSymbol;
    if (!alias || this.nameOf(alias) === undefined) return false;
    // A package's generic alias is a type function (`z.infer<typeof X>`): its result reads better than its call.
    const declaration = alias.declarations?.[0];
    if ((type.aliasTypeArguments?.length ?? 0) > 0 && declaration && this.isPackageFile(declaration.getSourceFile())) return false;
    return true;
  }

  private piece(type: ts.Type, context: Context): Piece {
    if (context.depth > MAX_DEPTH || --context.budget < 0) {
      context.inexact++;
      return { text: "unknown", prec: Prec.Primary };
    }
    context.depth++;
    try {
      return this.pieceOf(type, context);
    } finally {
      context.depth--;
    }
  }

  private text(type: ts.Type, context: Context): string {
    return this.piece(type, context).text;
  }

  private pieceOf(type: ts.Type, context: Context): Piece {
    const flags = type.flags;
    const primary = (text: string): Piece => ({ text, prec: Prec.Primary });
    if (flags & TypeFlags.Any) return primary("any");
    if (flags & TypeFlags.Unknown) return primary("unknown");
    if (flags & TypeFlags.String) return primary("string");
    if (flags & TypeFlags.Number) return primary("number");
    if (flags & TypeFlags.Boolean) return primary("boolean");
    if (flags & TypeFlags.BigInt) return primary("bigint");
    if (flags & TypeFlags.Void) return primary("void");
    if (flags & TypeFlags.Undefined) return primary("undefined");
    if (flags & TypeFlags.Null) return primary("null");
    if (flags & TypeFlags.Never) return primary("never");
    if (flags & TypeFlags.ESSymbol) return primary("symbol");
    if (flags & TypeFlags.UniqueESSymbol) {
      context.inexact++;
      return primary("symbol");
    }
    if (flags & TypeFlags.NonPrimitive) return primary("object");
    if (flags & TypeFlags.EnumLiteral && !(flags & TypeFlags.Union) && type.symbol) {
      const named = this.nameOf(type.symbol);
      if (named !== undefined) return primary(named);
    }
    if (type.isStringLiteral()) return primary(JSON.stringify(type.value));
    if (type.isNumberLiteral()) return primary(String(type.value));
    if (flags & TypeFlags.BigIntLiteral) {
      const value = (type as ts.BigIntLiteralType).value;
      return primary(`${value.negative ? "-" : ""}${value.base10Value}n`);
    }
    if (flags & TypeFlags.BooleanLiteral) return primary(this.isTrue(type) ? "true" : "false");
    if (flags & TypeFlags.TemplateLiteral) {
      const template = type as ts.TemplateLiteralType;
      const escape = (text: string) => text.replace(/[`\\]|\$\{/g, (m) => `\\${m}`);
      let text = `\`${escape(template.texts[0] ?? "")}`;
      template.types.forEach((part, index) => {
        text += `\${${this.text(part, context)}}${escape(template.texts[index + 1] ?? "")}`;
      });
      return primary(`${text}\``);
    }
    if (flags & TypeFlags.StringMapping) {
      const mapping = type as ts.StringMappingType;
      return primary(`${mapping.symbol.name}<${this.text(mapping.type, context)}>`);
    }
    if (flags & TypeFlags.TypeParameter) {
      if (context.typeParameters.has(type) && type.symbol) return primary(type.symbol.name);
      context.inexact++;
      return primary("unknown");
    }

    // Named: an alias we can write, with its arguments.
    const aliased = this.namedAlias(type, context);
    if (aliased) return aliased;

    if (type.isUnion()) {
      if (type.symbol && type.symbol.flags & SymbolFlags.Enum) {
        const named = this.nameOf(type.symbol);
        if (named !== undefined) return primary(named);
      }
      return this.inlineNamed(type.aliasSymbol, context, () => {
        const pieces: Piece[] = [];
        this.collectUnion(unionMemberTypes(type), context, pieces);
        return this.joinUnion(pieces);
      });
    }
    if (type.isIntersection()) {
      return this.inlineNamed(type.aliasSymbol, context, () => {
        const parts = type.types.map((member) => this.piece(member, context));
        return { text: parts.map((p) => (p.prec < Prec.Intersection ? wrapText(p) : p.text)).join(" & "), prec: Prec.Intersection };
      });
    }
    if (flags & TypeFlags.Object) return this.objectPiece(type as ts.ObjectType, context);
    // Deferred conditional, indexed-access or `keyof` types only remain around free type parameters.
    context.inexact++;
    return primary("unknown");
  }

  /** `Name<Args>` for an alias that can be named; undefined to inline its structure instead. */
  private namedAlias(type: ts.Type, context: Context): Piece | undefined {
    const alias = type.aliasSymbol;
    if (!alias || !this.aliasIsNameable(type)) return undefined;
    const name = this.nameOf(alias);
    if (name === undefined) return undefined;
    const args = type.aliasTypeArguments ?? [];
    if (args.length === 0) return { text: name, prec: Prec.Primary };
    const before = { inexact: context.inexact, recursions: context.recursions.length };
    const texts = args.map((arg) => this.text(arg, context));
    if (context.inexact > before.inexact) {
      // An argument that cannot be written (`typeof x`): the alias's result may still be.
      context.inexact = before.inexact;
      context.recursions.length = before.recursions;
      return undefined;
    }
    return { text: `${name}<${texts.join(", ")}>`, prec: Prec.Primary };
  }

  /** Inline the structure of a type that carries a name we cannot write, guarding against self-reference. */
  private inlineNamed(symbol: ts.Symbol | undefined, context: Context, inline: () => Piece): Piece {
    if (!symbol) return inline();
    if (context.inlining.has(symbol)) {
      context.inexact++;
      const declaration = symbol.declarations?.[0];
      if (declaration) context.recursions.push({ name: symbol.name, declaration });
      return { text: "unknown", prec: Prec.Primary };
    }
    context.inlining.add(symbol);
    try {
      return inline();
    } finally {
      context.inlining.delete(symbol);
    }
  }

  private objectPiece(type: ts.ObjectType, context: Context): Piece {
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      const item = element ? this.piece(element, context) : { text: "unknown", prec: Prec.Primary };
      const readonly = type.symbol?.name === "ReadonlyArray";
      const text = `${item.prec < Prec.Primary ? wrapText(item) : item.text}[]`;
      return readonly ? { text: `readonly ${text}`, prec: Prec.Loose } : { text, prec: Prec.Primary };
    }
    if (this.checker.isTupleType(type)) return this.tuplePiece(type as ts.TupleTypeReference, context);

    const target = classOrInterfaceTarget(type);
    if (target) {
      const name = this.nameOf(target.symbol);
      if (name !== undefined) {
        const count = target.typeParameters?.length ?? 0;
        const args = count > 0 ? this.checker.getTypeArguments(type as ts.TypeReference).slice(0, count) : [];
        return { text: args.length > 0 ? `${name}<${args.map((a) => this.text(a, context)).join(", ")}>` : name, prec: Prec.Primary };
      }
      return this.inlineNamed(target.symbol, context, () => this.structure(type, context));
    }
    return this.inlineNamed(type.aliasSymbol, context, () => this.structure(type, context));
  }

  private tuplePiece(type: ts.TupleTypeReference, context: Context): Piece {
    const target = type.target;
    const elements = this.checker.getTypeArguments(type).slice(0, target.elementFlags.length);
    const parts = elements.map((element, index) => {
      const flag = target.elementFlags[index] ?? ElementFlags.Required;
      if (flag & ElementFlags.Optional) {
        return `${this.withoutMissing(element, context)}?`;
      }
      const piece = this.piece(element, context);
      if (flag & ElementFlags.Rest) return `...${piece.prec < Prec.Primary ? wrapText(piece) : piece.text}[]`;
      if (flag & ElementFlags.Variadic) return `...${piece.text}`;
      return piece.text;
    });
    const text = `[${parts.join(", ")}]`;
    return target.readonly ? { text: `readonly ${text}`, prec: Prec.Loose } : { text, prec: Prec.Primary };
  }

  /** The type of an optional member without the `undefined` its optionality adds (exactOptionalPropertyTypes-aware). */
  private withoutMissing(type: ts.Type, context: Context, keepExplicit = this.exactOptional): string {
    if (!type.isUnion()) {
      if (type.flags & TypeFlags.Undefined && !(keepExplicit && type === this.undefinedType)) return "never";
      return this.text(type, context);
    }
    const kept = unionMemberTypes(type).filter((member) => !(member.flags & TypeFlags.Undefined) || (keepExplicit && member === this.undefinedType));
    const pieces: Piece[] = [];
    this.collectUnion(kept, context, pieces);
    return this.joinUnion(pieces).text;
  }

  private structure(type: ts.Type, context: Context): Piece {
    const checker = this.checker;
    const calls = checker.getSignaturesOfType(type, SignatureKind.Call);
    const constructs = checker.getSignaturesOfType(type, SignatureKind.Construct);
    const indexInfos = checker.getIndexInfosOfType(type);
    const properties = propertiesInOrder(type, checker);
    if (calls.length === 1 && constructs.length === 0 && indexInfos.length === 0 && properties.length === 0 && calls[0]) {
      return { text: this.signatureText(calls[0], context, "=>"), prec: Prec.Loose };
    }
    const members: string[] = [];
    for (const signature of calls) members.push(this.signatureText(signature, context, ":"));
    for (const signature of constructs) members.push(`new ${this.signatureText(signature, context, ":")}`);
    for (const info of indexInfos) {
      members.push(`${info.isReadonly ? "readonly " : ""}[key: ${this.text(info.keyType, context)}]: ${this.text(info.type, context)}`);
    }
    // Properties that say only "absent" (`b?: never`, which a union of object literals gives each
    // member for the others' properties) go last, by name: the compilers list them in different places.
    const absent: { name: string; text: string }[] = [];
    for (const property of properties) {
      if (isUnwritableMemberName(property)) {
        context.inexact++;
        continue;
      }
      const optional = (property.flags & SymbolFlags.Optional) !== 0;
      const propertyType = checker.getTypeOfSymbol(property);
      const text = optional ? this.withoutMissing(propertyType, context) : this.text(propertyType, context);
      const member = `${isReadonlyProperty(property) ? "readonly " : ""}${propertyKey(property.name)}${optional ? "?" : ""}: ${text}`;
      if (optional && (text === "never" || text === "undefined")) absent.push({ name: property.name, text: member });
      else members.push(member);
    }
    members.push(...absent.sort((a, b) => compareStrings(a.name, b.name)).map((member) => member.text));
    return { text: members.length === 0 ? "{}" : `{ ${members.join("; ")} }`, prec: Prec.Primary };
  }

  private signatureText(signature: ts.Signature, context: Context, arrow: "=>" | ":"): string {
    const typeParameters = signature.getTypeParameters() ?? [];
    for (const parameter of typeParameters) context.typeParameters.add(parameter);
    try {
      const params = signature.getParameters().map((parameter, index) => {
        const declaration = parameter.valueDeclaration;
        const isParameterDeclaration = declaration !== undefined && isParameter(declaration);
        const rest = isParameterDeclaration && declaration.dotDotDotToken !== undefined;
        const optional = isParameterDeclaration && !rest && (declaration.questionToken !== undefined || declaration.initializer !== undefined);
        const name = IDENTIFIER.test(parameter.name) ? parameter.name : `arg${index}`;
        const type = this.checker.getTypeOfSymbol(parameter);
        const text = optional ? this.withoutMissing(type, context, false) : this.text(type, context);
        return `${rest ? "..." : ""}${name}${optional ? "?" : ""}: ${text}`;
      });
      const generics = typeParameters.length > 0 ? `<${typeParameters.map((p) => p.symbol.name).join(", ")}>` : "";
      const returned = this.piece(signature.getReturnType(), context);
      return `${generics}(${params.join(", ")}) ${arrow} ${arrow === "=>" && returned.prec < Prec.Intersection ? wrapText(returned) : returned.text}`;
    } finally {
      for (const parameter of typeParameters) context.typeParameters.delete(parameter);
    }
  }
}

function wrapText(piece: Piece): string {
  return `(${piece.text})`;
}
