import { ts } from "../compiler.cjs";
import { isFunctionNode, unwrapExpression } from "../analyze/syntax.js";
import type { ExitRewrite } from "./exit-rewrites.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import { isAsyncFunction } from "./wrap.js";

/**
 * A handler that returns a promise of its payload (`return this.run(input.symbol)` in an async
 * `execute`) lets the framework await it; the formatter does not, so the payload it is given must
 * be the awaited value. In an async function the payload becomes `await <expression>`. A function
 * that is not async keeps its shape (it returned a promise and still does): the formatter is called
 * on the settled value, `<expression>.then((quote) => formatX(quote, ...))`, under a name nothing in
 * the function uses yet.
 */
export type Awaited = Extract<ExitRewrite, { kind: "success" }> & {
  /** The promise's expression when the function is not async: the formatter call goes in its `.then`. */
  then?: string;
};

function isThenable(type: ts.Type, checker: AnalysisChecker): boolean {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return false;
  return checker.getPropertyOfType(checker.getNonNullableType(type), "then") !== undefined;
}

/** An expression that can stand after `await` or before `.then` as it is. */
function operand(node: ts.Expression): string {
  const text = node.getText(node.getSourceFile());
  const inner = unwrapExpression(node);
  const simple =
    ts.isIdentifier(inner) ||
    ts.isCallExpression(inner) ||
    ts.isPropertyAccessExpression(inner) ||
    ts.isElementAccessExpression(inner) ||
    ts.isParenthesizedExpression(node);
  return simple && inner === node ? text : ts.isParenthesizedExpression(node) ? text : `(${text})`;
}

/** A name for the settled payload that no identifier of `fn` uses (`result`, `result2`, ...). */
function freshName(fn: ts.Node, base: string): string {
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(fn);
  if (!used.has(base)) return base;
  for (let index = 2; ; index++) if (!used.has(`${base}${index}`)) return `${base}${index}`;
}

/** The success rewrite of an exit whose payload is a promise: its awaited value as the formatter's payload. */
export function awaitPayload(rewrite: ExitRewrite, checker: AnalysisChecker): ExitRewrite | Awaited {
  // Written by an earlier run: `promise.then((payload) => formatX(payload, ...))`.
  if (rewrite.kind === "skip" && rewrite.exit.expression && isSettledFormatterCall(rewrite.exit.expression)) return { kind: "done", exit: rewrite.exit };
  if (rewrite.kind !== "success") return rewrite;
  const node = rewrite.payloadNode;
  if (!isThenable(checker.getTypeAtLocation(node), checker)) return rewrite;
  const fn = ts.findAncestor(rewrite.exit.node, isFunctionNode);
  if (fn && isAsyncFunction(fn)) return { ...rewrite, payload: `await ${operand(node)}` };
  return { ...rewrite, payload: freshName(fn ?? node.getSourceFile(), "payload"), then: operand(node) };
}

function isSettledFormatterCall(expression: ts.Expression): boolean {
  const call = unwrapExpression(expression);
  if (!ts.isCallExpression(call) || call.arguments.length !== 1) return false;
  const callee = unwrapExpression(call.expression);
  const callback = unwrapExpression(call.arguments[0]!);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "then" || !ts.isArrowFunction(callback) || ts.isBlock(callback.body)) return false;
  const body = unwrapExpression(callback.body);
  return ts.isCallExpression(body) && ts.isIdentifier(body.expression) && /^format[A-Z]\w*$/.test(body.expression.text);
}
