import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { resolveFunction } from "../resolve/handler.js";
import { collectExitPoints } from "../resolve/return-paths.js";
import { type FunctionNode, forEachOwnDescendant, unwrapExpression } from "../syntax.js";
import {
  isBinaryExpression,
  isBindingElement,
  isCallExpression,
  isIdentifier,
  isParameter,
  isPropertyAccessExpression,
  isVariableDeclaration,
  kindOf,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/**
 * What the parameters of a function the CallTool handler delegates to stand for: the tool's name
 * (`dispatch(request.params.name, ...)`), the request's params (`route(request.params)`) or the
 * request itself (`handleCallToolRequest(request)`). Each set holds parameter declarations.
 */
export interface Standing {
  readonly names: ReadonlySet<ts.Node>;
  readonly params: ReadonlySet<ts.Node>;
  readonly requests: ReadonlySet<ts.Node>;
}

export const NO_STANDING: Standing = { names: new Set(), params: new Set(), requests: new Set() };

/** The registered handler's own standing: its first parameter is the request. */
export function handlerStanding(handler: FunctionNode): Standing {
  const [request] = handler.parameters;
  return request ? { ...NO_STANDING, requests: new Set([request]) } : NO_STANDING;
}

function declarationOf(identifier: ts.Identifier, checker: AnalysisChecker): ts.Node | undefined {
  return checker.getSymbolAtLocation(identifier)?.valueDeclaration;
}

/** `request.params` (any `x.params`), a variable named `params`, or a parameter that stands for them. */
function isParamsExpression(node: ts.Expression, checker: AnalysisChecker, standing: Standing): boolean {
  const expression = unwrapExpression(node);
  if (isPropertyAccessExpression(expression)) return expression.name.text === "params";
  if (!isIdentifier(expression)) return false;
  if (expression.text === "params") return true;
  // Asked of the checker only inside a function the request was passed to: the registered handler's own names never are.
  if (standing.params.size === 0) return false;
  const declaration = declarationOf(expression, checker);
  return declaration !== undefined && standing.params.has(declaration);
}

/**
 * `request.params.name`, or a variable that holds it (`const { name } = request.params`), or, in
 * a function the handler delegates to, a parameter given the name (`function dispatch(tool: string)`)
 * or bound from a parameter given the params (`function route({ name }: CallToolRequest["params"])`).
 */
export function isToolNameExpression(node: ts.Expression, checker: AnalysisChecker, standing: Standing = NO_STANDING, depth = 0): boolean {
  const expression = unwrapExpression(node);
  if (isPropertyAccessExpression(expression)) {
    if (expression.name.text !== "name") return false;
    return isParamsExpression(expression.expression, checker, standing);
  }
  if (!isIdentifier(expression) || depth > 3) return false;
  const declaration = declarationOf(expression, checker);
  if (!declaration) return false;
  if (standing.names.has(declaration)) return true;
  if (isVariableDeclaration(declaration) && declaration.initializer && isIdentifier(declaration.name)) {
    return isToolNameExpression(declaration.initializer, checker, standing, depth + 1);
  }
  if (isBindingElement(declaration)) {
    const key = declaration.propertyName ?? declaration.name;
    if (!isIdentifier(key) || key.text !== "name") return false;
    const holder = declaration.parent.parent;
    if (isVariableDeclaration(holder) && holder.initializer) return isParamsExpression(holder.initializer, checker, standing);
    if (isParameter(holder)) return standing.params.has(holder);
  }
  return false;
}

/** A call through which the CallTool handler (or a function it delegates to) hands the request on. */
export interface Delegation {
  call: ts.CallExpression;
  /** The function called, when it is the project's own; null when the checker cannot follow it there. */
  target: FunctionNode | null;
  /** What the target's parameters stand for, from what the call passes them. */
  standing: Standing;
}

type Passed = "names" | "params" | "requests";

/** What an argument hands on: the tool's name, the request's params, the request; or nothing of them. */
function passed(argument: ts.Expression, checker: AnalysisChecker, standing: Standing): Passed | undefined {
  const expression = unwrapExpression(argument);
  if (isToolNameExpression(expression, checker, standing)) return "names";
  if (isParamsExpression(expression, checker, standing)) return "params";
  if (isIdentifier(expression) && standing.requests.size > 0) {
    const declaration = declarationOf(expression, checker);
    if (declaration !== undefined && standing.requests.has(declaration)) return "requests";
  }
  return undefined;
}

/**
 * The calls whose result a function returns: `return f(...)`, `return await f(...)`, and a
 * variable it returns that holds one (`const r = await f(...); return r;`, or `r = f(...)` in its body).
 */
function returnedCalls(fn: FunctionNode, checker: AnalysisChecker): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  const held = new Set<ts.Node>();
  for (const exit of collectExitPoints(fn)) {
    if (exit.isThrow || !exit.expression) continue;
    const value = unwrapExpression(exit.expression);
    if (isCallExpression(value)) calls.push(value);
    else if (isIdentifier(value)) {
      const declaration = declarationOf(value, checker);
      // Only a variable of this function: one declared outside it holds what other code put there.
      if (!declaration || !isVariableDeclaration(declaration) || held.has(declaration) || !within(declaration, fn)) continue;
      held.add(declaration);
      if (declaration.initializer) {
        const initial = unwrapExpression(declaration.initializer);
        if (isCallExpression(initial)) calls.push(initial);
      }
      const name = value.text;
      forEachOwnDescendant(fn, (node) => {
        if (!isBinaryExpression(node) || kindOf(node.operatorToken) !== SyntaxKind.EqualsToken) return;
        const left = unwrapExpression(node.left);
        const right = unwrapExpression(node.right);
        if (isIdentifier(left) && left.text === name && isCallExpression(right) && declarationOf(left, checker) === declaration) calls.push(right);
      });
    }
  }
  return calls;
}

function within(node: ts.Node, root: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === root) return true;
  return false;
}

/**
 * The calls through which a function hands the request on and returns what they return
 * (`return handleCallToolRequest(request)`, `return await dispatch(name, args)`), each with the
 * function it calls, when that is the project's own, and what the callee's parameters then stand
 * for. A call that passes none of the request, its params or the tool's name is no delegation:
 * what it runs cannot tell the tools apart.
 */
export function delegationsOf(fn: FunctionNode, standing: Standing, checker: AnalysisChecker): Delegation[] {
  const delegations: Delegation[] = [];
  for (const call of returnedCalls(fn, checker)) {
    const kinds = call.arguments.map((argument) => passed(argument, checker, standing));
    if (!kinds.some((kind) => kind !== undefined)) continue;
    const resolved = resolveFunction(call.expression, checker);
    const target = resolved && !resolved.getSourceFile().isDeclarationFile ? resolved : null;
    const sets: Record<Passed, Set<ts.Node>> = { names: new Set(), params: new Set(), requests: new Set() };
    if (target) {
      kinds.forEach((kind, index) => {
        const parameter = target.parameters[index];
        // A rest parameter gathers several arguments: it stands for none of them.
        if (kind && parameter && !parameter.dotDotDotToken) sets[kind].add(parameter);
      });
    }
    delegations.push({ call, target, standing: sets });
  }
  return delegations;
}
