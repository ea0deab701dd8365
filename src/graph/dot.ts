import type { EdgeKind, ToolGraph } from "./model.js";
import { EDGE_STYLES } from "./style.js";

/** Graphviz DOT, left to right: `calls` solid, `mentions` dashed, `data` bold, each labelled and coloured as on the page. */
const STYLES: Record<EdgeKind, string> = { calls: "solid", mentions: "dashed", data: "bold" };

function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;
}

export function renderDot(graph: ToolGraph): string {
  const lines = ["digraph tools {", "  rankdir=LR;", '  node [shape=box, fontname="Helvetica"];', '  edge [fontname="Helvetica", fontsize=10];'];
  for (const node of graph.nodes) lines.push(`  ${quote(node.name)};`);
  for (const edge of graph.edges) {
    const color = quote(EDGE_STYLES[edge.kind].color);
    lines.push(`  ${quote(edge.from)} -> ${quote(edge.to)} [label=${quote(edge.kind)}, style=${STYLES[edge.kind]}, color=${color}, fontcolor=${color}];`);
  }
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
