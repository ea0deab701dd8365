import { ts } from "../../compiler.cjs";

/**
 * Node tests that hold for either compiler's nodes. The analysis reads nodes through TypeScript
 * 6's interfaces: TypeScript 7's nodes (`typescript/unstable/ast`) carry the same property names,
 * but number their kinds differently (`Identifier` is 80 in one and 79 in the other). So every
 * kind test goes through `kindOf`, which gives a node's kind as TypeScript 6 numbers it, and the
 * guards below are TypeScript 6's own predicates run on that kind.
 *
 * A TypeScript 6 node holds `kind` as its own field; a TypeScript 7 node reads it through a getter
 * on its class. That tells them apart without loading TypeScript 7.
 */

let ts7ToTs6: Int32Array | undefined;
let ts7BindingElement = -1;
let ts7GlobalKeyword = -1;

/** Called once by the TypeScript 7 engine when it loads: its kind numbers, by TypeScript 6's. */
export function registerTs7Kinds(table: Int32Array, kinds: { bindingElement: number; globalKeyword: number }): void {
  ts7ToTs6 = table;
  ts7BindingElement = kinds.bindingElement;
  ts7GlobalKeyword = kinds.globalKeyword;
}

function isTs6Node(node: ts.Node): boolean {
  // Until the TypeScript 7 engine loads, every node is TypeScript 6's: the hot path asks nothing.
  return ts7ToTs6 === undefined || Object.hasOwn(node, "kind");
}

/** The node's kind as TypeScript 6 numbers it. */
export function kindOf(node: ts.Node): ts.SyntaxKind {
  if (isTs6Node(node)) return node.kind;
  const kind = node.kind as number;
  // A hole in an array binding pattern (`[, b]`) is a nameless BindingElement in TypeScript 7.
  if (kind === ts7BindingElement && (node as ts.BindingElement).name === undefined) return ts.SyntaxKind.OmittedExpression;
  return (ts7ToTs6?.[kind] ?? -1) as ts.SyntaxKind;
}

function neutral<T extends ts.Node>(predicate: (node: ts.Node) => node is T): (node: ts.Node) => node is T {
  // TypeScript 6's kind predicates read only `kind`: run them on a view of the node that has it.
  return (node: ts.Node): node is T => predicate(isTs6Node(node) ? node : ({ kind: kindOf(node) } as ts.Node));
}

