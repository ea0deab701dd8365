import type { ts } from "../../compiler.cjs";
import { type FunctionNode, isFunctionNode } from "../syntax.js";
import {
  forEachChild,
  isArrowFunction,
  isBlock,
  isClassLike,
  isConditionalExpression,
  isParenthesizedExpression,
  isReturnStatement,
  isThrowStatement,
  isTryStatement,
} from "../engine/ast.js";

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
  /**
   * One branch of a conditional that the statement (or arrow body) `node` returns
   * (`return res.ok ? { content } : { content, isError: true }`): `expression` is the branch. Each
   * branch is a path of its own, a success or an error, and is rewritten where it stands.
   */
  branch?: true;
}

/** Where an exit is, for its file:line: a branch where it is written, any other exit at its statement. */
export function exitSite(exit: ExitPoint): ts.Node {
  return exit.branch && exit.expression ? exit.expression : exit.node;
}

/**
 * The inventory's path of each exit (`ToolEntry.returns`, matched by file and line): the nth exit
 * at a line is the nth path recorded there, as a conditional's branches on one line (`return ok ?
 * a : b`) are recorded in the order their exits come. An exit past the paths of its line gets the
 * first of them.
 */
export function recordedPaths<Path extends { file: string; line: number }>(
  exits: readonly ExitPoint[],
  paths: readonly Path[],
  where: (node: ts.Node) => { file: string; line: number },
): (Path | undefined)[] {
  const seen = new Map<string, number>();
  return exits.map((exit) => {
    const at = where(exitSite(exit));
    const key = `${at.file}:${at.line}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const atLine = paths.filter((path) => path.file === at.file && path.line === at.line);
    return atLine[nth] ?? atLine[0];
  });
}

/** The values a returned expression may be, past parentheses: each branch of a conditional, else itself. */
function returnedBranches(expression: ts.Expression): ts.Expression[] {
  let inner = expression;
  while (isParenthesizedExpression(inner)) inner = inner.expression;
  return isConditionalExpression(inner) ? [...returnedBranches(inner.whenTrue), ...returnedBranches(inner.whenFalse)] : [expression];
}

/** The exit points of one returned value: itself, or each branch of the conditional it is. */
function returnedExits(node: ts.Node, expression: ts.Expression | undefined): ExitPoint[] {
  const branches = expression ? returnedBranches(expression) : [];
  if (branches.length <= 1) return [{ node, expression, isThrow: false }];
  return branches.map((branch) => ({ node, expression: branch, isThrow: false, branch: true }));
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
    return returnedExits(root.body, root.body);
  }
  const body = isFunctionNode(root) ? root.body : root;
  if (!body) return [];
  const exits: ExitPoint[] = [];
  const walk = (node: ts.Node): void => {
    if (isFunctionNode(node) || isClassLike(node)) return;
    if (isReturnStatement(node)) exits.push(...returnedExits(node, node.expression));
    else if (isThrowStatement(node) && !isCaughtLocally(node, body)) exits.push({ node, expression: node.expression, isThrow: true });
    forEachChild(node, walk);
  };
  if (body === root && !isFunctionNode(root)) forEachChild(root, walk);
  else walk(body);
  return exits;
}
