import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "./ts6-enums.generated.js";
import {
  forEachChild,
  isIdentifier,
  isInterfaceDeclaration,
  isModuleBlock,
  isModuleDeclaration,
  isStringLiteral,
  isArrayTypeNode,
  isTypeAliasDeclaration,
  isTypeLiteralNode,
  isTypeOperatorNode,
  isTypeReferenceNode,
  kindField,
  kindOf,
} from "./ast.js";

/**
 * The properties of a plain declared object type, read off its declaration instead of asked of the
 * compiler one type at a time: on TypeScript 7 each type's properties and their types are two
 * round trips, and the schemas walk every result interface and the object literals types inside
 * it. The first time a type declared in the project is asked, the names of every plain
 * declaration's members in the project's files are asked for their symbols in one batch, and those symbols for their types
 * in another, and its object type literals and array types for their types (which tells a literal's
 * type by its id, and an array's element without asking for its type arguments).
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
    private readonly typesAt: (nodes: readonly ts.Node[]) => readonly (ts.Type | undefined)[],
    private readonly knowArrayElement: (array: ts.Type, element: ts.Type) => void,
    /** The project's own files: the first file asked brings all of them into the same batches. */
    private readonly projectFiles: () => readonly ts.SourceFile[] = () => [],
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
    const files = [file, ...this.projectFiles()].filter((each) => !this.filesDone.has(each));
    for (const each of files) this.filesDone.add(each);
    const names: ts.Node[] = [];
    const literals: ts.Node[] = [];
    const arrays: [array: ts.Node, element: ts.Node][] = [];
    const inType = (node: ts.Node): void => {
      if (isTypeLiteralNode(node)) {
        names.push(...(plainMemberNames(node) ?? []));
        literals.push(node);
      }
      const element = arrayElementNode(node);
      if (element) arrays.push([node, element]);
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
    for (const each of new Set(files)) inStatements(each.statements);
    if (literals.length > 0 || arrays.length > 0) {
      const types = this.typesAt([...literals, ...arrays.flat()]);
      literals.forEach((literal, index) => {
        const type = types[index];
        if (type) this.literalsByTypeId.set((type as unknown as { id: number }).id, literal);
      });
      arrays.forEach((_, index) => {
        const [array, element] = [types[literals.length + 2 * index], types[literals.length + 2 * index + 1]];
        if (array && element) this.knowArrayElement(array, element);
      });
    }
    const symbols = this.symbolsOf(names).filter((symbol): symbol is ts.Symbol => symbol !== undefined);
    this.prefetchTypes(symbols);
  }
}

/**
 * The element's node of an array type written as one (`X[]`, `Array<X>`, `ReadonlyArray<X>`,
 * `readonly X[]`): the array type's type argument is the element node's type.
 */
function arrayElementNode(node: ts.Node): ts.Node | undefined {
  if (isArrayTypeNode(node)) return node.elementType;
  if (isTypeOperatorNode(node) && kindField(node, node.operator) === SyntaxKind.ReadonlyKeyword && isArrayTypeNode(node.type)) return node.type.elementType;
  if (
    isTypeReferenceNode(node) &&
    isIdentifier(node.typeName) &&
    (node.typeName.text === "Array" || node.typeName.text === "ReadonlyArray") &&
    node.typeArguments?.length === 1
  ) {
    return node.typeArguments[0];
  }
  return undefined;
}

const PROPERTY_MEMBERS = new Set([SyntaxKind.PropertySignature, SyntaxKind.MethodSignature, SyntaxKind.GetAccessor, SyntaxKind.SetAccessor]);
const SIGNATURE_MEMBERS = new Set([SyntaxKind.CallSignature, SyntaxKind.ConstructSignature, SyntaxKind.IndexSignature]);

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
