import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { getPropertyValue, literalText, unwrapExpression } from "../syntax.js";
import { isBinaryExpression, isConditionalExpression, isExpression, isIdentifier, isObjectLiteralExpression, kindOf } from "../engine/ast.js";

const ERROR_STATUSES = new Set(["error", "failed", "failure"]);

function isLiteralKeyword(node: ts.Node | undefined, kind: ts.SyntaxKind): boolean {
  if (!node || !isExpression(node)) return false;
  return kindOf(unwrapExpression(node)) === kind;
}

/**
 * Whether an object literal is an error envelope by its own words: `success: false`, `ok: false`,
 * `status: "error"`, an AORP-style `immediate.status: "error"`, or a non-empty `error` field on an
 * object that does not also claim `success: true`. Decided on literals only: a runtime flag
 * (`success: ok`) may go either way, so it counts as success.
 */
export function isErrorEnvelopeLiteral(object: ts.ObjectLiteralExpression): boolean {
  const success = getPropertyValue(object, "success") ?? getPropertyValue(object, "ok");
  if (isLiteralKeyword(success, SyntaxKind.FalseKeyword)) return true;
  const status = literalText(getPropertyValue(object, "status"));
  if (status !== undefined && ERROR_STATUSES.has(status.toLowerCase())) return true;
  const immediate = getPropertyValue(object, "immediate");
  if (immediate && isExpression(immediate)) {
    const inner = unwrapExpression(immediate);
    if (isObjectLiteralExpression(inner) && isErrorEnvelopeLiteral(inner)) return true;
  }
  const error = getPropertyValue(object, "error");
  if (error && isExpression(error) && !isLiteralKeyword(success, SyntaxKind.TrueKeyword)) {
    const value = unwrapExpression(error);
    const empty =
      kindOf(value) === SyntaxKind.NullKeyword ||
      kindOf(value) === SyntaxKind.FalseKeyword ||
      (isIdentifier(value) && value.text === "undefined") ||
      isConditionalExpression(value) ||
      isBinaryExpression(value);
    if (!empty) return true;
  }
  return false;
}
