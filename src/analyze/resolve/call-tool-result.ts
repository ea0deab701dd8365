import { ts } from "ts-morph";
import { calleeName, getPropertyValue, unwrapExpression } from "../syntax.js";

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

function isArrayLike(type: ts.Type, checker: ts.TypeChecker): boolean {
  const members = type.isUnion() ? type.types : [type];
  return members.some((member) => checker.isArrayType(member) || checker.isTupleType(member));
}

/**
 * An object literal that is a CallToolResult: it has `structuredContent`, or a `content` that is an
 * array of blocks (written out, or typed as an array). A payload that merely has a field named
 * `content` (`{ title, content: article.body }`) is not one. Without a checker (migrate's syntactic
 * reading) any `content` counts, as before.
 */
export function isCallToolResultLiteral(object: ts.ObjectLiteralExpression, checker?: ts.TypeChecker): boolean {
  if (getPropertyValue(object, "structuredContent") !== undefined) return true;
  const content = getPropertyValue(object, "content");
  if (content === undefined) return false;
  if (!checker) return true;
  const value = ts.isExpression(content) ? unwrapExpression(content) : content;
  if (ts.isArrayLiteralExpression(value)) return true;
  if (ts.isStringLiteralLike(value) || ts.isTemplateExpression(value) || ts.isObjectLiteralExpression(value)) return false;
  return isArrayLike(checker.getTypeAtLocation(value), checker);
}

/** The array literal of a `content` value: written inline, or in a const (`const content = [...]; return { content }`). */
function contentArray(content: ts.Node, checker: ts.TypeChecker | undefined): ts.ArrayLiteralExpression | undefined {
  const value = ts.isExpression(content) ? unwrapExpression(content) : content;
  if (ts.isArrayLiteralExpression(value)) return value;
  const identifier = ts.isShorthandPropertyAssignment(content.parent) ? content : ts.isIdentifier(value) ? value : undefined;
  if (!checker || !identifier || !ts.isIdentifier(identifier)) return undefined;
  const symbol = ts.isShorthandPropertyAssignment(identifier.parent)
    ? checker.getShorthandAssignmentValueSymbol(identifier.parent)
    : checker.getSymbolAtLocation(identifier);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  if (!(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) return undefined;
  const initializer = unwrapExpression(declaration.initializer);
  return ts.isArrayLiteralExpression(initializer) ? initializer : undefined;
}

export function payloadSlot(object: ts.ObjectLiteralExpression, checker?: ts.TypeChecker): PayloadSlot {
  const structured = getPropertyValue(object, "structuredContent");
  if (structured && ts.isExpression(structured)) return { kind: "structured", expression: structured };
  const content = getPropertyValue(object, "content");
  const array = content ? contentArray(content, checker) : undefined;
  if (!array) return { kind: "none" };
  for (const element of array.elements) {
    const block = unwrapExpression(element);
    if (!ts.isObjectLiteralExpression(block)) continue;
    const text = getPropertyValue(block, "text");
    if (!text || !ts.isExpression(text)) continue;
    const value = unwrapExpression(text);
    if (ts.isCallExpression(value) && calleeName(value) === "stringify" && value.arguments[0]) {
      return { kind: "json-text", expression: value.arguments[0] };
    }
    return { kind: "text", expression: value };
  }
  return { kind: "none" };
}
