import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { fileStems } from "../../generate/paths.js";
import type { HarvestedWarning, ToolReference } from "../inventory.js";
import type { AnalysisSession } from "../session.js";
import { type FunctionNode, isFunctionNode, unwrapExpression } from "../syntax.js";
import { NameMatcher } from "./names.js";
import { FactIndex } from "./scan.js";
import { MemoKind, NodeMemo } from "../memo.js";
import { compareStrings } from "../../compare-strings.js";
import {
  forEachChild,
  isAsExpression,
  isAwaitExpression,
  isBinaryExpression,
  isBlock,
  isCallExpression,
  isExportDeclaration,
  isExternalModuleReference,
  isFunctionDeclaration,
  isFunctionLike,
  isIdentifier,
  isImportDeclaration,
  isLiteralTypeNode,
  isNonNullExpression,
  isNumericLiteral,
  isOmittedExpression,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isReturnStatement,
  isSpreadElement,
  isStringLiteralLike,
  isTypeReferenceNode,
  isVariableDeclaration,
  isVariableStatement,
  kindOf,
  modifiersOf,
} from "../engine/ast.js";

/**
 * Warnings and tool references, read along each tool's call graph: its handler (or low-level
 * `case` scope) and the project functions it calls, transitively up to MAX_CALL_DEPTH calls deep
 * and never twice. The walk stops at another tool's handler: calling it is a `calls` edge, and
 * what that handler says belongs to that tool.
 *
 * Two more sources of references:
 * - a handler that is a thin wrapper over one project function (it loads with the tool's own
 *   input, then formats what it loaded: `const note = loadNote(id); return jsonResult(note)`)
 *   stands for that function: another tool that calls it does what the wrapper does, which is a
 *   `calls` reference (via `shared-function`). The walk goes on into the function: what it says
 *   is said by every tool that runs it.
 * - a tool's guidance stub (`<guidanceDir>/<stem>.ts`, scaffolded by generate and filled by the
 *   user) is part of what the tool says: the tools its text names are mentions.
 */

/** The parts of a resolved tool the relations need. */
export interface ToolScope {
  name: string;
  /** Where its return paths are: the handler, or a low-level `case` clause. */
  scope: ts.Node | null;
  /** The handler function, when there is one. */
  handler: FunctionNode | null;
}

const MAX_CALL_DEPTH = 4;

/**
 * In the owners map, a function a thin-wrapper handler wraps is owned by `SHARED + tool` (no tool
 * name holds a NUL): kept in the one map so watch mode's check that owners are unchanged covers it.
 */
const SHARED = "\u0000";

const VIA: Record<string, string> = {
  nextsteps: "next-steps",
  nextstep: "next-steps",
  nextaction: "next-steps",
  nextactions: "next-steps",
  next: "next-steps",
  relatedtools: "related-tools",
  alternativetools: "related-tools",
  availableactions: "available-actions",
};

function viaOfName(name: string | undefined): string | undefined {
  return name === undefined ? undefined : VIA[name.toLowerCase().replace(/[_-]/g, "")];
}

function storedName(node: ts.Node): string | undefined {
  if (isIdentifier(node)) return node.text;
  if (isPropertyAccessExpression(node)) return node.name.text;
  if (isStringLiteralLike(node)) return node.text;
  return undefined;
}

/** Where a piece of text stands: inside `nextSteps`, `relatedTools`, `available_actions`, or free text. */
function viaOf(node: ts.Node, root: ts.Node): string {
  for (let child = node, current = node.parent; current && child !== root; child = current, current = current.parent) {
    let name: string | undefined;
    if (isPropertyAssignment(current) && current.initializer === child) name = storedName(current.name);
    else if (isVariableDeclaration(current) && current.initializer === child) name = storedName(current.name);
    else if (isBinaryExpression(current) && kindOf(current.operatorToken) === SyntaxKind.EqualsToken && current.right === child)
      name = storedName(unwrapExpression(current.left));
    else if (isCallExpression(current) && current.arguments.includes(child as ts.Expression)) {
      const callee = unwrapExpression(current.expression);
      if (isPropertyAccessExpression(callee) && ["push", "unshift", "concat"].includes(callee.name.text))
        name = storedName(unwrapExpression(callee.expression));
    }
    const via = viaOfName(name);
    if (via) return via;
    if (current === root) break;
  }
  return "text";
}

