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

export function isCallToolResultLiteral(object: ts.ObjectLiteralExpression): boolean {
  return getPropertyValue(object, "content") !== undefined || getPropertyValue(object, "structuredContent") !== undefined;
}

export function payloadSlot(object: ts.ObjectLiteralExpression): PayloadSlot {
  const structured = getPropertyValue(object, "structuredContent");
  if (structured && ts.isExpression(structured)) return { kind: "structured", expression: structured };
  const content = getPropertyValue(object, "content");
  const array = content && ts.isExpression(content) ? unwrapExpression(content) : undefined;
  if (!array || !ts.isArrayLiteralExpression(array)) return { kind: "none" };
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
