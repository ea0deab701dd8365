import type { ToolGraph } from "./model.js";

/** `{ nodes: [{ name }], edges: [{ from, to, kind }] }`, sorted (nodes by name; edges by from, to, kind). */
export function renderJson(graph: ToolGraph): string {
  const document = {
    nodes: graph.nodes.map((node) => ({ name: node.name })),
    edges: graph.edges.map((edge) => ({ from: edge.from, to: edge.to, kind: edge.kind })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