interface Mention {
  tool: string;
  node: ts.Node;
  via: string;
}

/** What a handler delegates to and wraps: read from its body, the functions it calls and their signatures, all within its file's imports. */
const DELEGATE = new MemoKind<FunctionNode | null>("delegate");
const WRAPPED = new MemoKind<FunctionNode | null>("wrapped");

export class RelationAnalysis {
  private readonly mentionCache = new Map<ts.Node, Mention[]>();
  private matcher: NameMatcher | undefined;

  /** `facts` may already hold the nodes of the analyser's walk (FactIndex.record); `memo` keeps what handlers delegate to or wrap across watch cycles. */
  constructor(
    private readonly session: AnalysisSession,
    private readonly facts: FactIndex = new FactIndex(session.checker),
    private readonly memo: NodeMemo = new NodeMemo(),
  ) {}

  /**
   * Every tool's warnings and references, in the order of `tools`; with `wanted`, only those tools'
   * (the others are undefined), still read against every tool's name and handler (watch mode).
   */
  analyse(
    tools: readonly ToolScope[],
    wanted?: (index: number) => boolean,
    owners: Map<ts.Node, string[]> = this.handlerOwners(tools),
  ): ({ warnings: HarvestedWarning[]; references: ToolReference[] } | undefined)[] {
    this.matcher = new NameMatcher(tools.map((tool) => tool.name));
    return tools.map((tool, index) => {
      if (wanted && !wanted(index)) return undefined;
      if (!tool.scope) return { warnings: [], references: [] };
      const own = new Set<ts.Node>([tool.scope, ...(tool.handler ? [tool.handler] : [])]);
      const reached = this.reach(tool.scope, (node) => !own.has(node) && isForeignHandler(owners.get(node), tool.name));
      return { warnings: this.warnings(reached), references: this.references(tool.name, reached, owners) };
    });
  }

  /** The nodes whose code runs when `root` runs, root first, breadth first. */
  private reach(root: ts.Node, isForeignHandler: (node: ts.Node) => boolean): ts.Node[] {
    const seen = new Set<ts.Node>([root]);
    const order: ts.Node[] = [root];
    let frontier: ts.Node[] = [root];
    for (let depth = 0; depth < MAX_CALL_DEPTH && frontier.length > 0; depth++) {
      const next: ts.Node[] = [];
      for (const node of frontier) {
        const facts = this.facts.factsOf(node);
        for (const target of [...facts.calls.map((call) => call.target), ...facts.constants]) {
          if (seen.has(target) || isForeignHandler(target)) continue;
          seen.add(target);
          order.push(target);
          next.push(target);
        }
      }
      frontier = next;
    }
    return order;
  }

  /**
   * The functions that count as a tool's handler: the handler itself and, when it only passes its
   * arguments on (`(args) => getForecast(args)`), the function it passes them to.
   */
  handlerOwners(tools: readonly ToolScope[]): Map<ts.Node, string[]> {
    const owners = new Map<ts.Node, string[]>();
    const own = (node: ts.Node, name: string) => {
      const names = owners.get(node) ?? [];
      if (!names.includes(name)) names.push(name);
      owners.set(node, names);
    };
    const delegates = new Map<FunctionNode, FunctionNode | null>();
    for (const tool of tools) {
      if (!tool.handler) continue;
      own(tool.handler, tool.name);
      const handler = tool.handler;
      const delegate = this.memo.remember(DELEGATE, handler, () => this.delegateOf(handler));
      delegates.set(tool.handler, delegate);
      if (delegate) own(delegate, tool.name);
    }
    // After every handler is known: a function that is itself some tool's handler is not shared.
    for (const tool of tools) {
      if (!tool.handler || delegates.get(tool.handler)) continue;
      const handler = tool.handler;
      const wrapped = this.memo.remember(WRAPPED, handler, () => this.wrappedFunction(handler));
      if (wrapped && !(owners.get(wrapped) ?? []).some((name) => !name.startsWith(SHARED))) own(wrapped, `${SHARED}${tool.name}`);
    }
    return owners;
  }

