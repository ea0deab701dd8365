import type { ts } from "../../compiler.cjs";
import {
  isArrayLiteralExpression,
  isIdentifier,
  isNumericLiteral,
  isObjectLiteralExpression,
  isParenthesizedExpression,
  isPropertyAssignment,
  isSpreadAssignment,
  isStringLiteral,
} from "../engine/ast.js";
import { isOneGroup, splitOutside } from "./literal-order.js";
import { MEMBER, memberName } from "./member-order.js";

/**
 * Whether `text`, the checker's print of the type of `written`, is already in the one order
 * `mappedMembersInOrder` would put it in, known from the syntax alone: `written` is an object
 * literal without spreads, and every member whose printed type holds an object is itself such a
 * literal (or an array literal of one). Such a type is neither mapped nor a spread, and neither
 * are the types of its members, so the reordering walk would ask the checker about each of them
 * and change nothing. On TypeScript 7 that walk is three round trips per object literal returned
 * (`check` prints every non-conforming return). False whenever in doubt: the walk then runs.
 */
export function printedAsWritten(text: string, written: ts.Node): boolean {
  if (!text.includes("{")) return true;
  let node = written;
  while (isParenthesizedExpression(node)) node = node.expression;
  if (isArrayLiteralExpression(node)) {
    const [element, ...rest] = node.elements;
    return (
      text.endsWith("[]") && element !== undefined && rest.length === 0 && isOneGroup(text.slice(0, -2), "{") && printedAsWritten(text.slice(0, -2), element)
    );
  }
  if (!isObjectLiteralExpression(node) || !isOneGroup(text, "{")) return false;
  if (node.properties.some((property) => isSpreadAssignment(property))) return false;
  const pieces = splitOutside(text.slice(1, -1), ";");
  if (pieces.pop()?.trim() !== "") return false;
  for (const piece of pieces) {
    if (!piece.includes("{")) continue;
    const member = MEMBER.exec(piece);
    if (!member) return false;
    const name = memberName(member);
    const property = node.properties.find((each) => isPropertyAssignment(each) && nameText(each.name) === name);
    if (!property || !isPropertyAssignment(property) || !printedAsWritten(member[4]!, property.initializer)) return false;
  }
  return true;
}

function nameText(name: ts.PropertyName): string | undefined {
  return isIdentifier(name) || isStringLiteral(name) || isNumericLiteral(name) ? name.text : undefined;
}
