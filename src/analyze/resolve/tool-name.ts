import type { ts } from "../../compiler.cjs";
import { TypeFlags } from "../engine/ts6-enums.generated.js";
import type { EngineProject } from "../engine/engine.js";
import { literalText, unwrapExpression } from "../syntax.js";

/**
 * A tool name as the checker sees it: string literals, template literals without holes, `as const`
 * constants and string enum members all have a string-literal type. Anything wider (`string`) is
 * a computed name we refuse to guess. Read through the analysis engine.
 */
export function resolveToolName(expression: ts.Expression, project: EngineProject): string | undefined {
  const { checker } = project;
  const literal = literalText(expression);
  if (literal !== undefined) return literal;
  const [type] = checker.typesAt([unwrapExpression(expression)]);
  if (!type || (checker.flags(type) & TypeFlags.StringLiteral) === 0) return undefined;
  const value = checker.literalValue(type);
  return typeof value === "string" ? value : undefined;
}
