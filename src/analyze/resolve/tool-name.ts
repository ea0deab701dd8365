import { ts } from "ts-morph";
import type { EngineProject } from "../engine/engine.js";
import { literalText, unwrapExpression } from "../engine/syntax.js";

/**
 * A tool name as the checker sees it: string literals, template literals without holes, `as const`
 * constants and string enum members all have a string-literal type. Anything wider (`string`) is
 * a computed name we refuse to guess. Read through the analysis engine.
 */
export function resolveToolName(expression: ts.Expression, project: EngineProject): string | undefined {
  const { syntax, checker } = project;
  const literal = literalText(syntax, expression);
  if (literal !== undefined) return literal;
  const [type] = checker.typesAt([unwrapExpression(syntax, expression)]);
  if (!type || (checker.flags(type) & ts.TypeFlags.StringLiteral) === 0) return undefined;
  const value = checker.literalValue(type);
  return typeof value === "string" ? value : undefined;
}