export const isArrayLiteralExpression = neutral(ts.isArrayLiteralExpression);
export const isArrayTypeNode = neutral(ts.isArrayTypeNode);
export const isArrowFunction = neutral(ts.isArrowFunction);
export const isAsExpression = neutral(ts.isAsExpression);
export const isAwaitExpression = neutral(ts.isAwaitExpression);
export const isBinaryExpression = neutral(ts.isBinaryExpression);
export const isBindingElement = neutral(ts.isBindingElement);
export const isBlock = neutral(ts.isBlock);
export const isBreakStatement = neutral(ts.isBreakStatement);
export const isCallExpression = neutral(ts.isCallExpression);
export const isCaseClause = neutral(ts.isCaseClause);
export const isClassDeclaration = neutral(ts.isClassDeclaration);
export const isClassLike = neutral(ts.isClassLike);
export const isComputedPropertyName = neutral(ts.isComputedPropertyName);
export const isConditionalExpression = neutral(ts.isConditionalExpression);
export const isConstructorDeclaration = neutral(ts.isConstructorDeclaration);
export const isElementAccessExpression = neutral(ts.isElementAccessExpression);
export const isEmptyStatement = neutral(ts.isEmptyStatement);
export const isEnumDeclaration = neutral(ts.isEnumDeclaration);
export const isEnumMember = neutral(ts.isEnumMember);
export const isExportAssignment = neutral(ts.isExportAssignment);
export const isExportDeclaration = neutral(ts.isExportDeclaration);
export const isExpressionStatement = neutral(ts.isExpressionStatement);
export const isExpression = neutral(ts.isExpression);
export const isExpressionWithTypeArguments = neutral(ts.isExpressionWithTypeArguments);
export const isExternalModuleReference = neutral(ts.isExternalModuleReference);
export const isForOfStatement = neutral(ts.isForOfStatement);
export const isFunctionDeclaration = neutral(ts.isFunctionDeclaration);
export const isFunctionExpression = neutral(ts.isFunctionExpression);
export const isFunctionLike = neutral(ts.isFunctionLike as (node: ts.Node) => node is ts.SignatureDeclaration);
export const isGetAccessorDeclaration = neutral(ts.isGetAccessorDeclaration);
export const isIdentifier = neutral(ts.isIdentifier);
export const isIfStatement = neutral(ts.isIfStatement);
export const isImportDeclaration = neutral(ts.isImportDeclaration);
export const isImportEqualsDeclaration = neutral(ts.isImportEqualsDeclaration);
export const isImportSpecifier = neutral(ts.isImportSpecifier);
export const isInterfaceDeclaration = neutral(ts.isInterfaceDeclaration);
export const isLiteralTypeNode = neutral(ts.isLiteralTypeNode);
export const isMethodDeclaration = neutral(ts.isMethodDeclaration);
export const isMethodSignature = neutral(ts.isMethodSignature);
export const isModuleBlock = neutral(ts.isModuleBlock);
export const isModuleDeclaration = neutral(ts.isModuleDeclaration);
export const isNamedImports = neutral(ts.isNamedImports);
export const isNamespaceImport = neutral(ts.isNamespaceImport);
export const isNewExpression = neutral(ts.isNewExpression);
export const isNonNullExpression = neutral(ts.isNonNullExpression);
export const isNoSubstitutionTemplateLiteral = neutral(ts.isNoSubstitutionTemplateLiteral);
export const isNumericLiteral = neutral(ts.isNumericLiteral);
export const isObjectBindingPattern = neutral(ts.isObjectBindingPattern);
export const isObjectLiteralExpression = neutral(ts.isObjectLiteralExpression);
export const isOmittedExpression = neutral(ts.isOmittedExpression);
export const isParameter = neutral(ts.isParameter);
export const isParenthesizedExpression = neutral(ts.isParenthesizedExpression);
export const isPrefixUnaryExpression = neutral(ts.isPrefixUnaryExpression);
export const isPrivateIdentifier = neutral(ts.isPrivateIdentifier);
export const isPropertyAccessExpression = neutral(ts.isPropertyAccessExpression);
export const isPropertyAssignment = neutral(ts.isPropertyAssignment);
export const isPropertyDeclaration = neutral(ts.isPropertyDeclaration);
export const isPropertySignature = neutral(ts.isPropertySignature);
export const isQualifiedName = neutral(ts.isQualifiedName);
export const isReturnStatement = neutral(ts.isReturnStatement);
export const isSatisfiesExpression = neutral(ts.isSatisfiesExpression);
export const isSetAccessorDeclaration = neutral(ts.isSetAccessorDeclaration);
export const isShorthandPropertyAssignment = neutral(ts.isShorthandPropertyAssignment);
export const isSourceFile = neutral(ts.isSourceFile);
export const isSpreadAssignment = neutral(ts.isSpreadAssignment);
export const isSpreadElement = neutral(ts.isSpreadElement);
export const isStringLiteral = neutral(ts.isStringLiteral);
export const isStringLiteralLike = neutral(ts.isStringLiteralLike);
export const isSwitchStatement = neutral(ts.isSwitchStatement);
export const isTemplateExpression = neutral(ts.isTemplateExpression);
export const isThrowStatement = neutral(ts.isThrowStatement);
export const isTryStatement = neutral(ts.isTryStatement);
export const isTypeAliasDeclaration = neutral(ts.isTypeAliasDeclaration);
export const isTypeAssertionExpression = neutral(ts.isTypeAssertionExpression);
export const isTypeLiteralNode = neutral(ts.isTypeLiteralNode);
export const isTypeNode = neutral(ts.isTypeNode);
export const isTypeOperatorNode = neutral(ts.isTypeOperatorNode);
export const isTypeReferenceNode = neutral(ts.isTypeReferenceNode);
export const isVariableDeclaration = neutral(ts.isVariableDeclaration);
export const isVariableDeclarationList = neutral(ts.isVariableDeclarationList);
export const isVariableStatement = neutral(ts.isVariableStatement);

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
  while (isBindingElement(current) || isObjectBindingPattern(current) || kindOf(current) === ts.SyntaxKind.ArrayBindingPattern) current = current.parent;
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
  while (isBindingElement(current) || isObjectBindingPattern(current) || kindOf(current) === ts.SyntaxKind.ArrayBindingPattern) current = current.parent;
  if (isVariableDeclaration(current)) current = current.parent;
  return isVariableDeclarationList(current) && isConstList(current);
}

/** `const` (or `await using`, as TypeScript 6 counts it) on a declaration list; NodeFlags.Const is 2 in both compilers. */
export function isConstList(list: ts.VariableDeclarationList): boolean {
  return (list.flags & ts.NodeFlags.Const) !== 0;
}

/** The node's modifiers, decorators left out (what `ts.getModifiers` gives). */
export function modifiersOf(node: ts.Node): readonly ts.Node[] {
  const modifiers = (node as { modifiers?: readonly ts.Node[] }).modifiers;
  return modifiers ? modifiers.filter((m) => kindOf(m) !== ts.SyntaxKind.Decorator) : [];
}

/**
 * `declare global { }`. TypeScript 6 flags it (NodeFlags.GlobalAugmentation); TypeScript 7 has no
 * such flag and records the keyword instead, so read the name the keyword gives the block.
 */
export function isGlobalAugmentation(node: ts.ModuleDeclaration): boolean {
  if (isTs6Node(node)) return (node.flags & ts.NodeFlags.GlobalAugmentation) !== 0;
  return isIdentifier(node.name) && node.name.text === "global" && (node as { keyword?: number }).keyword === ts7GlobalKeyword;
}

/**
 * A kind a node holds as a number rather than as a child node (`clause.token`, `prefix.operator`),
 * as TypeScript 6 numbers it.
 */
export function kindField(node: ts.Node, kind: ts.SyntaxKind): ts.SyntaxKind {
  return isTs6Node(node) ? kind : ((ts7ToTs6?.[kind] ?? -1) as ts.SyntaxKind);
}
