import { layeredLayout } from "./layout.js";
import type { EdgeKind, ToolGraph } from "./model.js";

/**
 * One self-contained HTML file that draws the graph: inline SVG laid out by `layeredLayout`, inline
 * CSS, no script and no network access. Hovering a node shows what it requires and provides;
 * hovering an edge shows its ends and kind.
 */

const COLORS: Record<EdgeKind, string> = { calls: "#1f6feb", mentions: "#8250df", data: "#1a7f37" };
const DASHES: Record<EdgeKind, string> = { calls: "", mentions: "6 4", data: "" };
const KINDS: EdgeKind[] = ["calls", "mentions", "data"];

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function renderHtml(graph: ToolGraph): string {
  const layout = layeredLayout(graph);
  const byName = new Map(graph.nodes.map((node) => [node.name, node]));
  const markers = KINDS.map(
    (kind) =>
      `      <marker id="arrow-${kind}" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="${COLORS[kind]}"/></marker>`,
  );
  const edges = layout.edges.map((edge) => {
    const dash = DASHES[edge.kind] === "" ? "" : ` stroke-dasharray="${DASHES[edge.kind]}"`;
    return `      <path class="edge ${edge.kind}" d="${edge.path}" stroke="${COLORS[edge.kind]}"${dash} marker-end="url(#arrow-${edge.kind})"><title>${escape(`${edge.from} → ${edge.to} (${edge.kind})`)}</title></path>`;
  });
  const nodes = layout.nodes.map((node) => {
    const info = byName.get(node.name);
    const tip = [
      node.name,
      `requires: ${info && info.requires.length > 0 ? info.requires.join(", ") : "nothing"}`,
      `provides: ${info && info.provides.length > 0 ? info.provides.join(", ") : "nothing"}`,
    ].join("\n");
    return [
      `      <g class="node">`,
      `        <title>${escape(tip)}</title>`,
      `        <rect x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}" rx="6"/>`,
      `        <text x="${node.x + node.width / 2}" y="${node.y + node.height / 2}">${escape(node.name)}</text>`,
      `      </g>`,
    ].join("\n");
  });
  const legend = KINDS.map(
    (kind) =>
      `<span class="key"><svg width="36" height="10" aria-hidden="true"><line x1="0" y1="5" x2="36" y2="5" stroke="${COLORS[kind]}" stroke-width="2"${DASHES[kind] === "" ? "" : ` stroke-dasharray="${DASHES[kind]}"`}/></svg> ${kind}</span>`,
  );
  const summary = `${graph.nodes.length} tool${graph.nodes.length === 1 ? "" : "s"}, ${graph.edges.length} edge${graph.edges.length === 1 ? "" : "s"}`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Tool graph</title>
  <style>
    body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px; color: #1f2328; }
    h1 { font-size: 20px; margin: 0 0 4px; }
    p { margin: 0 0 12px; color: #59636e; }
    .key { margin-right: 16px; white-space: nowrap; }
    svg.graph { border: 1px solid #d1d9e0; border-radius: 6px; background: #fff; max-width: 100%; height: auto; }
    .node rect { fill: #f6f8fa; stroke: #59636e; stroke-width: 1.2; }
    .node:hover rect { fill: #ddf4ff; }
    .node text { font: 12px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; text-anchor: middle; dominant-baseline: central; fill: #1f2328; }
    .edge { fill: none; stroke-width: 1.6; }
    .edge.data { stroke-width: 2.6; }
    .edge:hover { stroke-width: 3.5; }
  </style>
</head>
<body>
  <h1>Tool graph</h1>
  <p>${summary}. An arrow points from a tool to the one that builds on it. ${legend.join(" ")}</p>
  <svg class="graph" xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" role="img" aria-label="Tool graph: ${summary}">
    <defs>
${markers.join("\n")}
    </defs>
    <g class="edges">
${edges.join("\n")}
    </g>
    <g class="nodes">
${nodes.join("\n")}
    </g>
  </svg>
</body>
</html>
`;
}
