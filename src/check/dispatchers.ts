import type { ts } from "../compiler.cjs";
import { isCallToolResultLiteral } from "../analyze/resolve/call-tool-result.js";
import { calleeName, getPropertyNode, isFunctionNode, unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import { fileNodes } from "../analyze/file-nodes.js";
import {
  forEachChild,
  isArrowFunction,
  isAwaitExpression,
  isBlock,
  isCallExpression,
  isClassLike,
  isIdentifier,
  isObjectLiteralExpression,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isReturnStatement,
  isStringLiteral,
  isVariableDeclaration,
} from "../analyze/engine/ast.js";

/**
 * Dispatchers that re-serialise a handler's result. Servers that keep their tools as objects (a
 * map, an array, `tool({...})`) run them from one place, a CallTool handler or a registration
 * loop, and often put whatever the handler returns into a text block:
 *
 *   const result = await tool.handler(args);
 *   return { content: [{ type: "text", text: JSON.stringify(result) }] };
 *
 * Once the handler returns a whole `CallToolResult` (a formatter's), the client receives the JSON
 * of that result inside a text block: no top-level `structuredContent`, `isError` lost. A call is
 * one of a tool's dispatches when the member it calls is that tool's handler: the handler property
 * of the tool's object literal, or the member of the type the literal is written against (every
 * `NoteTool.handler` call serves every `NoteTool`), matched by declaration through the checker.
 */

/** Where a tool object keeps its handler (as the `tool-object` discovery style reads it). */
const HANDLER_KEYS = ["handler", "execute", "handle"];

export interface SerialisingDispatch {
  /** The call of the handler (`tool.handler(args)`), with its `await` when there is one. */
  call: ts.Expression;
  /** The returned result that wraps the handler's result: to be replaced by it. */
  result: ts.ObjectLiteralExpression;
  /** What to return instead: the variable holding the handler's result, or the call itself. */
  passThrough: ts.Expression;
  /** The member the call goes through (an interface's `handler(...)`), to retype for the pass-through. */
  member: ts.Declaration | null;
}

/** The dispatch calls of a project, indexed once per run: handler-member calls by the declarations they reach. */
export class DispatchIndex {
  private readonly byDeclaration = new Map<ts.Node, ts.CallExpression[]>();

  constructor(
    private readonly checker: AnalysisChecker,
    files: readonly ts.SourceFile[],
  ) {
    for (const file of files) {
      for (const call of fileNodes(file).calls) {
        const callee = unwrapExpression(call.expression);
        if (isPropertyAccessExpression(callee) && HANDLER_KEYS.includes(callee.name.text)) {
          for (const declaration of checker.getSymbolAtLocation(callee.name)?.declarations ?? []) {
            const calls = this.byDeclaration.get(declaration) ?? [];
            calls.push(call);
            this.byDeclaration.set(declaration, calls);
          }
        }
      }
    }
  }

  /** The dispatches of the tool whose object literal is `registration` that serialise its result. */
  serialising(registration: ts.Node | null): SerialisingDispatch[] {
    if (!registration || !isObjectLiteralExpression(registration)) return [];
    const property = HANDLER_KEYS.map((key) => getPropertyNode(registration, key)).find((node) => node !== undefined);
    if (!property || !property.name) return [];
    const key = isIdentifier(property.name) || isStringLiteral(property.name) ? property.name.text : undefined;
    const members = new Set<ts.Node>([property]);
    const contextual = this.checker.getContextualType(registration);
    const declared = contextual && key ? this.checker.getPropertyOfType(contextual, key) : undefined;
    for (const declaration of declared?.declarations ?? []) members.add(declaration);
    const found: SerialisingDispatch[] = [];
    const seen = new Set<ts.Node>();
    for (const member of members) {
      for (const call of this.byDeclaration.get(member) ?? []) {
        if (seen.has(call)) continue;
        seen.add(call);
        const dispatch = serialisation(call, this.checker);
        if (dispatch) found.push({ ...dispatch, member: member === property ? null : (member as ts.Declaration) });
      }
    }
    return found;
  }
}

/** The returns of `fn` itself (not of functions nested in it), as their expressions. */
function ownReturns(fn: ts.Node): ts.Expression[] {
  if (isArrowFunction(fn) && !isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const walk = (node: ts.Node): void => {
    if (node !== fn && (isFunctionNode(node) || isClassLike(node))) return;
    if (isReturnStatement(node) && node.expression) found.push(node.expression);
    forEachChild(node, walk);
  };
  walk(fn);
  return found;
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.getStart() >= outer.getStart() && inner.getEnd() <= outer.getEnd();
}

/** Whether `literal`'s content mentions `target` (the call itself, or the variable holding its result). */
function wrapsIn(literal: ts.ObjectLiteralExpression, target: ts.Node, checker: AnalysisChecker): boolean {
  const symbol = isIdentifier(target) ? checker.getSymbolAtLocation(target) : undefined;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (node === target || (symbol && isIdentifier(node) && checker.getSymbolAtLocation(node) === symbol)) {
      found = true;
      return;
    }
    forEachChild(node, visit);
  };
  visit(literal);
  return found;
}

function serialisation(call: ts.CallExpression, checker: AnalysisChecker): Omit<SerialisingDispatch, "member"> | null {
  let expression: ts.Expression = call;
  while (isAwaitExpression(expression.parent) || isParenthesizedExpression(expression.parent)) expression = expression.parent;
  let fn: ts.Node | undefined = call.parent;
  while (fn && !isFunctionNode(fn)) fn = fn.parent;
  if (!fn) return null;
  const parent = expression.parent;
  // `const result = await tool.handler(args)`, then a returned result built around `result`.
  const holder = isVariableDeclaration(parent) && parent.initializer === expression && isIdentifier(parent.name) ? parent.name : null;
  for (const returned of ownReturns(fn)) {
    const literal = unwrapExpression(returned);
    if (!isObjectLiteralExpression(literal) || !isCallToolResultLiteral(literal)) continue;
    if (holder ? !wrapsIn(literal, holder, checker) : !contains(literal, expression)) continue;
    // Only a result that serialises it: `JSON.stringify(result)` or the value itself in the content.
    if (!holder && !isSerialisedInline(expression, literal)) continue;
    return { call: expression, result: literal, passThrough: holder ?? expression };
  }
  return null;
}

/** `{ content: [{ type: "text", text: JSON.stringify(await tool.handler(args)) }] }` and the like. */
function isSerialisedInline(expression: ts.Expression, literal: ts.ObjectLiteralExpression): boolean {
  for (let node: ts.Node = expression.parent; node !== literal; node = node.parent) {
    if (isCallExpression(node) && calleeName(node) === "stringify") return true;
    if (isPropertyAssignment(node) && isIdentifier(node.name) && (node.name.text === "text" || node.name.text === "structuredContent")) return true;
  }
  return false;
}