  /**
   * The one project function a handler wraps: called with the handler's own input (its params,
   * their properties, literals), its result returned as the payload (`return jsonResult(note)`,
   * `return note`, `JSON.stringify(note)` in the result), and not a function that builds the
   * `CallToolResult` itself (`jsonResult(args)` formats, it does not load). Null when there is no
   * such call, or more than one.
   */
  private wrappedFunction(handler: FunctionNode): FunctionNode | null {
    const body = handler.body;
    if (!body) return null;
    const parameters = parameterNames(handler);
    const candidates = this.facts.factsOf(handler).calls.filter(({ call }) => passesInput(call, parameters));
    if (candidates.length === 0) return null;
    const returned = returnedValues(body);
    const found = new Set<FunctionNode>();
    for (const { call, target } of candidates) {
      if (target === handler || takesAnything(target) || !flowsIntoReturn(call, returned) || this.buildsResult(target)) continue;
      found.add(target);
    }
    return found.size === 1 ? [...found][0]! : null;
  }

  /** A function whose result is a `CallToolResult` (it has a `content` array): a formatter, not a loader. */
  private buildsResult(target: FunctionNode): boolean {
    const checker = this.session.checker;
    const signature = checker.getSignatureFromDeclaration(target);
    if (!signature) return false;
    const returned = checker.getAwaitedType(checker.getReturnTypeOfSignature(signature)) ?? checker.getReturnTypeOfSignature(signature);
    const alternatives = returned.isUnion() ? returned.types : [returned];
    return alternatives.some((type) => {
      const content = type.getProperty("content");
      return content !== undefined && checker.isArrayLikeType(checker.getTypeOfSymbol(content));
    });
  }

  private delegateOf(handler: FunctionNode): FunctionNode | null {
    const body = handler.body;
    if (!body) return null;
    let expression: ts.Expression | undefined;
    if (isBlock(body)) {
      const [only] = body.statements;
      if (body.statements.length !== 1 || !only || !isReturnStatement(only)) return null;
      expression = only.expression;
    } else {
      expression = body;
    }
    const call = expression ? unwrapExpression(expression) : undefined;
    if (!call || !isCallExpression(call)) return null;
    const parameters = parameterNames(handler);
    if (!call.arguments.every((argument) => isInput(argument, parameters))) return null;
    const target = this.facts.callTarget(unwrapExpression(call.expression));
    // `(args) => jsonResult(args)` formats its input: a function that takes anything does no tool's job.
    return target && target !== handler && isFunctionNode(target) && !takesAnything(target) ? target : null;
  }

