import type { ts } from "../compiler.cjs";
import {
  forEachChild,
  isAwaitExpression,
  isClassLike,
  isComputedPropertyName,
  isElementAccessExpression,
  isExpression,
  isIdentifier,
  isMethodDeclaration,
  isNumericLiteral,
  isPrivateIdentifier,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isShorthandPropertyAssignment,
  isStringLiteralLike,
  isKindIn,
} from "./engine/ast.js";
import { SyntaxKind } from "./engine/ts6-enums.generated.js";

/**
 * Small syntactic helpers over raw compiler nodes. Kept free of the checker so discovery can
 * still recognise registrations when types are unresolved (node_modules missing).
 */

/** Parentheses, `as`, `satisfies`, `!` and `<T>`: wrappers that never change an expression's value. */
export function isValueWrapper(node: ts.Node): node is ts.Expression & { readonly expression: ts.Expression } {
  return isKindIn(node, VALUE_WRAPPER_KINDS);
}

// Kind sets for the tests every walk asks of every node: one read of the kind instead of one per kind.
const VALUE_WRAPPER_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  SyntaxKind.ParenthesizedExpression,
  SyntaxKind.AsExpression,
  SyntaxKind.SatisfiesExpression,
  SyntaxKind.NonNullExpression,
  SyntaxKind.TypeAssertionExpression,
]);

/** Strip the wrappers that never change which value an expression denotes, and `await`. */
export function unwrapExpression(node: ts.Expression): ts.Expression {
  let current = node;
  while (isValueWrapper(current) || isAwaitExpression(current)) current = current.expression;
  return current;
}

export function propertyNameText(name: ts.PropertyName | ts.BindingName | undefined): string | undefined {
  if (!name) return undefined;
  if (isIdentifier(name) || isStringLiteralLike(name) || isNumericLiteral(name) || isPrivateIdentifier(name)) {
    return name.text;
  }
  if (isComputedPropertyName(name) && isStringLiteralLike(name.expression)) return name.expression.text;
  return undefined;
}

/**
 * The value node of property `key` in an object literal: the initializer of `key: v`, the
 * identifier of a shorthand `key`, or the method declaration itself for `key() {}`.
 */
export function getPropertyValue(object: ts.ObjectLiteralExpression, key: string): ts.Node | undefined {
  for (const property of object.properties) {
    if (propertyNameText(property.name) !== key) continue;
    if (isPropertyAssignment(property)) return property.initializer;
    if (isShorthandPropertyAssignment(property)) return property.name;
    if (isMethodDeclaration(property)) return property;
  }
  return undefined;
}

export function getPropertyNode(object: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  return object.properties.find((property) => propertyNameText(property.name) === key);
}

export function hasProperty(object: ts.ObjectLiteralExpression, key: string): boolean {
  return getPropertyNode(object, key) !== undefined;
}

/** The name a call is made by: `registerTool` for `server.registerTool(...)`, `tool` for `tool(...)`. */
export function calleeName(call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (isPropertyAccessExpression(callee)) return callee.name.text;
  if (isIdentifier(callee)) return callee.text;
  if (isElementAccessExpression(callee) && isStringLiteralLike(callee.argumentExpression)) {
    return callee.argumentExpression.text;
  }
  return undefined;
}

/** The receiver of a method call (`server` in `server.tool(...)`), if any. */
export function calleeReceiver(call: ts.CallExpression): ts.Expression | undefined {
  const callee = unwrapExpression(call.expression);
  if (isPropertyAccessExpression(callee) || isElementAccessExpression(callee)) return callee.expression;
  return undefined;
}

export type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

const FUNCTION_NODE_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

export function isFunctionNode(node: ts.Node): node is FunctionNode {
  return isKindIn(node, FUNCTION_NODE_KINDS);
}

/** A string we can read without the checker: `"x"`, `'x'`, or a template literal with no holes. */
export function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  const expression = isExpression(node) ? unwrapExpression(node) : node;
  if (isStringLiteralLike(expression)) return expression.text;
  return undefined;
}

/** Visit descendants of `root` without entering nested functions or classes (their returns are not ours). */
export function forEachOwnDescendant(root: ts.Node, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    visit(node);
    if (isFunctionNode(node) || isClassLike(node)) return;
    forEachChild(node, walk);
  };
  forEachChild(root, walk);
}
