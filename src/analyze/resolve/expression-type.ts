import type { ts } from "../../compiler.cjs";
import { isValueWrapper, unwrapExpression } from "../syntax.js";
import { isAwaitExpression, isIdentifier, isParameter, isVariableDeclaration } from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/**
 * The type of a payload expression, asked as cheaply as the checker allows. A variable with a
 * type annotation (`const result: Forecast = ...`) answers with its annotation: asking for the
 * identifier's type at the return would run control-flow narrowing backwards through the handler,
 * which resolves every call on the way (and the zod-inferred overloads of the registration with
 * them). The annotation is also what the author means the payload to be.
 *
 * An awaited expression (`JSON.stringify(await fetchForecast(city))`) is the settled value, not the
 * promise: the operand's type, awaited. Where the engine cannot await it (TypeScript 7's API cannot
 * build the awaited form of `Promise<A> | B`), the checker's own type of the `await` is asked.
 */
export function payloadTypeOf(expression: ts.Expression, checker: AnalysisChecker): ts.Type {
  const node = unwrapExpression(expression);
  const type = operandTypeOf(node, checker);
  const awaitNode = awaitAmongWrappers(expression);
  if (!awaitNode) return type;
  return checker.getAwaitedType(type) ?? checker.getTypeAtLocation(awaitNode);
}

/**
 * What `expression` settles to: its type, awaited. Where the engine cannot await it (see
 * `payloadTypeOf`) and the source awaits it (`return await lookup(id)`), the `await`'s own type;
 * else the type as it is.
 */
export function settledTypeOf(expression: ts.Expression, checker: AnalysisChecker): ts.Type {
  const type = checker.getTypeAtLocation(expression);
  const settled = checker.getAwaitedType(type);
  if (settled) return settled;
  const awaitNode = enclosingAwait(expression);
  return awaitNode ? checker.getTypeAtLocation(awaitNode) : type;
}

function operandTypeOf(node: ts.Expression, checker: AnalysisChecker): ts.Type {
  if (isIdentifier(node)) {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (declaration && (isVariableDeclaration(declaration) || isParameter(declaration)) && declaration.type) {
      return checker.getTypeFromTypeNode(declaration.type);
    }
  }
  return checker.getTypeAtLocation(node);
}

/** The `await` of `node`, seen through the wrappers `isValueWrapper` names, if any. */
function enclosingAwait(node: ts.Expression): ts.AwaitExpression | undefined {
  for (let current: ts.Node = node; ; current = current.parent) {
    const parent = current.parent;
    if (isAwaitExpression(parent)) return parent;
    if (!isValueWrapper(parent)) return undefined;
  }
}

/** The outermost `await` among an expression's wrappers (parentheses, `as`, `!`...), if any. */
function awaitAmongWrappers(expression: ts.Expression): ts.AwaitExpression | undefined {
  let node = expression;
  while (isValueWrapper(node)) node = node.expression;
  return isAwaitExpression(node) ? node : undefined;
}
