import type { ts } from "../../compiler.cjs";
import { isFunctionNode, unwrapExpression } from "../syntax.js";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import {
  forEachChild,
  isBinaryExpression,
  isBlock,
  isBreakStatement,
  isCaseClause,
  isClassLike,
  isExpressionStatement,
  isIdentifier,
  isIfStatement,
  isReturnStatement,
  isSwitchStatement,
  isThrowStatement,
  isVariableDeclaration,
  kindOf,
} from "../engine/ast.js";
import { collectExitPoints, type ExitPoint } from "./return-paths.js";

const resultPointsOf = new WeakMap<ts.Node, readonly ExitPoint[]>();

/**
 * The ways a low-level branch (a `case` clause or an `if` branch of a dispatcher) hands back its
 * tool's result: its exit points, and, when it leaves the dispatch for the code after it, each
 * value it assigns to a variable that code returns (`case "x": result = await handleX(args);
 * break;` ... `return result;`). Those assignments are the tool's return paths, as `return`s in
 * the branch would be. What runs between the dispatch and the `return` (a variable reassigned or
 * changed there) is not followed: the value assigned in the branch stands for what is returned.
 *
 * Only the analysis reads the assignments (the inventory's paths and payload); `check` and
 * `migrate`, which judge and rewrite `return`s, see the exit points alone.
 */
export function collectResultPoints(scope: ts.Node): ExitPoint[] {
  let points = resultPointsOf.get(scope);
  if (!points) {
    points = [...collectExitPoints(scope), ...assignedResults(scope)];
    resultPointsOf.set(scope, points);
  }
  return [...points];
}

function assignedResults(scope: ts.Node): ExitPoint[] {
  const dispatch = dispatchStatementOf(scope);
  if (!dispatch || !leavesForTheCodeAfter(scope, dispatch)) return [];
  let fn: ts.Node | undefined = dispatch.parent;
  while (fn && !isFunctionNode(fn)) fn = fn.parent;
  if (!fn) return [];
  const returned = namesReturnedAfter(fn, dispatch.end);
  if (returned.size === 0) return [];
  const shadowed = namesDeclaredIn(scope);
  const points: ExitPoint[] = [];
  const walk = (node: ts.Node): void => {
    if (isFunctionNode(node) || isClassLike(node)) return;
    if (isExpressionStatement(node)) {
      const assignment = node.expression;
      if (
        isBinaryExpression(assignment) &&
        kindOf(assignment.operatorToken) === SyntaxKind.EqualsToken &&
        isIdentifier(assignment.left) &&
        returned.has(assignment.left.text) &&
        !shadowed.has(assignment.left.text)
      ) {
        points.push({ node, expression: assignment.right, isThrow: false, assigned: true });
      }
    }
    forEachChild(node, walk);
  };
  forEachChild(scope, walk);
  return points;
}

/** The `switch` a `case` clause belongs to, or the head of the `if` chain whose branch this is. */
function dispatchStatementOf(scope: ts.Node): ts.Statement | undefined {
  if (isCaseClause(scope)) {
    const statement = scope.parent.parent;
    return isSwitchStatement(statement) ? statement : undefined;
  }
  const parent = scope.parent;
  if (!parent || !isIfStatement(parent) || parent.thenStatement !== scope) return undefined;
  let head: ts.IfStatement = parent;
  while (head.parent && isIfStatement(head.parent) && head.parent.elseStatement === head) head = head.parent;
  return head;
}

/** Whether a branch may go on to the code after its dispatch: a `break` out of its `switch`, or an end it can reach. */
function leavesForTheCodeAfter(scope: ts.Node, dispatch: ts.Statement): boolean {
  if (isCaseClause(scope)) {
    if (breaksOut(scope)) return true;
    // The last clause falls out of the switch at its end.
    const clauses = (dispatch as ts.SwitchStatement).caseBlock.clauses;
    return clauses[clauses.length - 1] === scope && !endsAbruptly(scope.statements);
  }
  return !endsAbruptly(isBlock(scope) ? scope.statements : [scope as ts.Statement]);
}

function endsAbruptly(statements: readonly ts.Statement[]): boolean {
  const last = statements[statements.length - 1];
  return last !== undefined && (isReturnStatement(last) || isThrowStatement(last) || isBreakStatement(last) || kindOf(last) === SyntaxKind.ContinueStatement);
}

const LOOP_KINDS = new Set<ts.SyntaxKind>([
  SyntaxKind.ForStatement,
  SyntaxKind.ForInStatement,
  SyntaxKind.ForOfStatement,
  SyntaxKind.WhileStatement,
  SyntaxKind.DoStatement,
]);

/** An unlabelled `break` in a `case` clause that leaves its own `switch` (not one of a loop or `switch` inside it). */
function breaksOut(clause: ts.CaseClause): boolean {
  let found = false;
  const walk = (node: ts.Node): void => {
    if (found || isFunctionNode(node) || isClassLike(node) || isSwitchStatement(node) || LOOP_KINDS.has(kindOf(node))) return;
    if (isBreakStatement(node) && !node.label) found = true;
    else forEachChild(node, walk);
  };
  forEachChild(clause, walk);
  return found;
}

/** The variables a function returns by name (`return result;`) after a position in it. */
function namesReturnedAfter(fn: ts.Node, position: number): Set<string> {
  const names = new Set<string>();
  for (const exit of collectExitPoints(fn)) {
    if (exit.isThrow || !exit.expression || exit.node.pos < position) continue;
    const value = unwrapExpression(exit.expression);
    if (isIdentifier(value)) names.add(value.text);
  }
  return names;
}

/** Names a branch declares for itself: assigning one of those is no result. */
function namesDeclaredIn(scope: ts.Node): Set<string> {
  const names = new Set<string>();
  const walk = (node: ts.Node): void => {
    if (isFunctionNode(node) || isClassLike(node)) return;
    if (isVariableDeclaration(node) && isIdentifier(node.name)) names.add(node.name.text);
    forEachChild(node, walk);
  };
  forEachChild(scope, walk);
  return names;
}
