import type { ts } from "../compiler.cjs";
import {
  isArrayLiteralExpression,
  isAwaitExpression,
  isObjectLiteralExpression,
  isParenthesizedExpression,
  isPropertyAssignment,
  isSatisfiesExpression,
  isShorthandPropertyAssignment,
  isSpreadAssignment,
} from "../analyze/engine/ast.js";

/** Past this, a message cuts what it quotes (rules/return-paths.ts): no need to write more. */
const ENOUGH = 120;

/**
 * A returned object literal as a message quotes it (`{ content: [{ type: "text", text: JSON.stringify(rows) }] }`),
 * written from its syntax on one line; undefined for any other expression, whose type is quoted
 * instead. The literal's type would say no more than its fields, and asking for it types the
 * literal against where it is returned: for a `registerTool` callback that resolves the call
 * through the SDK's zod types, a third of `check` on a server of `registerTool` tools.
 */
export function returnedLiteralText(expression: ts.Expression): string | undefined {
  let node = expression;
  while (isParenthesizedExpression(node) || isSatisfiesExpression(node) || isAwaitExpression(node)) node = node.expression;
  return isObjectLiteralExpression(node) ? sketch(node, node.getSourceFile()) : undefined;
}

function sketch(node: ts.Node, file: ts.SourceFile): string {
  if (isObjectLiteralExpression(node)) {
    if (node.properties.length === 0) return "{}";
    return `{ ${joinCapped(node.properties, (property) => {
      if (isPropertyAssignment(property)) return `${property.name.getText(file)}: ${sketch(property.initializer, file)}`;
      if (isShorthandPropertyAssignment(property)) return property.name.getText(file);
      if (isSpreadAssignment(property)) return `...${sketch(property.expression, file)}`;
      return oneLine(property.getText(file));
    })} }`;
  }
  if (isArrayLiteralExpression(node)) return `[${joinCapped(node.elements, (element) => sketch(element, file))}]`;
  return oneLine(node.getText(file));
}

/** The parts joined with `, `, stopping once the text is longer than a message quotes. */
function joinCapped<T>(parts: readonly T[], write: (part: T) => string): string {
  let text = "";
  for (const part of parts) {
    text += (text === "" ? "" : ", ") + write(part);
    if (text.length > ENOUGH) break;
  }
  return text;
}

/** Lines joined as a one-line print would: no space (nor a trailing comma) where a line break split `rows\n  .map(`, `(\n  a,\n)`. */
function oneLine(text: string): string {
  return text
    .replace(/,?\s*\n\s*(?=[)\]])/g, "")
    .replace(/\s*\n\s*(?=[.?])/g, "")
    .replace(/(?<=[([])\s*\n\s*/g, "")
    .replace(/\s+/g, " ");
}
