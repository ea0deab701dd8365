import type { ts } from "../compiler.cjs";
import { unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import { isArrowFunction, isAwaitExpression, isBlock, isCallExpression, isPropertyAccessExpression } from "../analyze/engine/ast.js";

/**
 * Placeholder content: the parts of a response that `migrate` filled with neutral values because the
 * legacy response never said them (AORP's confidence 0.5, "`tool` completed", a generic recovery).
 * The generated kit's legacy builders return their parts branded `Placeholders<P, K>`, `K` naming
 * those parts; a return whose formatter call is given a branded value sends them. The brand is
 * found by its declaration in kit.ts (never by name), through the types the checker gives the
 * formatter's arguments, so parts stored in a variable first are seen too.
 */
export interface PlaceholderUse {
  /** The parts still placeholders, sorted. */
  parts: string[];
  /** The expression that made them (`legacyParts("get_forecast")`), for the message. */
  source: string;
}

export function placeholdersOf(checker: AnalysisChecker, expression: ts.Expression | undefined, brand: ts.Declaration | null): PlaceholderUse | null {
  if (!brand || !expression) return null;
  let value = unwrapExpression(expression);
  if (isAwaitExpression(value)) value = unwrapExpression(value.expression);
  if (!isCallExpression(value)) return null;
  // `promise.then((payload) => formatX(payload, legacyParts(...)))`, as migrate writes it in a function that is not async.
  const call = settledCall(value) ?? value;
  const parts = new Set<string>();
  let source: string | null = null;
  for (const argument of call.arguments) {
    const type = checker.getTypeAtLocation(argument);
    const property = checker.getPropertiesOfType(type).find((symbol) => symbol.declarations?.includes(brand));
    if (!property) continue;
    const named = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(property, argument));
    for (const member of named.isUnion() ? named.types : [named]) if (member.isStringLiteral()) parts.add(member.value);
    source ??= argumentText(argument);
  }
  return parts.size === 0 ? null : { parts: [...parts].sort(), source: source ?? "" };
}

function settledCall(call: ts.CallExpression): ts.CallExpression | null {
  const callee = unwrapExpression(call.expression);
  const callback = call.arguments.length === 1 ? unwrapExpression(call.arguments[0]!) : undefined;
  if (!isPropertyAccessExpression(callee) || callee.name.text !== "then" || !callback || !isArrowFunction(callback) || isBlock(callback.body)) return null;
  const body = unwrapExpression(callback.body);
  return isCallExpression(body) ? body : null;
}

function argumentText(argument: ts.Expression): string {
  const value = unwrapExpression(argument);
  const shown = isCallExpression(value) ? `${value.expression.getText(value.getSourceFile())}(...)` : value.getText(value.getSourceFile());
  return shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
}
