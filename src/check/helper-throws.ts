import type { ts } from "../compiler.cjs";
import { resolveFunction } from "../analyze/resolve/handler.js";
import { collectExitPoints } from "../analyze/resolve/return-paths.js";
import { isFunctionNode, unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import { mayCallDeclared } from "./declared-names.js";
import {
  forEachChild,
  isCallExpression,
  isClassLike,
  isIdentifier,
  isPropertyAccessExpression,
  isThrowStatement,
  isTryStatement,
} from "../analyze/engine/ast.js";

/**
 * Throws that leave a handler through a project function it calls: `return formatQuote(await
 * this.run(symbol))` where `run` does `throw new Error("Unknown symbol")`. The handler itself
 * returns only formatter results, so its own paths conform, yet the client receives the SDK's or
 * framework's own error text for that throw, not the protocol's error envelope: on the wire the
 * tool does not conform. A call inside a `try` with a `catch` of the handler is covered; so is a
 * throw the called function catches itself. Followed two calls deep, within the project.
 */
export interface HelperThrow {
  /** The throw statement, in the called function. */
  node: ts.ThrowStatement;
  /** The function called by the handler (directly or through one more project function). */
  callee: ts.Node;
}

const DEPTH = 2;

export function helperThrows(
  scope: ts.Node,
  checker: AnalysisChecker,
  isProjectFile: (file: ts.SourceFile) => boolean,
  declared?: ReadonlySet<string>,
): HelperThrow[] {
  const found: HelperThrow[] = [];
  const seen = new Set<ts.Node>();
  for (const throws of throwsByCall(scope, checker, isProjectFile, declared).values()) {
    for (const thrown of throws) {
      if (seen.has(thrown.node)) continue;
      seen.add(thrown.node);
      found.push(thrown);
    }
  }
  return found;
}

/**
 * The same throws by the handler's own call they are reached through, each call with all of its
 * throws (a function two calls reach counts for both): what a try/catch in the handler must cover.
 * `declared`: the names the project declares (declared-names.ts); a call of a name outside it
 * cannot reach a project function and is not asked about.
 */
export function throwsByCall(
  scope: ts.Node,
  checker: AnalysisChecker,
  isProjectFile: (file: ts.SourceFile) => boolean,
  declared?: ReadonlySet<string>,
): Map<ts.CallExpression, HelperThrow[]> {
  const byCall = new Map<ts.CallExpression, HelperThrow[]>();
  const calls = uncaughtCalls(scope).filter((call) => mayCallDeclared(call, declared));
  // Each call's callee is asked for its symbol (resolveFunction): on TypeScript 7, one round trip for all.
  checker.prefetchSymbols?.(calls.flatMap((call) => calleeNames(call.expression)));
  for (const via of calls) {
    const found: HelperThrow[] = [];
    const seen = new Set<ts.Node>();
    const follow = (call: ts.CallExpression, depth: number): void => {
      if (!mayCallDeclared(call, declared)) return;
      const target = resolveFunction(call.expression, checker);
      if (!target || target.getSourceFile().isDeclarationFile || !isProjectFile(target.getSourceFile()) || seen.has(target)) return;
      seen.add(target);
      for (const exit of collectExitPoints(target)) {
        if (exit.isThrow && isThrowStatement(exit.node)) found.push({ node: exit.node, callee: target });
      }
      if (depth < DEPTH) for (const inner of uncaughtCalls(target)) follow(inner, depth + 1);
    };
    follow(via, 1);
    if (found.length > 0) byCall.set(via, found);
  }
  return byCall;
}

/** The calls in `root`'s own body (not in nested functions) that no `try { } catch` of it covers. */
function uncaughtCalls(root: ts.Node): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  const body = isFunctionNode(root) ? root.body : root;
  if (!body) return calls;
  const walk = (node: ts.Node): void => {
    if (node !== body && (isFunctionNode(node) || isClassLike(node))) return;
    if (isTryStatement(node) && node.catchClause) {
      // The try block is covered; the catch and finally blocks are not.
      walk(node.catchClause.block);
      if (node.finallyBlock) walk(node.finallyBlock);
      return;
    }
    if (isCallExpression(node)) calls.push(node);
    forEachChild(node, walk);
  };
  walk(body);
  return calls;
}

/** The name `resolveFunction` asks the symbol of: `f` in `f(...)`, `g` in `o.g(...)`. */
function calleeNames(expression: ts.Expression): ts.Node[] {
  const callee = unwrapExpression(expression);
  if (isIdentifier(callee)) return [callee];
  if (isPropertyAccessExpression(callee)) return [callee.name];
  return [];
}
