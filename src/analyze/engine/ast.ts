import type { ts } from "../../compiler.cjs";
import {
  CLASS_LIKE_KINDS,
  EXPRESSION_KINDS,
  FUNCTION_LIKE_KINDS,
  NodeFlags,
  STRING_LITERAL_LIKE_KINDS,
  SyntaxKind,
  TYPE_NODE_KINDS,
} from "./ts6-enums.generated.js";

/**
 * Node tests that hold for either compiler's nodes. The analysis reads nodes through TypeScript
 * 6's interfaces: TypeScript 7's nodes (`typescript/unstable/ast`) carry the same property names,
 * but number their kinds differently (`Identifier` is 80 in one and 79 in the other). So every
 * kind test goes through `kindOf`, which gives a node's kind as TypeScript 6 numbers it, and the
 * guards below test that kind as TypeScript 6's own predicates do.
 *
 * A TypeScript 7 node is an instance of the client's `RemoteNode` class (its kind is read through
 * a getter, from the file's buffer); a TypeScript 6 node is not. That tells them apart without
 * loading TypeScript 7, and faster than asking whether `kind` is the node's own field.
 */

let ts7ToTs6: Int32Array | undefined;
let ts7BindingElement = -1;
type NodeClass = abstract new (...args: never[]) => object;
const NO_CLASS: NodeClass = class NoTs7Node {};
let ts7NodeClass = NO_CLASS;
/** Set when two copies of the client have loaded (a project's own and mcp-conform's): their classes differ. */
let ts7NodeClasses = false;

/** Called by the TypeScript 7 engine when it loads: its node class, and its kind numbers by TypeScript 6's. */
export function registerTs7Kinds(table: Int32Array, kinds: { bindingElement: number }, nodeClass: NodeClass): void {
  ts7ToTs6 = table;
  ts7BindingElement = kinds.bindingElement;
  if (ts7NodeClass === NO_CLASS) ts7NodeClass = nodeClass;
  else if (ts7NodeClass !== nodeClass) ts7NodeClasses = true;
}

function isTs7Node(node: ts.Node): boolean {
  // A TypeScript 6 node holds `kind` as its own field; the slower test that holds for any copy.
  return ts7NodeClasses ? !Object.hasOwn(node, "kind") : node instanceof ts7NodeClass;
}

/** The node's kind as TypeScript 6 numbers it. */
export function kindOf(node: ts.Node): ts.SyntaxKind {
  // Until the TypeScript 7 engine loads, every node is TypeScript 6's; `instanceof` is then false
  // at once. (The analysis asks a node's kind millions of times per run: this stays small.)
  if (!isTs7Node(node)) return node.kind;
  const kind = node.kind as number;
  // A hole in an array binding pattern (`[, b]`) is a nameless BindingElement in TypeScript 7.
  if (kind === ts7BindingElement && (node as ts.BindingElement).name === undefined) return SyntaxKind.OmittedExpression;
  return (ts7ToTs6![kind] ?? -1) as ts.SyntaxKind;
}

/** A kind as TypeScript 7 numbers it (a node handle's), as TypeScript 6 numbers it. */
export function kindFromTs7(kind: number): ts.SyntaxKind {
  return (ts7ToTs6?.[kind] ?? -1) as ts.SyntaxKind;
}

/** Whether the node's kind (as TypeScript 6 numbers it) is one of `kinds`: one read of the kind for a test of several. */
export function isKindIn(node: ts.Node, kinds: ReadonlySet<ts.SyntaxKind>): boolean {
  return kinds.has(kindOf(node));
}

// TypeScript 6's node tests read only the kind (test/analyze/ts6-enums.test.ts holds it for every
// test here), so each is a test of `kindOf`: no TypeScript 6 is loaded to run them.
function ofKind<T extends ts.Node>(kind: ts.SyntaxKind): (node: ts.Node) => node is T {
  return (node: ts.Node): node is T => kindOf(node) === kind;
}

function ofKinds<T extends ts.Node>(kinds: ReadonlySet<ts.SyntaxKind>): (node: ts.Node) => node is T {
  return (node: ts.Node): node is T => kinds.has(kindOf(node));
}

