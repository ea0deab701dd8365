import { ts } from "ts-morph";
import type { HarvestedWarning, ToolReference } from "../inventory.js";
import type { AnalysisSession } from "../session.js";
import { type FunctionNode, isFunctionNode, unwrapExpression } from "../syntax.js";
import { NameMatcher } from "./names.js";
import { FactIndex } from "./scan.js";

/**
 * Warnings and tool references, read along each tool's call graph: its handler (or low-level
 * `case` scope) and the project functions it calls, transitively up to MAX_CALL_DEPTH calls deep
 * and never twice. The walk stops at another tool's handler: calling it is a `calls` edge, and
 * what that handler says belongs to that tool.
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
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isStringLiteralLike(node)) return node.text;
  return undefined;
}

/** Where a piece of text stands: inside `nextSteps`, `relatedTools`, `available_actions`, or free text. */
function viaOf(node: ts.Node, root: ts.Node): string {
  for (let child = node, current = node.parent; current && child !== root; child = current, current = current.parent) {
    let name: string | undefined;
    if (ts.isPropertyAssignment(current) && current.initializer === child) name = storedName(current.name);
    else if (ts.isVariableDeclaration(current) && current.initializer === child) name = storedName(current.name);
    else if (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.EqualsToken && current.right === child) name = storedName(unwrapExpression(current.left));
    else if (ts.isCallExpression(current) && current.arguments.includes(child as ts.Expression)) {
      const callee = unwrapExpression(current.expression);
      if (ts.isPropertyAccessExpression(callee) && ["push", "unshift", "concat"].includes(callee.name.text)) name = storedName(unwrapExpression(callee.expression));
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

export class RelationAnalysis {
  private readonly mentionCache = new Map<ts.Node, Mention[]>();
  private matcher: NameMatcher | undefined;

  /** `facts` may already hold the nodes of the analyser's walk (FactIndex.record). */
  constructor(
    private readonly session: AnalysisSession,
    private readonly facts: FactIndex = new FactIndex(session.checker),
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
      const reached = this.reach(tool.scope, (node) => !own.has(node) && owners.has(node) && !(owners.get(node) ?? []).includes(tool.name));
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
    for (const tool of tools) {
      if (!tool.handler) continue;
      own(tool.handler, tool.name);
      const delegate = this.delegateOf(tool.handler);
      if (delegate) own(delegate, tool.name);
    }
    return owners;
  }

  private delegateOf(handler: FunctionNode): FunctionNode | null {
    const body = handler.body;
    if (!body) return null;
    let expression: ts.Expression | undefined;
    if (ts.isBlock(body)) {
      const [only] = body.statements;
      if (body.statements.length !== 1 || !only || !ts.isReturnStatement(only)) return null;
      expression = only.expression;
    } else {
      expression = body;
    }
    const call = expression ? unwrapExpression(expression) : undefined;
    if (!call || !ts.isCallExpression(call)) return null;
    const parameters = new Set<string>();
    const collect = (name: ts.BindingName): void => {
      if (ts.isIdentifier(name)) parameters.add(name.text);
      else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
    };
    for (const parameter of handler.parameters) collect(parameter.name);
    const passesThrough = (argument: ts.Expression): boolean => {
      const value = unwrapExpression(ts.isSpreadElement(argument) ? argument.expression : argument);
      if (ts.isIdentifier(value)) return parameters.has(value.text);
      if (ts.isPropertyAccessExpression(value)) return passesThrough(value.expression);
      return false;
    };
    if (!call.arguments.every(passesThrough)) return null;
    const target = this.facts.callTarget(unwrapExpression(call.expression));
    return target && target !== handler && isFunctionNode(target) ? target : null;
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
    found.sort((a, b) => compareText(a.file, b.file) || a.line - b.line || compareText(a.id ?? "", b.id ?? "") || compareText(a.message, b.message));
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
        for (const owner of owners.get(target) ?? []) {
          if (owner !== tool) found.push({ tool: owner, ...this.session.where(call), kind: "calls", via: "call" });
        }
      }
      for (const mention of this.mentionsIn(node)) {
        if (mention.tool !== tool) found.push({ tool: mention.tool, ...this.session.where(mention.node), kind: "mentions", via: mention.via });
      }
    }
    found.sort((a, b) => compareText(a.tool, b.tool) || compareText(a.kind, b.kind) || compareText(a.file, b.file) || a.line - b.line || compareText(a.via, b.via));
    const seen = new Set<string>();
    return found.filter((reference) => {
      const key = `${reference.tool}\u0000${reference.kind}\u0000${reference.via}\u0000${reference.file}\u0000${reference.line}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
