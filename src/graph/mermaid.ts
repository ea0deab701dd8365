import type { EdgeKind, ToolGraph } from "./model.js";
import { EDGE_KINDS, EDGE_STYLES } from "./style.js";

/**
 * A Mermaid flowchart, left to right. Node ids are `t0`, `t1`, ... in name order (tool names may
 * hold characters Mermaid ids cannot); the label is the name. `calls` is a solid arrow, `mentions`
 * a dotted one, `data` a thick one, each labelled with its kind and coloured as on the page
 * (`linkStyle` by edge index).
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
  for (const kind of EDGE_KINDS) {
    const indices = graph.edges.flatMap((edge, index) => (edge.kind === kind ? [index] : []));
    if (indices.length > 0) lines.push(`  linkStyle ${indices.join(",")} stroke:${EDGE_STYLES[kind].color},color:${EDGE_STYLES[kind].color}`);
  }
  return `${lines.join("\n")}\n`;
}
