import type { ts } from "../../compiler.cjs";
import { AnalyzeCodes } from "../diagnostic-codes.js";
import type { DiscoveryStyle } from "../inventory.js";
import { resolveFunction } from "../resolve/handler.js";
import { EMPTY_ENV, type Binder, type Env, type Evaluation, Evaluator, type Value } from "../resolve/values.js";
import { type FunctionNode, forEachOwnDescendant, isFunctionNode, unwrapExpression } from "../syntax.js";
import type { DiscoveryContext, ToolCandidate, ToolServer } from "./candidate.js";
import { isForwardedToolObjectName } from "./forwarding.js";
import {
  isBindingElement,
  isBlock,
  isCallExpression,
  isIdentifier,
  isNewExpression,
  isObjectLiteralExpression,
  isParameter,
  isPropertyAccessExpression,
  isPropertyDeclaration,
  isVariableDeclaration,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/** One part of a registration: an argument, or a member of one (`def.name` for `addTool(def)`). */
export interface RegistrationRole {
  expression: ts.Expression;
  path: readonly string[];
}

/**
 * A registration call (`registerTool`, `tool`, `addTool`, `registerToolTask`) as its discoverer
 * reads it: which argument plays which part. Resolving the parts, and instantiating a registration
 * that forwards them, is the same for every style (this file).
 */
export interface Registration {
  style: DiscoveryStyle;
  call: ts.CallExpression;
  /** The server the call is made on (`server` in `server.registerTool(...)`). */
  receiver: ts.Expression | undefined;
  name: RegistrationRole;
  /** Where the description may be, first match wins (`description`, then `title`). */
  description: RegistrationRole[];
  input: RegistrationRole | null;
  handler: RegistrationRole | null;
  payloadMode: "call-tool-result" | "raw";
  /**
   * The definition object is the registration's own argument (FastMCP's `addTool(def)`): the tool
   * keeps the registration's style even though its parts are that object's members.
   */
  ownsDefinition?: boolean;
}

/**
 * A call of the project's own function that happens to share a registration's name
 * (`registry.registerTool(name, config, cb)` on a class of the project): not a registration, but a
 * call the function's own registration is instantiated for.
 */
export function callsProjectFunction(call: ts.CallExpression, checker: AnalysisChecker): boolean {
  const target = resolveFunction(call.expression, checker, 0, true);
  return target !== null && !target.getSourceFile().isDeclarationFile;
}

/** Property names under which tool objects keep their handler. */
const HANDLER_KEYS = ["handler", "execute", "handle", "callback", "run"];
/** How many instantiations one registration may give before it is taken as unreadable. */
const MAX_INSTANCES = 500;
/** How many names one instantiation may bind (nested loops and forwarding functions). */
const MAX_BINDINGS = 12;

/** The object literal a definition is written as: itself, or the one a helper like `tool({...})` is handed. */
function definitionNode(node: ts.Node): ts.Node {
  if (isCallExpression(node) && node.arguments.length === 1) {
    const argument = unwrapExpression(node.arguments[0]!);
    if (isObjectLiteralExpression(argument)) return argument;
  }
  return node;
}

function ownerOf(value: Value): ts.Node | undefined {
  if (value.kind === "node" || value.kind === "string") return value.owner ? definitionNode(value.owner) : undefined;
  if (value.kind === "entry") return value.value.kind === "node" ? definitionNode(value.value.node) : undefined;
  return undefined;
}

/** Where a resolved value is written: the property or argument that gives it, the literal, the key, the template. */
function siteOf(value: Value): ts.Node {
  if (value.kind === "entry") return value.keyNode;
  if (value.kind === "node") return value.written ?? value.node;
  if (value.kind === "string") return value.written ?? value.at;
  return value.at;
}

function hasHandlerKey(definition: ts.Node): boolean {
  if (isObjectLiteralExpression(definition)) {
    return definition.properties.some((property) => property.name !== undefined && isIdentifier(property.name) && HANDLER_KEYS.includes(property.name.text));
  }
  return false;
}

function isWithin(node: ts.Node, ancestor: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}

/** Whether an identifier names a declaration the instantiation binds (a parameter or loop variable, or a name destructured from one). */
function isBound(identifier: ts.Identifier, env: Env, checker: AnalysisChecker): boolean {
  if (env.size === 0) return false;
  let declaration: ts.Node | undefined = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
  while (declaration && isBindingElement(declaration)) declaration = declaration.parent.parent;
  return declaration !== undefined && env.has(declaration);
}

export interface PickedHandler {
  node: ts.Node;
  /** The definition object or module the handler is a member of. */
  owner: ts.Node | undefined;
}

/**
 * Registrations, one run's worth: resolved where they are visited, or, when they forward a
 * function's parameters (`accountTool(server, name, config, cb)`), kept until `finish`, when the
 * calls of every function are known.
 */
export class RegistrationResolver {
  private deferred: Registration[] = [];

  /** The candidates of one registration call, visited in its file. */
  visit(registration: Registration, context: DiscoveryContext): ToolCandidate[] {
    const evaluator = new Evaluator(context.session.checker);
    const result = this.instantiate(registration, evaluator, context);
    if (result === "deferred") {
      this.deferred.push(registration);
      context.assemble?.(registration.call.getSourceFile());
      return [];
    }
    return result;
  }

  /** The deferred registrations, now that every function's calls are known. */
  finish(context: DiscoveryContext): ToolCandidate[] {
    const { callSites } = context;
    if (!callSites) return [];
    const evaluator = new Evaluator(context.session.checker, (fn) => {
      const calls = callSites(fn);
      for (const call of calls) context.assemble?.(call.getSourceFile());
      return calls;
    });
    const candidates: ToolCandidate[] = [];
    for (const registration of this.deferred) {
      const result = this.instantiate(registration, evaluator, context);
      if (result !== "deferred") candidates.push(...result);
    }
    this.deferred = [];
    return candidates;
  }

  private instantiate(registration: Registration, evaluator: Evaluator, context: DiscoveryContext): ToolCandidate[] | "deferred" {
    const first = evaluateRole(registration.name, EMPTY_ENV, evaluator);
    if (!("needs" in first)) return [this.candidate(registration, EMPTY_ENV, evaluator, context)].filter((c): c is ToolCandidate => c !== undefined);
    const expanded = expand(registration, evaluator);
    if ("deferred" in expanded) return "deferred";
    if ("unknown" in expanded) {
      // A loop over tool objects the analysis cannot enumerate: the objects are still found where they
      // are written (tool-object), so only a name that no object carries is worth a warning.
      if (!isForwardedToolObjectName(registration.name.expression, context.session.checker)) {
        context.report(
          {
            severity: "warning",
            code: AnalyzeCodes.unresolvedName,
            message: `${registration.style} tool name ${quote(registration.name.expression.getText())} depends on \`${shorten(expanded.unknown.getText())}\`, whose values cannot be read from the source; register from an array, map or object written out in the source, or name the tool with a literal`,
          },
          registration.name.expression,
        );
      }
      return [];
    }
    const candidates: ToolCandidate[] = [];
    for (const env of expanded.envs) {
      const candidate = this.candidate(registration, env, evaluator, context);
      if (candidate) candidates.push(candidate);
    }
    return candidates;
  }

  /** The tool one instantiation of a registration registers. */
  private candidate(registration: Registration, env: Env, evaluator: Evaluator, context: DiscoveryContext): ToolCandidate | undefined {
    const { checker } = context.session;
    const named = evaluateRole(registration.name, env, evaluator);
    const nameValue = "value" in named ? named.value : undefined;
    const text = nameValue ? evaluator.textOf(nameValue) : undefined;
    const owner = nameValue ? ownerOf(nameValue) : undefined;
    const handler = pickHandler(registration, env, evaluator, checker, owner);
    const handlerOwner = handler?.owner ? definitionNode(handler.owner) : undefined;
    // The registration forwards a tool object when the name and the handler come from it (the name
    // may sit in a nested object: Playwright MCP's `t.schema.name` beside `t.handle`).
    const definition = handlerOwner !== undefined && owner !== undefined && isWithin(owner, handlerOwner) ? handlerOwner : owner;
    const forwarded = definition !== undefined && !registration.ownsDefinition && (handlerOwner === definition || hasHandlerKey(definition));
    // `addTool(x)` is FastMCP's only when `x` reads as a definition with a name and an `execute`
    // (other libraries have an `addTool` too).
    if (registration.ownsDefinition && (!handler || !nameValue || nameValue.kind === "missing")) return undefined;

    if (text === undefined) {
      const at = nameValue && nameValue.kind !== "missing" ? siteOf(nameValue) : registration.name.expression;
      if (env.size > 0 && at !== registration.name.expression && isWithinSource(at)) {
        context.report(
          {
            severity: "warning",
            code: AnalyzeCodes.unresolvedName,
            message: `${registration.style} tool name ${quote(at.getText())} cannot be resolved to a string literal (it names the tool registered at ${context.session.relativePath(registration.call.getSourceFile().fileName)}:${context.session.lineOf(registration.call)}); use a literal, an \`as const\` constant or an enum member`,
          },
          at,
        );
        return undefined;
      }
      // As written at the registration: resolution reports it (MCPA002), as for any unresolved name.
      return { ...this.parts(registration, env, evaluator, handler, definition, forwarded, context), name: { expression: registration.name.expression } };
    }

    const site = nameValue ? siteOf(nameValue) : registration.name.expression;
    // The name's place: the definition's own name when the registration forwards a tool object,
    // the registration's argument when it is written there, else where its value is written (the
    // literal a forwarding function's caller passes, a fallback).
    const nameNode = forwarded || registration.ownsDefinition || env.size > 0 ? site : registration.name.expression;
    return { ...this.parts(registration, env, evaluator, handler, definition, forwarded, context), name: { text, node: nameNode } };
  }

  private parts(
    registration: Registration,
    env: Env,
    evaluator: Evaluator,
    handler: PickedHandler | null,
    owner: ts.Node | undefined,
    forwarded: boolean,
    context: DiscoveryContext,
  ): Omit<ToolCandidate, "name"> {
    // The definition object stands for the tool when the registration forwards it, or owns it (FastMCP's `addTool(def)`).
    const definition = forwarded || registration.ownsDefinition ? owner : undefined;
    let description: ts.Node | string | null = null;
    for (const candidate of registration.description) {
      const value = evaluateRole(candidate, env, evaluator);
      if (!("value" in value) || value.value.kind === "missing") continue;
      description = value.value.kind === "string" ? value.value.text : siteOf(value.value);
      break;
    }
    let input: ts.Node | null = null;
    let inputUnknown = false;
    if (registration.input) {
      const value = evaluateRole(registration.input, env, evaluator);
      if ("value" in value && value.value.kind === "node") input = value.value.node;
      else if ("value" in value && value.value.kind === "missing") input = null;
      else if (env.size === 0) input = registration.input.expression;
      else inputUnknown = true;
    }
    return {
      style: forwarded ? "tool-object" : registration.style,
      registration: definition ?? registration.call,
      description,
      input,
      ...(inputUnknown ? { inputUnknown } : {}),
      // A handler that cannot be read stays as written: resolution then says so (MCPA006).
      handler: handler?.node ?? registration.handler?.expression ?? null,
      returnScope: null,
      payloadMode: registration.payloadMode,
      server: serverOf(registration.receiver, env, evaluator, context.session.checker),
    };
  }
}

function isWithinSource(node: ts.Node): boolean {
  return !node.getSourceFile().isDeclarationFile;
}

function quote(code: string): string {
  return code.startsWith("`") ? code : `\`${code}\``;
}

function shorten(code: string): string {
  const line = code.replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

export function evaluateRole(part: RegistrationRole, env: Env, evaluator: Evaluator): Evaluation {
  let result = evaluator.evaluate(part.expression, env);
  for (const key of part.path) {
    if (!("value" in result)) return result;
    result = evaluator.member(result.value, key, env, 0);
  }
  return result;
}

/**
 * Every instantiation of a registration whose name depends on names bound elsewhere: bind the
 * binder the name waits for (and, first, any binder that binder's values wait for), until the
 * name resolves under each binding.
 */
function expand(registration: Registration, evaluator: Evaluator): { envs: Env[] } | { unknown: ts.Node } | { deferred: true } {
  const done: Env[] = [];
  const work: Env[] = [EMPTY_ENV];
  while (work.length > 0) {
    if (done.length + work.length > MAX_INSTANCES) return { unknown: registration.name.expression };
    const env = work.pop()!;
    const result = evaluateRole(registration.name, env, evaluator);
    if (!("needs" in result)) {
      done.push(env);
      continue;
    }
    const bound = bindOrOuter(result.needs, env, evaluator, 0);
    if (!("envs" in bound)) return bound;
    // Pushed in reverse so the instantiations come out in source order.
    for (let index = bound.envs.length - 1; index >= 0; index--) work.push(bound.envs[index]!);
  }
  return { envs: done };
}

function bindOrOuter(binder: Binder, env: Env, evaluator: Evaluator, depth: number): { envs: Env[] } | { unknown: ts.Node } | { deferred: true } {
  if (env.size >= MAX_BINDINGS || depth > MAX_BINDINGS) return { unknown: binderNode(binder) };
  if (binder.kind === "loop" ? env.has(binder.declaration) : binder.fn.parameters.some((p) => env.has(p))) {
    // Bound already, and still waited for: a recursion the source does not resolve.
    return { unknown: binderNode(binder) };
  }
  const bound = evaluator.bind(binder, env);
  if ("needs" in bound) {
    // The binder's own values wait for an outer one (a loop over a parameter): bind that first.
    const outer = bindOrOuter(bound.needs, env, evaluator, depth + 1);
    if (!("envs" in outer)) return outer;
    const envs: Env[] = [];
    for (const next of outer.envs) {
      const inner = bindOrOuter(binder, next, evaluator, depth + 1);
      if (!("envs" in inner)) return inner;
      envs.push(...inner.envs);
    }
    return { envs };
  }
  return bound;
}

function binderNode(binder: Binder): ts.Node {
  return binder.kind === "loop" ? binder.iterable : binder.fn;
}

/**
 * The function that handles the tool: the handler as the registration gives it, or, when that is a
 * function written in the registration which hands its work on (`(p) => t.handle(p)`,
 * `async (input) => { const out = await entry.execute(input); ... }`, `(args) => cb(args)`), the
 * function it hands it to: a member of the forwarded tool object, or a function the instantiation
 * binds. Calls of the project's own helpers are not that (their returns are followed as returns).
 */
export function pickHandler(
  registration: Registration,
  env: Env,
  evaluator: Evaluator,
  checker: AnalysisChecker,
  nameOwner: ts.Node | undefined,
): PickedHandler | null {
  if (!registration.handler) return null;
  const evaluated = evaluateRole(registration.handler, env, evaluator);
  if (!("value" in evaluated)) return env.size === 0 ? { node: registration.handler.expression, owner: undefined } : null;
  const value = evaluated.value;
  if (value.kind === "module" || value.kind === "missing") return null;
  if (value.kind !== "node") return null;
  const node = value.node;
  // Only a tool object's member or a bound function can take over: nothing to look for otherwise.
  if (isFunctionNode(node) && isWithin(node, registration.call) && (nameOwner !== undefined || env.size > 0)) {
    const inner = forwardedCall(node, env, evaluator, checker, nameOwner);
    if (inner) return inner;
  }
  return { node, owner: value.owner };
}

function forwardedCall(fn: FunctionNode, env: Env, evaluator: Evaluator, checker: AnalysisChecker, nameOwner: ts.Node | undefined): PickedHandler | null {
  let found: PickedHandler | null = null;
  const body = fn.body;
  if (!body) return null;
  // Every call's callee is evaluated below, from the name it starts with: those names are asked at
  // once (on TypeScript 7, one round trip for the handler instead of one a call).
  if (checker.prefetchSymbols) {
    const roots: ts.Node[] = [];
    forEachOwnDescendant(body, (node) => {
      if (!isCallExpression(node)) return;
      let callee = unwrapExpression(node.expression);
      while (isPropertyAccessExpression(callee)) callee = unwrapExpression(callee.expression);
      if (isIdentifier(callee)) roots.push(callee);
    });
    checker.prefetchSymbols(roots);
  }
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (isCallExpression(node)) {
      const callee = unwrapExpression(node.expression);
      const value = evaluator.evaluate(callee, env);
      if ("value" in value && value.value.kind === "node") {
        // A member of the object the name comes from (the tool object), or a function the
        // instantiation binds; any other object's methods (`db.users.find(id)`) are the handler's own calls.
        const owner = value.value.owner;
        const definition = owner ? definitionNode(owner) : undefined;
        const ofTheTool = definition !== undefined && nameOwner !== undefined && (definition === nameOwner || isWithin(nameOwner, definition));
        const bound = isIdentifier(callee) && isBound(callee, env, checker);
        if (ofTheTool || bound) {
          const target = resolveFunction(value.value.node, checker);
          if (target && !isWithin(target, fn) && !target.getSourceFile().isDeclarationFile) {
            found = { node: target, owner };
            return;
          }
        }
      }
    }
  };
  if (isBlock(body)) forEachOwnDescendant(body, visit);
  else {
    visit(body);
    forEachOwnDescendant(body, visit);
  }
  return found;
}

/** The server a registration is made on, under an instantiation: the `new McpServer(...)` it resolves to, or the property that holds it. */
export function serverOf(receiver: ts.Expression | undefined, env: Env, evaluator: Evaluator, checker: AnalysisChecker): ToolServer | null {
  if (!receiver) return null;
  let expression = unwrapExpression(receiver);
  // `server.experimental.tasks.registerToolTask(...)` registers on `server`.
  if (
    isPropertyAccessExpression(expression) &&
    expression.name.text === "tasks" &&
    isPropertyAccessExpression(expression.expression) &&
    expression.expression.name.text === "experimental"
  ) {
    expression = unwrapExpression(expression.expression.expression);
  }
  const evaluated = evaluator.evaluate(expression, env);
  if (!("value" in evaluated) || evaluated.value.kind !== "node") return null;
  const node = evaluated.value.node;
  if (isNewExpression(node)) {
    const holder = node.parent;
    const name =
      holder && isVariableDeclaration(holder) && isIdentifier(holder.name)
        ? holder.name.text
        : holder && isPropertyDeclaration(holder)
          ? (holder.name.getText() ?? "server")
          : unwrapExpression(node.expression).getText();
    return { key: node, name };
  }
  if (isPropertyAccessExpression(node)) {
    // `this.server`: the property (or constructor parameter property) that holds it.
    const declaration = checker.getSymbolAtLocation(node.name)?.valueDeclaration;
    if (declaration && (isPropertyDeclaration(declaration) || isParameter(declaration))) {
      if (isPropertyDeclaration(declaration) && declaration.initializer && isNewExpression(unwrapExpression(declaration.initializer))) {
        return { key: unwrapExpression(declaration.initializer), name: node.name.text };
      }
      return { key: declaration, name: node.name.text };
    }
  }
  if (isIdentifier(node)) {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (declaration && isVariableDeclaration(declaration)) return { key: declaration, name: node.text };
    // A parameter nobody binds (`createMcpHandler((server) => ...)`, `function register(server)`):
    // which server the source does not say, but every registration on it is on one server, and a
    // name it shares with a registration elsewhere is not a duplicate the source shows. (The SDK
    // itself refuses a second registration of a name on one server, at start-up.)
    if (declaration && isParameter(declaration)) return { key: declaration, name: node.text };
  }
  return null;
}