export const isArrayLiteralExpression = ofKind<ts.ArrayLiteralExpression>(SyntaxKind.ArrayLiteralExpression);
export const isArrayTypeNode = ofKind<ts.ArrayTypeNode>(SyntaxKind.ArrayType);
export const isArrowFunction = ofKind<ts.ArrowFunction>(SyntaxKind.ArrowFunction);
export const isAsExpression = ofKind<ts.AsExpression>(SyntaxKind.AsExpression);
export const isAwaitExpression = ofKind<ts.AwaitExpression>(SyntaxKind.AwaitExpression);
export const isBinaryExpression = ofKind<ts.BinaryExpression>(SyntaxKind.BinaryExpression);
export const isBindingElement = ofKind<ts.BindingElement>(SyntaxKind.BindingElement);
export const isBlock = ofKind<ts.Block>(SyntaxKind.Block);
export const isBreakStatement = ofKind<ts.BreakStatement>(SyntaxKind.BreakStatement);
export const isCallExpression = ofKind<ts.CallExpression>(SyntaxKind.CallExpression);
export const isCaseClause = ofKind<ts.CaseClause>(SyntaxKind.CaseClause);
export const isClassDeclaration = ofKind<ts.ClassDeclaration>(SyntaxKind.ClassDeclaration);
export const isClassLike = ofKinds<ts.ClassLikeDeclaration>(CLASS_LIKE_KINDS);
export const isComputedPropertyName = ofKind<ts.ComputedPropertyName>(SyntaxKind.ComputedPropertyName);
export const isConditionalExpression = ofKind<ts.ConditionalExpression>(SyntaxKind.ConditionalExpression);
export const isConstructorDeclaration = ofKind<ts.ConstructorDeclaration>(SyntaxKind.Constructor);
export const isElementAccessExpression = ofKind<ts.ElementAccessExpression>(SyntaxKind.ElementAccessExpression);
export const isEmptyStatement = ofKind<ts.EmptyStatement>(SyntaxKind.EmptyStatement);
export const isEnumDeclaration = ofKind<ts.EnumDeclaration>(SyntaxKind.EnumDeclaration);
export const isEnumMember = ofKind<ts.EnumMember>(SyntaxKind.EnumMember);
export const isExportAssignment = ofKind<ts.ExportAssignment>(SyntaxKind.ExportAssignment);
export const isExportDeclaration = ofKind<ts.ExportDeclaration>(SyntaxKind.ExportDeclaration);
export const isExpressionStatement = ofKind<ts.ExpressionStatement>(SyntaxKind.ExpressionStatement);
export const isExpression = ofKinds<ts.Expression>(EXPRESSION_KINDS);
export const isExpressionWithTypeArguments = ofKind<ts.ExpressionWithTypeArguments>(SyntaxKind.ExpressionWithTypeArguments);
export const isExternalModuleReference = ofKind<ts.ExternalModuleReference>(SyntaxKind.ExternalModuleReference);
export const isForOfStatement = ofKind<ts.ForOfStatement>(SyntaxKind.ForOfStatement);
export const isFunctionDeclaration = ofKind<ts.FunctionDeclaration>(SyntaxKind.FunctionDeclaration);
export const isFunctionExpression = ofKind<ts.FunctionExpression>(SyntaxKind.FunctionExpression);
export const isFunctionLike = ofKinds<ts.SignatureDeclaration>(FUNCTION_LIKE_KINDS);
export const isGetAccessorDeclaration = ofKind<ts.GetAccessorDeclaration>(SyntaxKind.GetAccessor);
export const isIdentifier = ofKind<ts.Identifier>(SyntaxKind.Identifier);
export const isIfStatement = ofKind<ts.IfStatement>(SyntaxKind.IfStatement);
export const isImportDeclaration = ofKind<ts.ImportDeclaration>(SyntaxKind.ImportDeclaration);
export const isImportEqualsDeclaration = ofKind<ts.ImportEqualsDeclaration>(SyntaxKind.ImportEqualsDeclaration);
export const isImportSpecifier = ofKind<ts.ImportSpecifier>(SyntaxKind.ImportSpecifier);
export const isInterfaceDeclaration = ofKind<ts.InterfaceDeclaration>(SyntaxKind.InterfaceDeclaration);
export const isLiteralTypeNode = ofKind<ts.LiteralTypeNode>(SyntaxKind.LiteralType);
export const isMethodDeclaration = ofKind<ts.MethodDeclaration>(SyntaxKind.MethodDeclaration);
export const isMethodSignature = ofKind<ts.MethodSignature>(SyntaxKind.MethodSignature);
export const isModuleBlock = ofKind<ts.ModuleBlock>(SyntaxKind.ModuleBlock);
export const isModuleDeclaration = ofKind<ts.ModuleDeclaration>(SyntaxKind.ModuleDeclaration);
export const isNamedImports = ofKind<ts.NamedImports>(SyntaxKind.NamedImports);
export const isNamespaceImport = ofKind<ts.NamespaceImport>(SyntaxKind.NamespaceImport);
export const isNewExpression = ofKind<ts.NewExpression>(SyntaxKind.NewExpression);
export const isNonNullExpression = ofKind<ts.NonNullExpression>(SyntaxKind.NonNullExpression);
export const isNoSubstitutionTemplateLiteral = ofKind<ts.NoSubstitutionTemplateLiteral>(SyntaxKind.NoSubstitutionTemplateLiteral);
export const isNumericLiteral = ofKind<ts.NumericLiteral>(SyntaxKind.NumericLiteral);
export const isObjectBindingPattern = ofKind<ts.ObjectBindingPattern>(SyntaxKind.ObjectBindingPattern);
export const isObjectLiteralExpression = ofKind<ts.ObjectLiteralExpression>(SyntaxKind.ObjectLiteralExpression);
export const isOmittedExpression = ofKind<ts.OmittedExpression>(SyntaxKind.OmittedExpression);
export const isParameter = ofKind<ts.ParameterDeclaration>(SyntaxKind.Parameter);
export const isParenthesizedExpression = ofKind<ts.ParenthesizedExpression>(SyntaxKind.ParenthesizedExpression);
export const isPrefixUnaryExpression = ofKind<ts.PrefixUnaryExpression>(SyntaxKind.PrefixUnaryExpression);
export const isPrivateIdentifier = ofKind<ts.PrivateIdentifier>(SyntaxKind.PrivateIdentifier);
export const isPropertyAccessExpression = ofKind<ts.PropertyAccessExpression>(SyntaxKind.PropertyAccessExpression);
export const isPropertyAssignment = ofKind<ts.PropertyAssignment>(SyntaxKind.PropertyAssignment);
export const isPropertyDeclaration = ofKind<ts.PropertyDeclaration>(SyntaxKind.PropertyDeclaration);
export const isPropertySignature = ofKind<ts.PropertySignature>(SyntaxKind.PropertySignature);
export const isQualifiedName = ofKind<ts.QualifiedName>(SyntaxKind.QualifiedName);
export const isReturnStatement = ofKind<ts.ReturnStatement>(SyntaxKind.ReturnStatement);
export const isSatisfiesExpression = ofKind<ts.SatisfiesExpression>(SyntaxKind.SatisfiesExpression);
export const isSetAccessorDeclaration = ofKind<ts.SetAccessorDeclaration>(SyntaxKind.SetAccessor);
export const isShorthandPropertyAssignment = ofKind<ts.ShorthandPropertyAssignment>(SyntaxKind.ShorthandPropertyAssignment);
export const isSourceFile = ofKind<ts.SourceFile>(SyntaxKind.SourceFile);
export const isSpreadAssignment = ofKind<ts.SpreadAssignment>(SyntaxKind.SpreadAssignment);
export const isSpreadElement = ofKind<ts.SpreadElement>(SyntaxKind.SpreadElement);
export const isStringLiteral = ofKind<ts.StringLiteral>(SyntaxKind.StringLiteral);
export const isStringLiteralLike = ofKinds<ts.StringLiteralLike>(STRING_LITERAL_LIKE_KINDS);
export const isSwitchStatement = ofKind<ts.SwitchStatement>(SyntaxKind.SwitchStatement);
export const isTemplateExpression = ofKind<ts.TemplateExpression>(SyntaxKind.TemplateExpression);
export const isThrowStatement = ofKind<ts.ThrowStatement>(SyntaxKind.ThrowStatement);
export const isTryStatement = ofKind<ts.TryStatement>(SyntaxKind.TryStatement);
export const isTypeAliasDeclaration = ofKind<ts.TypeAliasDeclaration>(SyntaxKind.TypeAliasDeclaration);
export const isTypeAssertionExpression = ofKind<ts.TypeAssertion>(SyntaxKind.TypeAssertionExpression);
export const isTypeLiteralNode = ofKind<ts.TypeLiteralNode>(SyntaxKind.TypeLiteral);
export const isTypeNode = ofKinds<ts.TypeNode>(TYPE_NODE_KINDS);
export const isTypeOperatorNode = ofKind<ts.TypeOperatorNode>(SyntaxKind.TypeOperator);
export const isTypeReferenceNode = ofKind<ts.TypeReferenceNode>(SyntaxKind.TypeReference);
export const isVariableDeclaration = ofKind<ts.VariableDeclaration>(SyntaxKind.VariableDeclaration);
export const isVariableDeclarationList = ofKind<ts.VariableDeclarationList>(SyntaxKind.VariableDeclarationList);
export const isVariableStatement = ofKind<ts.VariableStatement>(SyntaxKind.VariableStatement);

