import type { ts } from "../../compiler.cjs";
import { calleeName, getPropertyValue, unwrapExpression } from "../syntax.js";
import {
  isArrayLiteralExpression,
  isCallExpression,
  isConstDeclaration,
  isExpression,
  isIdentifier,
  isObjectLiteralExpression,
  isShorthandPropertyAssignment,
  isSpreadAssignment,
  isStringLiteralLike,
  isTemplateExpression,
  isVariableDeclaration,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/**
 * Where the payload sits inside a CallToolResult object literal: the `structuredContent` value,
 * else the argument of `JSON.stringify` in the first text block. `text` (a plain string block)
 * means the payload is that string.
 */
export type PayloadSlot =
  | { kind: "structured"; expression: ts.Expression }
  | { kind: "json-text"; expression: ts.Expression }
  | { kind: "text"; expression: ts.Expression }
  | { kind: "none" };

function isArrayLike(type: ts.Type, checker: AnalysisChecker): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => checker.isArrayType(member) || checker.isTupleType(member));
}

/**
 * An object literal that is a CallToolResult: it has `structuredContent`, or a `content` that is an
 * array of blocks (written out, or typed as an array). A payload that merely has a field named
 * `content` (`{ title, content: article.body }`) is not one. Without a checker (migrate's syntactic
 * reading) any `content` counts, as before.
 */
export function isCallToolResultLiteral(object: ts.ObjectLiteralExpression, checker?: AnalysisChecker): boolean {
  if (getPropertyValue(object, "structuredContent") !== undefined) return true;
  const content = getPropertyValue(object, "content");
  if (content === undefined) return checker !== undefined && spreadStructuredContent(object, checker) !== undefined;
  if (!checker) return true;
  const value = isExpression(content) ? unwrapExpression(content) : content;
  if (isArrayLiteralExpression(value)) return true;
  if (isStringLiteralLike(value) || isTemplateExpression(value) || isObjectLiteralExpression(value)) return false;
  return isArrayLike(checker.getTypeAtLocation(value), checker);
}

/**
 * The spread that gives an object literal its `structuredContent` (`{ ...structuredResult(data),
 * isError: false }`): the last one whose type has that property. A `structuredContent` written in
 * the literal itself comes first (`payloadSlot`).
 */
export function spreadStructuredContent(object: ts.ObjectLiteralExpression, checker: AnalysisChecker): ts.Expression | undefined {
  for (let index = object.properties.length - 1; index >= 0; index--) {
    const property = object.properties[index]!;
    if (!isSpreadAssignment(property)) continue;
    const type = checker.getTypeAtLocation(property.expression);
    if (checker.getPropertyOfType(type, "structuredContent")) return property.expression;
  }
  return undefined;
}

/** The array literal of a `content` value: written inline, or in a const (`const content = [...]; return { content }`). */
function contentArray(content: ts.Node, checker: AnalysisChecker | undefined): ts.ArrayLiteralExpression | undefined {
  const value = isExpression(content) ? unwrapExpression(content) : content;
  if (isArrayLiteralExpression(value)) return value;
  const identifier = isShorthandPropertyAssignment(content.parent) ? content : isIdentifier(value) ? value : undefined;
  if (!checker || !identifier || !isIdentifier(identifier)) return undefined;
  const symbol = isShorthandPropertyAssignment(identifier.parent)
    ? checker.getShorthandAssignmentValueSymbol(identifier.parent)
    : checker.getSymbolAtLocation(identifier);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  if (!isConstDeclaration(declaration)) return undefined;
  const initializer = unwrapExpression(declaration.initializer);
  return isArrayLiteralExpression(initializer) ? initializer : undefined;
}

export function payloadSlot(object: ts.ObjectLiteralExpression, checker?: AnalysisChecker): PayloadSlot {
  const structured = getPropertyValue(object, "structuredContent");
  if (structured && isExpression(structured)) return { kind: "structured", expression: structured };
  const content = getPropertyValue(object, "content");
  const array = content ? contentArray(content, checker) : undefined;
  if (!array) return { kind: "none" };
  for (const element of array.elements) {
    const block = unwrapExpression(element);
    if (!isObjectLiteralExpression(block)) continue;
    const text = getPropertyValue(block, "text");
    if (!text || !isExpression(text)) continue;
    const value = unwrapExpression(text);
    if (isCallExpression(value) && calleeName(value) === "stringify" && value.arguments[0]) {
      return { kind: "json-text", expression: value.arguments[0] };
    }
    return { kind: "text", expression: value };
  }
  return { kind: "none" };
}
