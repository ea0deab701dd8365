import { ts } from "ts-morph";
import { unwrapExpression } from "../syntax.js";
import { isIdentifier, isParameter, isVariableDeclaration } from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/**
 * The type of a payload expression, asked as cheaply as the checker allows. A variable with a
 * type annotation (`const result: Forecast = ...`) answers with its annotation: asking for the
 * identifier's type at the return would run control-flow narrowing backwards through the handler,
 * which resolves every call on the way (and the zod-inferred overloads of the registration with
 * them). The annotation is also what the author means the payload to be.
 */
export function payloadTypeOf(expression: ts.Expression, checker: AnalysisChecker): ts.Type {
  const node = unwrapExpression(expression);
  if (isIdentifier(node)) {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (declaration && (isVariableDeclaration(declaration) || isParameter(declaration)) && declaration.type) {
      return checker.getTypeFromTypeNode(declaration.type);
    }
  }
  return checker.getTypeAtLocation(node);
}
