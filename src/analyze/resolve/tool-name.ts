import type { ts } from "../../compiler.cjs";
import { isIdentifier, isShorthandPropertyAssignment, isVariableDeclaration } from "../engine/ast.js";
import { SymbolFlags, TypeFlags } from "../engine/ts6-enums.generated.js";
import type { AnalysisChecker, EngineProject } from "../engine/engine.js";
import { literalText, unwrapExpression } from "../syntax.js";

/**
 * A tool name as the checker sees it: string literals, template literals without holes, `as const`
 * constants and string enum members all have a string-literal type. Anything wider (`string`) is
 * a computed name we refuse to guess. Read through the analysis engine.
 */
export function resolveToolName(
  expression: ts.Expression,
  project: EngineProject,
  checker: Pick<AnalysisChecker, "getShorthandAssignmentValueSymbol" | "getAliasedSymbol">,
): string | undefined {
  const literal = literalText(expression);
  if (literal !== undefined) return literal;
  const [type] = project.checker.typesAt([shorthandValueName(expression, checker) ?? unwrapExpression(expression)]);
  if (!type || (project.checker.flags(type) & TypeFlags.StringLiteral) === 0) return undefined;
  const value = project.checker.literalValue(type);
  return typeof value === "string" ? value : undefined;
}

/**
 * For the name of a shorthand property (`export default { name, description }`), the const it
 * stands for: the property itself has the widened type (`string`), the const its literal.
 */
export function shorthandValueName(
  expression: ts.Expression,
  checker: Pick<AnalysisChecker, "getShorthandAssignmentValueSymbol" | "getAliasedSymbol">,
): ts.Node | undefined {
  const property = expression.parent;
  if (!property || !isShorthandPropertyAssignment(property) || property.name !== expression) return undefined;
  let symbol = checker.getShorthandAssignmentValueSymbol(property);
  if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  return declaration && isVariableDeclaration(declaration) && isIdentifier(declaration.name) ? declaration.name : undefined;
}
