import type { ts } from "../../compiler.cjs";
import { SymbolFlags, SyntaxKind } from "../engine/ts6-enums.generated.js";
import type { DiscoveryContext, Discoverer, ToolCandidate, ToolServer } from "./candidate.js";
import { resolveFunction } from "../resolve/handler.js";
import { EMPTY_ENV, Evaluator, type Value } from "../resolve/values.js";
import {
  calleeName,
  calleeReceiver,
  forEachOwnDescendant,
  type FunctionNode,
  getPropertyValue,
  isFunctionNode,
  propertyNameText,
  unwrapExpression,
} from "../syntax.js";
import { serverOf } from "./registration.js";
import { type Delegation, delegationsOf, handlerStanding, isToolNameExpression, type Standing } from "./low-level-dispatch.js";
import { collectResultPoints } from "../resolve/assigned-results.js";
import {
  forEachChild,
  isBinaryExpression,
  isBindingElement,
  isBlock,
  isBreakStatement,
  isCallExpression,
  isCaseClause,
  isElementAccessExpression,
  isEmptyStatement,
  isExpression,
  isIdentifier,
  isIfStatement,
  isObjectLiteralExpression,
  isParameter,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isReturnStatement,
  isShorthandPropertyAssignment,
  isStringLiteralLike,
  isSwitchStatement,
  isVariableDeclaration,
  kindOf,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { MemoKind, type NodeMemo } from "../memo.js";

/**
 * Whether `setRequestHandler` is given the request's schema (SDK 1.x: `CallToolRequestSchema`)
 * or its method name (SDK 2.x: `"tools/call"`).
 */
function handlesRequest(call: ts.CallExpression, schemaName: string, method: string): boolean {
  const [first] = call.arguments;
  if (!first) return false;
  const expression = unwrapExpression(first);
  if (isStringLiteralLike(expression)) return expression.text === method;
  const text = isIdentifier(expression) ? expression.text : isPropertyAccessExpression(expression) ? expression.name.text : "";
  return text === schemaName;
}

interface Branch {
  nameExpression: ts.Expression;
  scope: ts.Node;
  server?: ToolServer | null;
  /**
   * The `setRequestHandler` call, for a branch in a function the CallTool handler delegates to:
   * the branch lies outside the call, and what is read from the registration (the SDK major) is the call's.
   */
  registration?: ts.CallExpression;
}

/** The `case` clauses of `switch (name)`; fall-through labels share the next clause's body. */
function switchBranches(statement: ts.SwitchStatement): Branch[] {
  const branches: Branch[] = [];
  let pending: ts.Expression[] = [];
  for (const clause of statement.caseBlock.clauses) {
    if (!isCaseClause(clause)) {
      pending = [];
      continue;
    }
    pending.push(clause.expression);
    if (clause.statements.length === 0) continue;
    for (const nameExpression of pending) branches.push({ nameExpression, scope: clause });
    pending = [];
  }
  return branches;
}

/** `if (name === "a") {...} else if (name === "b") {...}`, in either operand order. */
function ifBranches(statement: ts.IfStatement, checker: AnalysisChecker, standing: Standing): Branch[] {
  const branches: Branch[] = [];
  let current: ts.Statement | undefined = statement;
  while (current && isIfStatement(current)) {
    const condition = unwrapExpression(current.expression);
    if (
      isBinaryExpression(condition) &&
      (kindOf(condition.operatorToken) === SyntaxKind.EqualsEqualsEqualsToken || kindOf(condition.operatorToken) === SyntaxKind.EqualsEqualsToken)
    ) {
      if (isToolNameExpression(condition.left, checker, standing)) branches.push({ nameExpression: condition.right, scope: current.thenStatement });
      else if (isToolNameExpression(condition.right, checker, standing)) branches.push({ nameExpression: condition.left, scope: current.thenStatement });
    }
    current = current.elseStatement;
  }
  return branches;
}

/**
 * A branch whose only job is `return handleX(args)` delegates to handleX: that function is the
 * tool's handler, and its return paths are the tool's.
 */
function delegatedHandler(scope: ts.Node, checker: AnalysisChecker): ts.Node | null {
  const statements: readonly ts.Statement[] = isCaseClause(scope) ? scope.statements : isBlock(scope) ? scope.statements : [scope as ts.Statement];
  const meaningful = statements.filter((s) => !isEmptyStatement(s) && !isBreakStatement(s));
  const [only] = meaningful;
  if (meaningful.length !== 1 || !only || !isReturnStatement(only) || !only.expression) return null;
  const returned = unwrapExpression(only.expression);
  if (!isCallExpression(returned)) return null;
  const target = resolveFunction(returned.expression, checker);
  return target && !target.getSourceFile().isDeclarationFile ? target : null;
}

const MAP_HANDLER_KEYS = ["execute", "handler", "handle", "run", "callback"];
const MAP_INPUT_KEYS = ["parameters", "inputSchema", "schema", "input", "argsSchema"];

/**
 * A dispatcher that looks the tool up in a map keyed by tool name (`tools[request.params.name]`,
 * AI-SDK style `{ list_projects: tool({ description, parameters, execute }) }`): each key is a tool,
 * located at the key, handled by its value's `execute` (or `handler`/`handle`).
 */
function mapDispatchCandidates(handler: ts.Node, standing: Standing, call: ts.CallExpression, context: DiscoveryContext): ToolCandidate[] {
  const { checker } = context.session;
  const evaluator = new Evaluator(checker);
  const maps = new Set<ts.ObjectLiteralExpression>();
  forEachOwnDescendant(handler, (node) => {
    if (!isElementAccessExpression(node) || !isToolNameExpression(node.argumentExpression, checker, standing)) return;
    const map = evaluator.evaluate(node.expression, EMPTY_ENV);
    if ("value" in map && map.value.kind === "node" && isObjectLiteralExpression(map.value.node)) maps.add(map.value.node);
  });
  const server = serverOf(calleeReceiver(call), EMPTY_ENV, evaluator, checker);
  const candidates: ToolCandidate[] = [];
  for (const map of maps) {
    for (const property of map.properties) {
      const key = propertyNameText(property.name);
      if (key === undefined || !property.name) continue;
      const value = evaluator.member({ kind: "node", node: map }, key, EMPTY_ENV, 0);
      if (!("value" in value) || value.value.kind !== "node") continue;
      const tool = value.value;
      const memberNode = (keys: string[]): ts.Node | null => {
        for (const member of keys) {
          const found = evaluator.member(tool, member, EMPTY_ENV, 0);
          if ("value" in found && found.value.kind === "node") return found.value.node;
        }
        return null;
      };
      const toolHandler = memberNode(MAP_HANDLER_KEYS);
      if (!toolHandler) continue;
      // A value that spells its own name (`get_note: { name: "get_note", ... }`) is located there, as any tool object is.
      const ownName = memberNode(["name"]);
      const nameNode = ownName && isStringLiteralLike(ownName) && ownName.text === key ? ownName : property.name;
      candidates.push({
        style: "tool-object",
        name: { text: key, node: nameNode },
        registration: definitionOf(tool),
        description: memberNode(["description"]),
        input: memberNode(MAP_INPUT_KEYS),
        handler: toolHandler,
        returnScope: null,
        payloadMode: "call-tool-result",
        server,
      });
    }
  }
  return candidates;
}

/** The object literal a map value is written as (through a `tool({...})` helper). */
function definitionOf(value: Extract<Value, { kind: "node" }>): ts.Node {
  const node = value.node;
  if (isCallExpression(node) && node.arguments.length === 1 && isObjectLiteralExpression(unwrapExpression(node.arguments[0]!)))
    return unwrapExpression(node.arguments[0]!);
  return node;
}

interface Listing {
  nameNode: ts.Node;
  description: ts.Node | null;
  input: ts.Node | null;
}

/**
 * Whether a name may lead to a const holding a listing: a reference, not the name a declaration
 * gives (`x` in `const x = ...`, whose initializer the walk reads anyway, or the `type` key of a
 * JSON Schema), and not a member of a value (`row.id`) unless of a namespace (`tools.ALL`). A
 * handler's body has thousands of such names, and each lookup is a question to the compiler.
 */
function mayNameListing(identifier: ts.Identifier, checker: AnalysisChecker): boolean {
  if (isDeclaredName(identifier)) return false;
  if (!isMemberName(identifier)) return true;
  const owner = (identifier.parent as ts.PropertyAccessExpression).expression;
  const symbol = isIdentifier(owner) ? checker.getSymbolAtLocation(owner) : undefined;
  return symbol !== undefined && (symbol.flags & (SymbolFlags.Alias | SymbolFlags.Module)) !== 0;
}

function isDeclaredName(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  return (
    parent !== undefined &&
    (isPropertyAssignment(parent) || isVariableDeclaration(parent) || isParameter(parent) || isBindingElement(parent)) &&
    parent.name === identifier
  );
}

function isMemberName(identifier: ts.Identifier): boolean {
  const parent = identifier.parent;
  return parent !== undefined && isPropertyAccessExpression(parent) && parent.name === identifier;
}

/** `{ name, inputSchema }` or `{ name, description }`: a tool as a listing lists it. */
function isListingEntry(node: ts.ObjectLiteralExpression): boolean {
  return getPropertyValue(node, "inputSchema") !== undefined || getPropertyValue(node, "description") !== undefined;
}

/** The tool name of an entry whose `name` is written as a string. */
function literalToolName(node: ts.ObjectLiteralExpression): string | undefined {
  const name = getPropertyValue(node, "name");
  const value = name && isExpression(name) ? unwrapExpression(name) : undefined;
  return value && isStringLiteralLike(value) ? value.text : undefined;
}

/**
 * A name read off a callback's unannotated parameter (`tools.map(({ name, ... }) => ({ name, ... }))`,
 * `tools.map((tool) => ({ name: tool.name, ... }))`): its type is the call's to give, which the
 * checker resolves (with a ListTools handler's own return type, through the SDK's zod request
 * types: a tenth of `check` on a 100-tool server) only to answer `string`, or the union of the
 * names iterated: never one tool's name.
 */
function isCallbackParameterName(expression: ts.Expression, checker: AnalysisChecker): boolean {
  let root = expression;
  while (isPropertyAccessExpression(root)) root = unwrapExpression(root.expression);
  if (!isIdentifier(root)) return false;
  const symbol = isShorthandPropertyAssignment(root.parent) ? checker.getShorthandAssignmentValueSymbol(root.parent) : checker.getSymbolAtLocation(root);
  let declaration: ts.Node | undefined = symbol?.valueDeclaration;
  while (declaration && isBindingElement(declaration)) declaration = declaration.parent.parent;
  return declaration !== undefined && isParameter(declaration) && declaration.type === undefined && isExpression(declaration.parent);
}

function stringLiteralValue(type: ts.Type): string | undefined {
  return type.isStringLiteral() ? type.value : undefined;
}

/**
 * An entry's parts but its functions: a tool's own handler does not list tools, and on a server of
 * tool objects the handlers are most of the code (each of their names a question to the compiler).
 */
function forEachToolPart(entry: ts.ObjectLiteralExpression, visit: (node: ts.Node) => void): void {
  for (const property of entry.properties) {
    if (isFunctionNode(property)) continue;
    const value = isPropertyAssignment(property) ? unwrapExpression(property.initializer) : undefined;
    if (value && isFunctionNode(value)) continue;
    visit(property);
  }
}

/** What walking one node for listings does, in order: list a tool, or walk a const's initializer (which may be walked already). */
type ListingStep = { name: string; listing: Listing } | { follow: ts.Node };

/**
 * A node's listing steps read its file and what it imports only, so they stand while that file is
 * unaffected; and, the file itself unchanged, while no changed file declares anything new (they
 * are made of syntax and of the checker's symbols and types for the node's own file) and none of
 * the consts they follow is in a changed file.
 */
const LISTING_STEPS = new MemoKind<ListingStep[]>("listing-steps", (steps, unchanged) => steps.every((step) => !("follow" in step) || unchanged(step.follow)));

/** Object literals `{ name, description, inputSchema }` listed by a ListTools handler, following consts it returns. */
function collectListings(root: ts.Node, checker: AnalysisChecker, into: Map<string, Listing>, memo: NodeMemo | undefined, seen = new Set<ts.Node>()): void {
  if (seen.has(root)) return;
  seen.add(root);
  const steps = memo ? memo.remember(LISTING_STEPS, root, () => listingSteps(root, checker)) : listingSteps(root, checker);
  for (const step of steps) {
    if ("follow" in step) collectListings(step.follow, checker, into, memo, seen);
    else into.set(step.name, step.listing);
  }
}

function listingSteps(root: ts.Node, checker: AnalysisChecker): ListingStep[] {
  if (checker.prefetchSymbols) {
    // Every name below is asked for its symbol: on TypeScript 7, one round trip for all of them.
    const names: ts.Node[] = [];
    const collect = (node: ts.Node): void => {
      if (isIdentifier(node)) {
        // Members of namespaces are asked later, one by one: they are few.
        if (!isDeclaredName(node) && !isMemberName(node)) names.push(node);
      } else if (isObjectLiteralExpression(node) && literalToolName(node) !== undefined && isListingEntry(node)) {
        forEachToolPart(node, collect);
      } else forEachChild(node, collect);
    };
    collect(root);
    checker.prefetchSymbols(names);
  }
  const steps: ListingStep[] = [];
  const visit = (node: ts.Node): void => {
    if (isObjectLiteralExpression(node)) {
      const name = getPropertyValue(node, "name");
      const nameExpression = name && isExpression(name) ? unwrapExpression(name) : undefined;
      // A name written as a string is its own type: no need to ask.
      const toolName =
        literalToolName(node) ??
        (nameExpression && !isCallbackParameterName(nameExpression, checker) ? stringLiteralValue(checker.getTypeAtLocation(nameExpression)) : undefined);
      if (nameExpression && toolName !== undefined && isListingEntry(node)) {
        steps.push({
          name: toolName,
          listing: {
            nameNode: nameExpression,
            description: getPropertyValue(node, "description") ?? null,
            input: getPropertyValue(node, "inputSchema") ?? null,
          },
        });
        forEachToolPart(node, visit);
        return;
      }
    }
    if (isIdentifier(node) && mayNameListing(node, checker)) {
      // An imported listing (`tools: TOOLS` from `./tools.js`) is declared where it is exported.
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (declaration && isVariableDeclaration(declaration) && declaration.initializer && !declaration.getSourceFile().isDeclarationFile) {
        steps.push({ follow: declaration.initializer });
      }
    }
    forEachChild(node, visit);
  };
  visit(root);
  return steps;
}

/**
 * The `switch`/`if` dispatch on the tool name in a function's own body. An `if` on a name that a
 * `switch` of the same function handles is no second handler, but code that singles the tool out
 * around the dispatch (`if (name === "x") return result;` after it).
 */
function branchesIn(fn: ts.Node, checker: AnalysisChecker, standing: Standing): Branch[] {
  const found: { branch: Branch; chained: boolean }[] = [];
  forEachOwnDescendant(fn, (node) => {
    if (isSwitchStatement(node) && isToolNameExpression(node.expression, checker, standing)) {
      found.push(...switchBranches(node).map((branch) => ({ branch, chained: false })));
    }
    // Only the head of an if/else-if chain: its else-ifs are walked by ifBranches.
    if (isIfStatement(node) && !(isIfStatement(node.parent) && node.parent.elseStatement === node)) {
      found.push(...ifBranches(node, checker, standing).map((branch) => ({ branch, chained: true })));
    }
  });
  if (!found.some((each) => each.chained) || found.every((each) => each.chained)) return found.map((each) => each.branch);
  const switched = new Set(found.filter((each) => !each.chained).map((each) => literalName(each.branch.nameExpression, checker)));
  return found
    .filter((each) => {
      if (!each.chained) return true;
      const name = literalName(each.branch.nameExpression, checker);
      return name === null || !switched.has(name);
    })
    .map((each) => each.branch);
}

function literalName(expression: ts.Expression, checker: AnalysisChecker): string | null {
  const type = checker.getTypeAtLocation(expression);
  return type.isStringLiteral() ? type.value : null;
}

/** How many functions deep a CallTool handler's delegation is followed (`handler -> handleCallToolRequest -> dispatch`). */
const MAX_DELEGATION_DEPTH = 3;

/**
 * The CallTool handler's dispatch: in its own body, or, when it has none, in the function it hands
 * the request on to and returns the result of (`return handleCallToolRequest(request)`,
 * `return await dispatch(request.params.name, request.params.arguments)`), a few calls deep, each
 * function once. There, the parameters given the request, its params or the name stand for them.
 * A delegation that leads to no dispatch is reported (MCPA006): its tools are not found.
 */
function dispatchOf(handler: FunctionNode, call: ts.CallExpression, context: DiscoveryContext): { found: Branch[]; mapped: ToolCandidate[] } {
  const { checker } = context.session;
  const seen = new Set<ts.Node>([handler]);
  let level: { fn: FunctionNode; standing: Standing }[] = [{ fn: handler, standing: handlerStanding(handler) }];
  const found: Branch[] = [];
  const mapped: ToolCandidate[] = [];
  const delegations: Delegation[] = [];
  for (let depth = 0; level.length > 0; depth++) {
    const next: { fn: FunctionNode; standing: Standing }[] = [];
    for (const { fn, standing } of level) {
      const own = branchesIn(fn, checker, standing).map((branch) => (depth > 0 ? { ...branch, registration: call } : branch));
      const byMap = mapDispatchCandidates(fn, standing, call, context);
      found.push(...own);
      mapped.push(...byMap);
      if (own.length > 0 || byMap.length > 0 || depth >= MAX_DELEGATION_DEPTH) continue;
      for (const delegation of delegationsOf(fn, standing, checker)) {
        delegations.push(delegation);
        if (!delegation.target || seen.has(delegation.target)) continue;
        seen.add(delegation.target);
        next.push({ fn: delegation.target, standing: delegation.standing });
      }
    }
    level = next;
  }
  const [first] = delegations;
  if (found.length === 0 && mapped.length === 0 && first) {
    const callee = first.call.expression.getText().slice(0, 60);
    const unfollowed = delegations.find((delegation) => !delegation.target);
    context.report(
      {
        severity: "warning",
        code: "MCPA006",
        message: unfollowed
          ? `the CallTool handler delegates to \`${unfollowed.call.expression.getText().slice(0, 60)}(...)\`, which cannot be followed to its declaration in the project; the tools it dispatches are not found`
          : `the CallTool handler delegates to \`${callee}(...)\`, in which no \`switch\` or \`if\` chain on the tool name (nor a map indexed by it) was found; the tools it dispatches are not found`,
      },
      unfollowed?.call ?? first.call,
    );
  }
  return { found, mapped };
}

/**
 * The low-level `Server`: `setRequestHandler(CallToolRequestSchema, ...)` (SDK 2.x:
 * `setRequestHandler("tools/call", ...)`) dispatching on
 * `request.params.name` with `switch` or `if` chains; descriptions and input schemas come from the
 * `ListToolsRequestSchema` handler. Both handlers may live in different files, so tools are
 * assembled in `finish`.
 */
export function createSdkLowLevelDiscoverer(): Discoverer {
  const branches: Branch[] = [];
  const listings = new Map<string, Listing>();
  let listed = false;

  return {
    style: "sdk-low-level",
    visitCall(call, context): ToolCandidate[] {
      const { session } = context;
      if (calleeName(call) !== "setRequestHandler" || call.arguments.length < 2) return [];
      const handlerArgument = call.arguments[1];
      const handler = handlerArgument ? resolveFunction(handlerArgument, session.checker) : null;
      if (!handler) return [];
      if (handlesRequest(call, "ListToolsRequestSchema", "tools/list")) {
        listed = true;
        collectListings(handler, session.checker, listings, context.memo);
      } else if (handlesRequest(call, "CallToolRequestSchema", "tools/call")) {
        const server = serverOf(calleeReceiver(call), EMPTY_ENV, new Evaluator(session.checker), session.checker);
        const { found, mapped } = dispatchOf(handler, call, context);
        branches.push(...found.map((branch) => ({ ...branch, server })));
        return mapped;
      }
      return [];
    },
    finish(context: DiscoveryContext): ToolCandidate[] {
      const { checker } = context.session;
      const handled = new Set<string>();
      const candidates = branches.map((branch): ToolCandidate => {
        const type = checker.getTypeAtLocation(branch.nameExpression);
        const name = type.isStringLiteral() ? type.value : undefined;
        if (name !== undefined) handled.add(name);
        const listing = name !== undefined ? listings.get(name) : undefined;
        if (name !== undefined && listed && !listing) {
          context.report(
            {
              severity: "warning",
              code: "MCPA008",
              message: `tool "${name}" is handled by the CallTool handler but not listed by the ListTools handler, so clients never see it`,
            },
            branch.nameExpression,
          );
        }
        const delegate = delegatedHandler(branch.scope, checker);
        if (name !== undefined && !delegate && collectResultPoints(branch.scope).length === 0) {
          // Its payload would read `never`: say so rather than let it pass for a tool that answers nothing.
          context.report(
            {
              severity: "warning",
              code: "MCPA006",
              message: `the result of tool "${name}" cannot be followed: its branch of the CallTool handler neither returns, throws, nor assigns a variable returned after the ${isCaseClause(branch.scope) ? "switch" : "if chain"}; return paths are unknown`,
            },
            branch.scope,
          );
        }
        return {
          style: "sdk-low-level",
          name: { expression: branch.nameExpression },
          ...(listing ? { declaredAt: listing.nameNode } : {}),
          registration: branch.registration ?? branch.scope,
          description: listing?.description ?? null,
          input: listing?.input ?? null,
          handler: delegate ?? (isFunctionNode(branch.scope) ? branch.scope : null),
          returnScope: delegate ? null : branch.scope,
          payloadMode: "call-tool-result",
          server: branch.server ?? null,
        };
      });
      for (const [name, listing] of listings) {
        if (!handled.has(name) && branches.length > 0) {
          const at = listing.nameNode;
          context.report(
            {
              severity: "warning",
              code: "MCPA009",
              message: `tool "${name}" is listed by the ListTools handler but no branch of the CallTool handler handles it`,
            },
            at,
          );
        }
      }
      return candidates;
    },
  };
}
