import type { EdgeKind, ToolGraph } from "./model.js";

/**
 * A Mermaid flowchart, left to right. Node ids are `t0`, `t1`, ... in name order (tool names may
 * hold characters Mermaid ids cannot); the label is the name. `calls` is a solid arrow, `mentions`
 * a dotted one, `data` a thick one, each labelled with its kind.
 */
const ARROWS: Record<EdgeKind, string> = { calls: "-->", mentions: "-.->", data: "==>" };

function label(name: string): string {
  // Inside a quoted Mermaid label, `"` must be written as an entity.
  return `"${name.replace(/"/g, "#quot;")}"`;
}

export function renderMermaid(graph: ToolGraph): string {
  const ids = new Map(graph.nodes.map((node, index) => [node.name, `t${index}`]));
  const lines = ["flowchart LR"];
  for (const node of graph.nodes) lines.push(`  ${ids.get(node.name)}[${label(node.name)}]`);
  for (const edge of graph.edges) {
    lines.push(`  ${ids.get(edge.from)} ${ARROWS[edge.kind]}|${edge.kind}| ${ids.get(edge.to)}`);
  }
  return `${lines.join("\n")}\n`;
}
