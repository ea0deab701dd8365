import type { ts } from "../../compiler.cjs";
import type { Diagnostic, DiscoveryStyle } from "../inventory.js";
import type { NodeMemo } from "../memo.js";
import type { AnalysisSession } from "../session.js";
import type { FunctionNode } from "../syntax.js";

/**
 * What a discoverer hands to resolution: nodes, not answers. Names, inputs, handlers and
 * payloads are all resolved afterwards through the one checker, the same way for every style.
 */
export interface ToolCandidate {
  style: DiscoveryStyle;
  /** The tool name: an expression for the checker to resolve, or a name known from elsewhere (xmcp's file name). */
  name: { expression: ts.Expression } | { text: string; node: ts.Node };
  /**
   * Where the tool is declared when that is not where its name is resolved: a low-level tool's
   * entry in the ListTools listing (its name, description and schema live there).
   */
  declaredAt?: ts.Node;
  /** The registration (call, class, object literal, case clause): the fallback for locations. */
  registration: ts.Node;
  /** The description as written, or its text when it was put together from resolved parts. */
  description: ts.Node | string | null;
  /** The input schema expression in whatever form the style takes (zod shape/object, JSON Schema, Standard Schema). */
  input: ts.Node | null;
  /** The registration names an input schema that cannot be followed to what it is (reported as MCPA010). */
  inputUnknown?: boolean;
  /** The handler as written: a function, or a reference to follow (identifier, `this.run.bind(this)`). */
  handler: ts.Node | null;
  /**
   * Where the handler's own return paths are, when that is narrower than the handler's body:
   * the `case` clause or `if` branch of a low-level dispatcher.
   */
  returnScope: ts.Node | null;
  /**
   * `call-tool-result`: the handler returns an MCP CallToolResult and the payload is inside it.
   * `raw`: the framework serialises the returned value, which is the payload.
   */
  payloadMode: "call-tool-result" | "raw";
  /**
   * The server instance the tool is registered on (`const full = new McpServer(...)`): `key` is
   * the node that creates or declares it. Null when the registration does not say (a tool object
   * found where it is written, a file-system framework, a server passed in as a parameter).
   */
  server?: ToolServer | null;
  /**
   * Found by its shape alone (an object literal with a name, a schema and a handler): it yields
   * to any other candidate that claims the same registration node.
   */
  generic?: boolean;
}

export interface ToolServer {
  key: ts.Node;
  /** The variable it is held in, as the source names it. */
  name: string;
}

export interface DiscoveryContext {
  readonly session: AnalysisSession;
  report(diagnostic: Omit<Diagnostic, "file" | "line">, at: ts.Node): void;
  /**
   * The calls of a project function, across every file: given to `finish` only (the files are all
   * walked by then), never during a file's visit.
   */
  readonly callSites?: (fn: FunctionNode) => readonly ts.CallExpression[];
  /**
   * A file whose tools are assembled across files (they depend on the calls of a function, which
   * other files make): incremental analysis must redo the assembly when it is walked again.
   */
  assemble?(file: ts.SourceFile): void;
  /** Answers kept from the last watch cycle, and kept for the next (memo.ts). */
  readonly memo?: NodeMemo;
}

/**
 * One discovery style, one file (`discover/<style>.ts`). Discoverers are visitors: the analyser
 * walks each source file once and offers every node to every discoverer, so adding a style adds
 * no traversal.
 */
export interface Discoverer {
  readonly style: DiscoveryStyle;
  visitCall?(node: ts.CallExpression, context: DiscoveryContext): ToolCandidate[];
  visitClass?(node: ts.ClassLikeDeclaration, context: DiscoveryContext): ToolCandidate[];
  visitObjectLiteral?(node: ts.ObjectLiteralExpression, context: DiscoveryContext): ToolCandidate[];
  visitSourceFile?(node: ts.SourceFile, context: DiscoveryContext): ToolCandidate[];
  /** Called once after every file was visited, for styles whose parts live in several places. */
  finish?(context: DiscoveryContext): ToolCandidate[];
}