/** A module file (has an import or export), as both compilers record it at parse time. */
export function isExternalModule(file: ts.SourceFile): boolean {
  return (file as { externalModuleIndicator?: unknown }).externalModuleIndicator !== undefined;
}

/** Children in source order; both compilers' nodes have this method. */
export function forEachChild<T>(node: ts.Node, visit: (child: ts.Node) => T | undefined): T | undefined {
  return node.forEachChild(visit);
}

/** The statement or declaration a declaration's modifiers are written on (`export const a = 1` for `a`). */
function modifierHolder(node: ts.Node): ts.Node {
  let current = node;
  while (isBindingElement(current) || isObjectBindingPattern(current) || kindOf(current) === SyntaxKind.ArrayBindingPattern) current = current.parent;
  if (isVariableDeclaration(current) && isVariableDeclarationList(current.parent)) {
    const statement = current.parent.parent;
    if (isVariableStatement(statement)) return statement;
  }
  return current;
}

/** Whether a declaration carries a modifier (`ExportKeyword`, `DeclareKeyword`, ...), itself or on its variable statement. */
export function hasModifier(node: ts.Node, modifier: ts.SyntaxKind): boolean {
  return modifiersOf(modifierHolder(node)).some((m) => kindOf(m) === modifier);
}

/** Whether a variable declaration (or a binding in one) is declared with `const`. */
export function isConstDeclaration(node: ts.Node): boolean {
  let current = node;
  while (isBindingElement(current) || isObjectBindingPattern(current) || kindOf(current) === SyntaxKind.ArrayBindingPattern) current = current.parent;
  if (isVariableDeclaration(current)) current = current.parent;
  return isVariableDeclarationList(current) && isConstList(current);
}

