import type { ts } from "../../compiler.cjs";
// The members of these enums read here have TypeScript 6's values in TypeScript 7 (engine-ts7-api.test.ts).
import { NodeBuilderFlags, SymbolFlags, SyntaxKind, TypeFlags } from "./ts6-enums.generated.js";
import type { Checker, Project, Symbol as Ts7Symbol, Type as Ts7Type } from "typescript7/unstable/sync";
import { kindOf } from "./ast.js";

type Ts7Node = Parameters<Checker["getTypeFromTypeNode"]>[0];

/** A union's `origin` rebuilt for TypeScript 7's views (ts7-checker.ts), which its API does not give. */
export class UnionOrigins {
  constructor(
    private readonly checker: Checker,
    private readonly project: Project,
    private readonly view: (type: Ts7Type) => ts.Type,
  ) {}

  /**
   * TypeScript 6 keeps, beside a union's flat members, the members as they were joined (`origin`):
   * `PhaseStatus | null` rather than eight literals and null, which is how a named union stays
   * named when printed. TypeScript 7's API does not give it, but its printer reads it: print the
   * union with every name qualified by its module (`import("/abs/state").PhaseStatus | null`),
   * find each named member's declared type, and keep it when its members are the union's. Members
   * with type arguments, or names that cannot be found, stay flat; then none is found: undefined.
   */
  of(union: Ts7Type): ts.Type | undefined {
    if (!union.isUnionType()) return undefined;
    const flat = union.getTypes();
    if (flat.length < 2) return undefined;
    const node = this.checker.typeToTypeNode(
      union,
      undefined,
      NodeBuilderFlags.NoTruncation |
        NodeBuilderFlags.UseFullyQualifiedType |
        NodeBuilderFlags.InTypeAlias |
        NodeBuilderFlags.UseAliasDefinedOutsideCurrentScope,
    ) as unknown as { kind: number; types?: ArrayLike<OriginMemberNode> } | undefined;
    if (!node || kindOf(node as unknown as ts.Node) !== SyntaxKind.UnionType || !node.types) return undefined;
    const ids = new Set(flat.map((member) => member.id));
    const named: Ts7Type[] = [];
    const covered = new Set<number>();
    for (const member of Array.from(node.types)) {
      if (member.typeArguments && member.typeArguments.length > 0) continue;
      for (const symbol of this.originSymbols(member)) {
        const declared = this.checker.getDeclaredTypeOfSymbol(symbol);
        if (!declared.isUnionType()) continue;
        const members = declared.getTypes();
        if (members.every((m) => ids.has(m.id))) {
          named.push(declared);
          for (const m of members) covered.add(m.id);
          break;
        }
      }
    }
    if (named.length === 0) return undefined;
    const types = [...named, ...flat.filter((member) => !covered.has(member.id))].map((t) => this.view(t));
    return { flags: TypeFlags.Union as number, types } as unknown as ts.Type;
  }

  /**
   * The symbols a printed type name may denote: `import("/abs/file").A.B`, a global `A.B`, or a
   * bare `A` that the printer found accessible, which may be any module's export of that name.
   */
  private originSymbols(member: OriginMemberNode): Ts7Symbol[] {
    let path: string[];
    let scope: Ts7Symbol | undefined;
    if (kindOf(member as unknown as ts.Node) === SyntaxKind.ImportType) {
      const specifier = member.argument?.literal?.text;
      const file = specifier === undefined ? undefined : this.fileOfModulePath(specifier);
      if (!file || !member.qualifier) return [];
      scope = this.checker.getSymbolAtLocation(file as unknown as Ts7Node);
      path = qualifiedPath(member.qualifier);
    } else if (kindOf(member as unknown as ts.Node) === SyntaxKind.TypeReference && member.typeName) {
      path = qualifiedPath(member.typeName);
      const [first] = path;
      if (first === undefined) return [];
      scope = this.checker.resolveName(first, path.length > 1 ? SymbolFlags.Namespace : SymbolFlags.Type | SymbolFlags.Enum);
      if (!scope && path.length === 1) return this.projectExportsNamed(first);
      path = path.slice(1);
    } else return [];
    for (const name of path) {
      if (!scope) return [];
      const found = this.checker.getExportsOfModule(scope).find((candidate) => candidate.name === name);
      scope = found && found.flags & SymbolFlags.Alias ? this.checker.getAliasedSymbol(found) : found;
    }
    return scope && scope.flags & (SymbolFlags.TypeAlias | SymbolFlags.Enum) ? [scope] : [];
  }

  private projectExports: Map<string, Ts7Symbol[]> | undefined;

  /** The type aliases and enums the project's own modules export under `name` (read once, on first need). */
  private projectExportsNamed(name: string): Ts7Symbol[] {
    if (!this.projectExports) {
      this.projectExports = new Map();
      for (const fileName of this.project.program.getSourceFileNames()) {
        if (/[\\/]node_modules[\\/]/.test(fileName)) continue;
        const file = this.project.program.getSourceFile(fileName);
        const moduleSymbol = file ? this.checker.getSymbolAtLocation(file as unknown as Ts7Node) : undefined;
        if (!moduleSymbol) continue;
        for (const exported of this.checker.getExportsOfModule(moduleSymbol)) {
          const target = exported.flags & SymbolFlags.Alias ? this.checker.getAliasedSymbol(exported) : exported;
          if (!(target.flags & (SymbolFlags.TypeAlias | SymbolFlags.Enum))) continue;
          const known = this.projectExports.get(exported.name) ?? [];
          if (!known.includes(target)) known.push(target);
          this.projectExports.set(exported.name, known);
        }
      }
    }
    return this.projectExports.get(name) ?? [];
  }

  private modulePaths: Map<string, string> | undefined;

  /** The program's file a printed module path (no extension) names. */
  private fileOfModulePath(specifier: string): unknown {
    if (!this.modulePaths) {
      this.modulePaths = new Map();
      for (const name of this.project.program.getSourceFileNames()) {
        const bare = name.replace(/(\.d)?\.[mc]?[tj]sx?$/, "");
        if (!this.modulePaths.has(bare)) this.modulePaths.set(bare, name);
      }
    }
    const name = this.modulePaths.get(specifier);
    return name === undefined ? undefined : this.project.program.getSourceFile(name);
  }
}

/** A member of a union as TypeScript 7's printer builds it: a type reference or an import type. */
interface OriginMemberNode {
  kind: number;
  typeName?: QualifiedNameNode;
  qualifier?: QualifiedNameNode;
  argument?: { literal?: { text?: string } };
  typeArguments?: ArrayLike<unknown>;
}

interface QualifiedNameNode {
  kind: number;
  text?: string;
  left?: QualifiedNameNode;
  right?: QualifiedNameNode;
}

function qualifiedPath(name: QualifiedNameNode): string[] {
  if (kindOf(name as unknown as ts.Node) === SyntaxKind.QualifiedName && name.left && name.right)
    return [...qualifiedPath(name.left), ...qualifiedPath(name.right)];
  return name.text === undefined ? [] : [name.text];
}
