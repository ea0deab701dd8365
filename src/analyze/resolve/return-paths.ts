import type { ts } from "../../compiler.cjs";
import { type FunctionNode, isFunctionNode } from "../syntax.js";
import { forEachChild, isArrowFunction, isBlock, isClassLike, isReturnStatement, isThrowStatement, isTryStatement } from "../engine/ast.js";

/** One way out of a handler: a `return`, a `throw`, or an arrow's expression body. */
export interface ExitPoint {
  node: ts.Node;
  /** The returned or thrown value; undefined for a bare `return;`. */
  expression: ts.Expression | undefined;
  isThrow: boolean;
  /**
   * A value a low-level branch assigns to the variable its dispatcher returns after the `switch`
   * (or `if` chain): `node` is the assignment's statement, `expression` the value assigned.
   */
  assigned?: true;
}

function isCaughtLocally(node: ts.Node, root: ts.Node): boolean {
  for (let current = node.parent; current && current !== root; current = current.parent) {
    if (isFunctionNode(current)) return false;
    const parent = current.parent;
    // A throw in a `try` block with a `catch` does not leave the handler.
    if (parent && isTryStatement(parent) && parent.tryBlock === current && parent.catchClause) return true;
  }
  return false;
}

/**
 * Each scope's exit points, found once: the analysis, `check`'s batches, its verdicts and the throws
 * it follows into callees all ask for the same handlers' (a syntax walk, and on TypeScript 7 every
 * node it visits is decoded from the compiler's tree). Nodes never change, so neither do their exits.
 */
const exitPointsOf = new WeakMap<ts.Node, readonly ExitPoint[]>();

/**
 * The exit points of a handler, or of a narrower scope (a low-level `case`). Returns inside nested
 * callbacks (`items.map(i => { return ... })`) belong to those callbacks, not to the handler.
 */
export function collectExitPoints(root: FunctionNode | ts.Node): ExitPoint[] {
  let exits = exitPointsOf.get(root);
  if (!exits) {
    exits = findExitPoints(root);
    exitPointsOf.set(root, exits);
  }
  return [...exits];
}

function findExitPoints(root: FunctionNode | ts.Node): ExitPoint[] {
  if (isArrowFunction(root) && !isBlock(root.body)) {
    return [{ node: root.body, expression: root.body, isThrow: false }];
  }
  const body = isFunctionNode(root) ? root.body : root;
  if (!body) return [];
  const exits: ExitPoint[] = [];
  const walk = (node: ts.Node): void => {
    if (isFunctionNode(node) || isClassLike(node)) return;
    if (isReturnStatement(node)) exits.push({ node, expression: node.expression, isThrow: false });
    else if (isThrowStatement(node) && !isCaughtLocally(node, body)) exits.push({ node, expression: node.expression, isThrow: true });
    forEachChild(node, walk);
  };
  if (body === root && !isFunctionNode(root)) forEachChild(root, walk);
  else walk(body);
  return exits;
}
