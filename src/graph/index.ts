import type { Inventory } from "../analyze/inventory.js";
import { renderDot } from "./dot.js";
import { renderHtml } from "./html.js";
import { renderJson } from "./json.js";
import { layoutGraph } from "./layout.js";
import { renderMermaid } from "./mermaid.js";
import { buildToolGraph, type ToolGraph } from "./model.js";

export { buildToolGraph, type EdgeKind, type GraphEdge, type ToolGraph, type ToolGraphNode, type ToolLink } from "./model.js";

export const GRAPH_FORMATS = ["mermaid", "dot", "json", "html"] as const;
export type GraphFormat = (typeof GRAPH_FORMATS)[number];

/** Every format draws the one model; only the page needs a layout (an async engine). */
const RENDERERS: Record<GraphFormat, (graph: ToolGraph) => string | Promise<string>> = {
  mermaid: renderMermaid,
  dot: renderDot,
  json: renderJson,
  html: async (graph) => renderHtml(graph, await layoutGraph(graph)),
};

/** The tool graph of an inventory, rendered in one of the formats of `mcp-conform graph`. */
export async function renderGraph(inventory: Inventory, format: GraphFormat): Promise<string> {
  return RENDERERS[format](buildToolGraph(inventory.tools));
}