  private warnings(reached: readonly ts.Node[]): HarvestedWarning[] {
    const found: HarvestedWarning[] = [];
    for (const node of reached) {
      for (const fact of this.facts.factsOf(node).warnings) {
        if (fact.message.trim() === "") continue;
        const { node: at, ...warning } = fact;
        found.push({ ...warning, ...this.session.where(at) });
      }
    }
    found.sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.id ?? "", b.id ?? "") || compareStrings(a.message, b.message));
    const seen = new Set<string>();
    return found.filter((warning) => {
      const key = JSON.stringify([warning.id, warning.message]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  private references(tool: string, reached: readonly ts.Node[], owners: Map<ts.Node, string[]>): ToolReference[] {
    const found: ToolReference[] = [];
    for (const node of reached) {
      for (const { call, target } of this.facts.factsOf(node).calls) {
        const names = owners.get(target) ?? [];
        // Tools wrapping the same function do the same thing: neither builds on the other.
        if (names.includes(`${SHARED}${tool}`)) continue;
        for (const owner of names) {
          if (owner.startsWith(SHARED)) found.push({ tool: owner.slice(SHARED.length), ...this.session.where(call), kind: "calls", via: "shared-function" });
          else if (owner !== tool) found.push({ tool: owner, ...this.session.where(call), kind: "calls", via: "call" });
        }
      }
      for (const mention of this.mentionsIn(node)) {
        if (mention.tool !== tool) found.push({ tool: mention.tool, ...this.session.where(mention.node), kind: "mentions", via: mention.via });
      }
    }
    return mergeReferences(found);
  }

  /**
   * The mentions in each tool's guidance stub, in the order of `tools`: a project file named for
   * the tool's file stem (as generate names it) that exports `guidance` and `errorGuidance` (the
   * generated formatter imports both, so a filled-in stub keeps them). Found by what it is, not by
   * `output.guidanceDir`, so every command reads the same stubs without the config. Read on every
   * run, watch cycles included: no tool's file imports its stub (the generated formatter does).
   */
  guidanceStubReferences(tools: readonly ToolScope[], files: readonly ts.SourceFile[], owners: Map<ts.Node, string[]>): ToolReference[][] {
    this.matcher ??= new NameMatcher(tools.map((tool) => tool.name));
    const stems = fileStems([...new Set(tools.map((tool) => tool.name))]);
    const byStem = new Map<string, ts.SourceFile[]>();
    for (const file of files) {
      const stem = /([^/\\]+)\.(?:m|c)?tsx?$/.exec(file.fileName)?.[1];
      if (stem !== undefined && !file.isDeclarationFile) byStem.set(stem, [...(byStem.get(stem) ?? []), file]);
    }
    return tools.map((tool) => {
      const stubs = (byStem.get(stems.get(tool.name) ?? tool.name) ?? []).filter(isGuidanceStub);
      const found: ToolReference[] = [];
      for (const stub of stubs) {
        for (const node of this.reach(stub, (node) => isForeignHandler(owners.get(node), tool.name))) {
          for (const mention of this.mentionsIn(node)) {
            if (mention.tool !== tool.name && !isModuleSpecifier(mention.node))
              found.push({ tool: mention.tool, ...this.session.where(mention.node), kind: "mentions", via: mention.via });
          }
        }
      }
      return found;
    });
  }

  private mentionsIn(root: ts.Node): Mention[] {
    let mentions = this.mentionCache.get(root);
    if (mentions) return mentions;
    mentions = [];
    const matcher = this.matcher;
    for (const { text, node } of this.facts.factsOf(root).texts) {
      for (const tool of matcher?.find(text) ?? []) mentions.push({ tool, node, via: viaOf(node, root) });
    }
    this.mentionCache.set(root, mentions);
    return mentions;
  }
}

/** Sorted and without repeats: the order and identity `references` gives. */
export function mergeReferences(...lists: readonly ToolReference[][]): ToolReference[] {
  const all = lists.flat();
  all.sort(
    (a, b) =>
      compareStrings(a.tool, b.tool) || compareStrings(a.kind, b.kind) || compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.via, b.via),
  );
  const seen = new Set<string>();
  return all.filter((reference) => {
    const key = `${reference.tool}\u0000${reference.kind}\u0000${reference.via}\u0000${reference.file}\u0000${reference.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every parameter is declared `unknown`, `any` or one of the function's own type parameters: a formatter's signature. */
function takesAnything(fn: FunctionNode): boolean {
  if (fn.parameters.length === 0) return false;
  const typeParameters = new Set((fn.typeParameters ?? []).map((parameter) => parameter.name.text));
  return fn.parameters.every(({ type }) => {
    if (!type) return false;
    if (kindOf(type) === SyntaxKind.UnknownKeyword || kindOf(type) === SyntaxKind.AnyKeyword) return true;
    return isTypeReferenceNode(type) && isIdentifier(type.typeName) && typeParameters.has(type.typeName.text);
  });
}

/** Whether a function some tool owns is another tool's handler (not only a function it wraps). */
function isForeignHandler(names: readonly string[] | undefined, tool: string): boolean {
  return names !== undefined && !names.includes(tool) && names.some((name) => !name.startsWith(SHARED));
}

function parameterNames(handler: FunctionNode): Set<string> {
  const parameters = new Set<string>();
  const collect = (name: ts.BindingName): void => {
    if (isIdentifier(name)) parameters.add(name.text);
    else for (const element of name.elements) if (!isOmittedExpression(element)) collect(element.name);
  };
  for (const parameter of handler.parameters) collect(parameter.name);
  return parameters;
}

/** The handler's input passed on as it is: a param, a property of one, or a spread of either. */
function isInput(argument: ts.Expression, parameters: ReadonlySet<string>): boolean {
  const value = unwrapExpression(isSpreadElement(argument) ? argument.expression : argument);
  if (isIdentifier(value)) return parameters.has(value.text);
  if (isPropertyAccessExpression(value)) return isInput(value.expression, parameters);
  return false;
}

/** A call made with the handler's input: at least one argument is input, the others input or literals. */
function passesInput(call: ts.CallExpression, parameters: ReadonlySet<string>): boolean {
  let input = false;
  for (const argument of call.arguments) {
    if (isInput(argument, parameters)) input = true;
    else if (!isLiteral(unwrapExpression(argument))) return false;
  }
  return input;
}

function isLiteral(node: ts.Expression): boolean {
  return (
    isStringLiteralLike(node) ||
    isNumericLiteral(node) ||
    kindOf(node) === SyntaxKind.TrueKeyword ||
    kindOf(node) === SyntaxKind.FalseKeyword ||
    kindOf(node) === SyntaxKind.NullKeyword ||
    (isIdentifier(node) && node.text === "undefined")
  );
}

/**
 * What the handler's own returns hand back as a whole value: each returned expression, and each
 * argument of a call inside one (`jsonResult(note)`, `JSON.stringify(note)` within the result).
 * Not what sits in a field of a built object (`{ user, stats }`): that payload is more than one value.
 */
function returnedValues(body: ts.ConciseBody): ts.Expression[] {
  const values: ts.Expression[] = [];
  const fromExpression = (expression: ts.Expression): void => {
    values.push(unwrapExpression(expression));
    const visit = (node: ts.Node): void => {
      if (isFunctionLike(node)) return;
      if (isCallExpression(node)) for (const argument of node.arguments) values.push(unwrapExpression(argument));
      forEachChild(node, visit);
    };
    visit(expression);
  };
  if (!isBlock(body)) {
    fromExpression(body);
    return values;
  }
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node)) return;
    if (isReturnStatement(node) && node.expression) fromExpression(node.expression);
    forEachChild(node, visit);
  };
  forEachChild(body, visit);
  return values;
}

/** The call's result is returned whole: the call itself, or the variable it initialises. */
function flowsIntoReturn(call: ts.CallExpression, returned: readonly ts.Expression[]): boolean {
  if (returned.includes(call)) return true;
  let at: ts.Node = call;
  while (isAwaitExpression(at.parent) || isParenthesizedExpression(at.parent) || isAsExpression(at.parent) || isNonNullExpression(at.parent)) at = at.parent;
  const declaration = at.parent;
  if (!isVariableDeclaration(declaration) || declaration.initializer !== at || !isIdentifier(declaration.name)) return false;
  const name = declaration.name.text;
  return returned.some((value) => isIdentifier(value) && value.text === name);
}

/** A file written as a guidance stub: it exports both `guidance` and `errorGuidance`. */
/** Per SourceFile, which watch mode hands back unchanged across cycles: a thousand formatters share their tools' stems. */
const guidanceStubs = new WeakMap<ts.SourceFile, boolean>();

function isGuidanceStub(file: ts.SourceFile): boolean {
  let known = guidanceStubs.get(file);
  if (known === undefined) {
    known = exportsGuidance(file);
    guidanceStubs.set(file, known);
  }
  return known;
}

function exportsGuidance(file: ts.SourceFile): boolean {
  const exported = new Set<string>();
  for (const statement of file.statements) {
    const isExported = modifiersOf(statement).some((modifier) => kindOf(modifier) === SyntaxKind.ExportKeyword);
    if (!isExported) continue;
    if (isFunctionDeclaration(statement) && statement.name) exported.add(statement.name.text);
    if (isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) if (isIdentifier(declaration.name)) exported.add(declaration.name.text);
  }
  return exported.has("guidance") && exported.has("errorGuidance");
}

/** `"../tools/get_note.js"` in an import names a file, not a tool. */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    parent !== undefined &&
    (isImportDeclaration(parent) ||
      isExportDeclaration(parent) ||
      isExternalModuleReference(parent) ||
      isLiteralTypeNode(parent) ||
      (isCallExpression(parent) && kindOf(parent.expression) === SyntaxKind.ImportKeyword))
  );
}
