import { ts } from "ts-morph";
import {
  forEachChild,
  isIdentifier,
  isInterfaceDeclaration,
  isModuleBlock,
  isModuleDeclaration,
  isStringLiteral,
  isTypeAliasDeclaration,
  isTypeLiteralNode,
  kindOf,
} from "./ast.js";

/**
 * The properties of a plain declared object type, read off its declaration instead of asked of the
 * compiler one type at a time: on TypeScript 7 each type's properties and their types are two
 * round trips, and the schemas walk every result interface and the object literals types inside
 * it. The first time a type declared in a file is asked, the names of every plain declaration's
 * members in that file are asked for their symbols in one batch, and those symbols for their types
 * in another, and its object type literals for their types (which tells a literal's type by its id).
 *
 * Plain: an interface without `extends` or type parameters, or an object type literal, whose every
 * member is named by an identifier or a string. Its properties are then its members' own symbols,
 * in the order written (as the compiler lists them), each once (a getter and a setter are one).
 */
export class DeclaredMembers {
  private readonly filesDone = new WeakSet<ts.SourceFile>();
  private readonly literalsByTypeId = new Map<number, ts.Node>();

  constructor(
    private readonly symbolsOf: (names: readonly ts.Node[]) => readonly (ts.Symbol | undefined)[],
    private readonly prefetchTypes: (symbols: readonly ts.Symbol[]) => void,
    private readonly typeIdsOf: (literals: readonly ts.Node[]) => readonly (number | undefined)[],
  ) {}

  /**
   * The object type literal a type was read from, when its file has been batched: so that its
   * declaration is known without asking for its symbol (`{ id: string }` in `items: Array<{ id: string }>`).
   */
  literalOfType(id: number): ts.Node | undefined {
    return this.literalsByTypeId.get(id);
  }

  /** The properties of the type `declaration` declares, or undefined when the compiler must say. */
  propertiesOf(declaration: ts.Node): ts.Symbol[] | undefined {
    const names = plainMemberNames(declaration);
    if (names === undefined) return undefined;
    this.prefetchFile(declaration.getSourceFile());
    const symbols = this.symbolsOf(names);
    if (symbols.some((symbol) => symbol === undefined)) return undefined;
    return [...new Set(symbols as ts.Symbol[])];
  }

  private prefetchFile(file: ts.SourceFile): void {
    if (this.filesDone.has(file)) return;
    this.filesDone.add(file);
    const names: ts.Node[] = [];
    const literals: ts.Node[] = [];
    const inType = (node: ts.Node): void => {
      if (isTypeLiteralNode(node)) {
        names.push(...(plainMemberNames(node) ?? []));
        literals.push(node);
      }
      forEachChild(node, inType);
    };
    const inStatements = (statements: readonly ts.Statement[]): void => {
      for (const statement of statements) {
        if (isInterfaceDeclaration(statement)) {
          names.push(...(plainMemberNames(statement) ?? []));
          for (const member of statement.members) forEachChild(member, inType);
        } else if (isTypeAliasDeclaration(statement)) {
          inType(statement.type);
        } else if (isModuleDeclaration(statement) && statement.body && isModuleBlock(statement.body)) {
          inStatements(statement.body.statements);
        }
      }
    };
    inStatements(file.statements);
    if (literals.length > 0) this.typeIdsOf(literals).forEach((id, index) => id !== undefined && this.literalsByTypeId.set(id, literals[index]!));
    const symbols = this.symbolsOf(names).filter((symbol): symbol is ts.Symbol => symbol !== undefined);
    this.prefetchTypes(symbols);
  }
}

const PROPERTY_MEMBERS = new Set([ts.SyntaxKind.PropertySignature, ts.SyntaxKind.MethodSignature, ts.SyntaxKind.GetAccessor, ts.SyntaxKind.SetAccessor]);
const SIGNATURE_MEMBERS = new Set([ts.SyntaxKind.CallSignature, ts.SyntaxKind.ConstructSignature, ts.SyntaxKind.IndexSignature]);

/** The name nodes of a plain declaration's property members, in order; undefined when it is not plain. */
function plainMemberNames(declaration: ts.Node): ts.Node[] | undefined {
  let members: ts.NodeArray<ts.TypeElement>;
  if (isInterfaceDeclaration(declaration) && !declaration.heritageClauses?.length && !declaration.typeParameters?.length) members = declaration.members;
  else if (isTypeLiteralNode(declaration)) members = declaration.members;
  else return undefined;
  const names: ts.Node[] = [];
  for (const member of members) {
    const kind = kindOf(member);
    if (SIGNATURE_MEMBERS.has(kind)) continue;
    const name = member.name;
    if (!PROPERTY_MEMBERS.has(kind) || name === undefined || !(isIdentifier(name) || isStringLiteral(name))) return undefined;
    names.push(name);
  }
  return names;
}
