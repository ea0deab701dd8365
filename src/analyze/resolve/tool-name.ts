import { ts } from "ts-morph";
import { literalText, unwrapExpression } from "../syntax.js";

/**
 * A tool name as the checker sees it: string literals, template literals without holes, `as const`
 * constants and string enum members all have a string-literal type. Anything wider (`string`) is
 * a computed name we refuse to guess.
 */
export function resolveToolName(expression: ts.Expression, checker: ts.TypeChecker): string | undefined {
  const literal = literalText(expression);
  if (literal !== undefined) return literal;
  const type = checker.getTypeAtLocation(unwrapExpression(expression));
  if (type.isStringLiteral()) return type.value;
  return undefined;
}