/** `const` (or `await using`, as TypeScript 6 counts it) on a declaration list; NodeFlags.Const is 2 in both compilers. */
export function isConstList(list: ts.VariableDeclarationList): boolean {
  return (list.flags & NodeFlags.Const) !== 0;
}

/** The node's modifiers, decorators left out (what `ts.getModifiers` gives). */
export function modifiersOf(node: ts.Node): readonly ts.Node[] {
  const modifiers = (node as { modifiers?: readonly ts.Node[] }).modifiers;
  return modifiers ? modifiers.filter((m) => kindOf(m) !== SyntaxKind.Decorator) : [];
}

/**
 * `declare global { }`, or `global { }` inside `declare module "m" { }` (as `@types/node` writes
 * it). TypeScript 6 flags it (NodeFlags.GlobalAugmentation). TypeScript 7 has no such flag, and
 * 7.0.2 records the block's keyword as `module`, the keyword of `module global { }`, which is a
 * namespace named `global`: so the text before the name tells the two apart.
 */
export function isGlobalAugmentation(node: ts.ModuleDeclaration): boolean {
  if (!isTs7Node(node)) return (node.flags & NodeFlags.GlobalAugmentation) !== 0;
  if (!isIdentifier(node.name) || node.name.text !== "global") return false;
  const keyword = kindField(node, (node as { keyword?: number }).keyword ?? -1);
  if (keyword === SyntaxKind.GlobalKeyword) return true;
  if (keyword !== SyntaxKind.ModuleKeyword) return false;
  const file = node.getSourceFile();
  const modifiers = modifiersOf(node);
  const afterModifiers = modifiers.length > 0 ? modifiers[modifiers.length - 1]!.end : node.getStart(file);
  return !/\bmodule\b/.test(file.text.slice(afterModifiers, node.name.getStart(file)));
}

/**
 * A kind a node holds as a number rather than as a child node (`clause.token`, `prefix.operator`),
 * as TypeScript 6 numbers it.
 */
export function kindField(node: ts.Node, kind: ts.SyntaxKind): ts.SyntaxKind {
  return isTs7Node(node) ? ((ts7ToTs6?.[kind] ?? -1) as ts.SyntaxKind) : kind;
}
