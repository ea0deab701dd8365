import { type Layout, NODE_FONT_SIZE, type Point } from "./layout.js";
import type { EdgeKind, ToolGraph } from "./model.js";
import { EDGE_KINDS, EDGE_STYLES } from "./style.js";

/**
 * One self-contained HTML page that draws the graph: inline SVG at the coordinates of `layout`
 * (computed in Node, see layout.ts), inline CSS and a small inline script, nothing fetched. The
 * picture fills the window (the SVG scales its viewBox into it, with or without the script). The
 * script adds what a picture of a large server needs: wheel to zoom about the pointer, drag to pan,
 * a Fit button (and `0`), and hovering or focusing a tool dims everything but its edges and
 * neighbours. The legend's checkboxes hide an edge kind (plain CSS, `:has()`).
 */

const CORNER = 5;

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function num(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** An orthogonal polyline with its corners rounded, as SVG path data. */
export function roundedPath(points: readonly Point[]): string {
  if (points.length === 0) return "";
  const [first] = points;
  const parts = [`M${num(first!.x)} ${num(first!.y)}`];
  for (let i = 1; i < points.length; i++) {
    const at = points[i]!;
    const next = points[i + 1];
    if (!next) {
      parts.push(`L${num(at.x)} ${num(at.y)}`);
      break;
    }
    const before = points[i - 1]!;
    const radius = Math.min(CORNER, Math.hypot(at.x - before.x, at.y - before.y) / 2, Math.hypot(next.x - at.x, next.y - at.y) / 2);
    const towards = (from: Point, to: Point, distance: number): Point => {
      const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      return { x: from.x + ((to.x - from.x) / length) * distance, y: from.y + ((to.y - from.y) / length) * distance };
    };
    const enter = towards(at, before, radius);
    const leave = towards(at, next, radius);
    parts.push(`L${num(enter.x)} ${num(enter.y)}`, `Q${num(at.x)} ${num(at.y)} ${num(leave.x)} ${num(leave.y)}`);
  }
  return parts.join(" ");
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

export function renderHtml(graph: ToolGraph, layout: Layout): string {
  const index = new Map(graph.nodes.map((node, i) => [node.name, i]));
  const info = new Map(graph.nodes.map((node) => [node.name, node]));
  const list = (names: readonly string[]): string => (names.length > 0 ? names.join(", ") : "nothing");
  const links = (entries: readonly { tool: string; kind: EdgeKind }[]): string =>
    entries.length > 0 ? entries.map((link) => `${link.tool} (${link.kind})`).join(", ") : "none";

  const markers = EDGE_KINDS.map(
    (kind) =>
      `      <marker id="arrow-${kind}" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="${EDGE_STYLES[kind].color}"/></marker>`,
  );
  const edges = layout.edges.map((edge) => {
    const dash = EDGE_STYLES[edge.kind].dash === "" ? "" : ` stroke-dasharray="${EDGE_STYLES[edge.kind].dash}"`;
    const tip = `${edge.from} → ${edge.to} (${edge.kind}): ${EDGE_STYLES[edge.kind].meaning}`;
    return `      <path class="edge ${edge.kind}" data-from="${index.get(edge.from)}" data-to="${index.get(edge.to)}" d="${roundedPath(edge.points)}" stroke="${EDGE_STYLES[edge.kind].color}" stroke-width="${EDGE_STYLES[edge.kind].width}"${dash} marker-end="url(#arrow-${edge.kind})"><title>${escape(tip)}</title></path>`;
  });
  const nodes = layout.nodes.map((node) => {
    const about = info.get(node.name);
    const tip = [
      node.name,
      `requires: ${list(about?.requires ?? [])}`,
      `provides: ${list(about?.provides ?? [])}`,
      `after: ${links(about?.dependsOn ?? [])}`,
      `before: ${links(about?.feeds ?? [])}`,
    ].join("\n");
    return [
      `      <g class="node" data-i="${index.get(node.name)}" tabindex="0">`,
      `        <title>${escape(tip)}</title>`,
      `        <rect x="${num(node.x)}" y="${num(node.y)}" width="${num(node.width)}" height="${num(node.height)}" rx="5"/>`,
      `        <text x="${num(node.x + node.width / 2)}" y="${num(node.y + node.height / 2)}">${escape(node.name)}</text>`,
      `      </g>`,
    ].join("\n");
  });
  const legend = EDGE_KINDS.map(
    (kind) =>
      `<label class="key" title="${escape(EDGE_STYLES[kind].meaning)}"><input type="checkbox" id="show-${kind}" checked><svg width="34" height="10" aria-hidden="true"><line x1="0" y1="5" x2="34" y2="5" stroke="${EDGE_STYLES[kind].color}" stroke-width="${EDGE_STYLES[kind].width}"${EDGE_STYLES[kind].dash === "" ? "" : ` stroke-dasharray="${EDGE_STYLES[kind].dash}"`}/></svg>${kind}</label>`,
  );
  const hidden = EDGE_KINDS.map((kind) => `    body:has(#show-${kind}:not(:checked)) .edge.${kind} { display: none; }`);
  const summary = `${plural(graph.nodes.length, "tool")}, ${plural(graph.edges.length, "edge")}`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tool graph: ${summary}</title>
  <style>
    html, body { height: 100%; margin: 0; }
    body { display: flex; flex-direction: column; font: 14px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; background: #fff; }
    header { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 18px; padding: 8px 14px; border-bottom: 1px solid #d1d9e0; }
    h1 { font-size: 16px; margin: 0; }
    .summary, .hint { color: #59636e; }
    .hint { margin-left: auto; font-size: 12px; }
    .key { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; cursor: pointer; }
    .key input { margin: 0; }
    button { font: inherit; font-size: 12px; padding: 2px 10px; border: 1px solid #d1d9e0; border-radius: 6px; background: #f6f8fa; cursor: pointer; }
    main { flex: 1; min-height: 0; }
    svg.graph { display: block; width: 100%; height: 100%; cursor: grab; user-select: none; }
    svg.graph.panning { cursor: grabbing; }
    .node rect { fill: #f6f8fa; stroke: #59636e; stroke-width: 1.2; }
    .node text { font: ${NODE_FONT_SIZE}px ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace; text-anchor: middle; dominant-baseline: central; fill: #1f2328; pointer-events: none; }
    .node:hover rect, .node:focus rect, .node.lit.hub rect { fill: #ddf4ff; stroke: #0969da; }
    .node:focus { outline: none; }
    .edge { fill: none; }
    .edge:hover { stroke-width: 3.5; }
    .focusing .node:not(.lit), .focusing .edge:not(.lit) { opacity: 0.12; }
    .focusing .edge.lit { stroke-width: 2.8; }
${hidden.join("\n")}
  </style>
</head>
<body>
  <header>
    <h1>Tool graph</h1>
    <span class="summary">${summary}; an arrow points from a tool to the one that builds on it.</span>
    ${legend.join("\n    ")}
    <button type="button" id="fit" title="Fit the graph to the window (0)">Fit</button>
    <span class="hint">scroll: zoom · drag: pan · hover a tool: its neighbours · 0: fit</span>
  </header>
  <main>
    <svg class="graph" id="graph" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(layout.width)} ${num(layout.height)}" preserveAspectRatio="xMidYMid meet" role="img" aria-label="Tool graph: ${summary}" data-width="${num(layout.width)}" data-height="${num(layout.height)}">
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
  </main>
  <script>
${SCRIPT}
  </script>
</body>
</html>
`;
}

/** Pan, zoom, fit and neighbour highlighting; plain DOM, no library. */
const SCRIPT = String.raw`(() => {
  const svg = document.getElementById("graph");
  const full = { x: 0, y: 0, w: Number(svg.dataset.width), h: Number(svg.dataset.height) };
  let view = { ...full };
  const show = () => svg.setAttribute("viewBox", view.x + " " + view.y + " " + view.w + " " + view.h);
  const fit = () => { view = { ...full }; show(); };
  // Opened fitted, within limits: a small graph is not blown up past 1.5×, and a large one whose
  // fitted labels would be too small to read (under 0.6×) opens at 0.9× on its top-left corner,
  // where the workflow starts; Fit shows all of it.
  const start = () => {
    fit();
    const box = svg.getBoundingClientRect(), fitted = scale();
    if (box.width === 0 || box.height === 0) return;
    if (fitted > 1.5) view = { x: full.w / 2 - box.width / 3, y: full.h / 2 - box.height / 3, w: box.width / 1.5, h: box.height / 1.5 };
    else if (fitted < 0.6) view = { x: 0, y: 0, w: box.width / 0.9, h: box.height / 0.9 };
    show();
  };
  // The viewBox keeps the picture's shape while preserveAspectRatio centres it: zoom and pan in
  // the units the screen shows, so the point under the pointer stays under it.
  const scale = () => { const box = svg.getBoundingClientRect(); return Math.min(box.width / view.w, box.height / view.h); };
  const toGraph = (clientX, clientY) => {
    const box = svg.getBoundingClientRect(), s = scale();
    return { x: view.x + (clientX - box.left - (box.width - view.w * s) / 2) / s, y: view.y + (clientY - box.top - (box.height - view.h * s) / 2) / s };
  };
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const at = toGraph(event.clientX, event.clientY);
    const factor = Math.exp(Math.max(-1, Math.min(1, event.deltaY / 300)));
    const w = Math.min(full.w * 4, Math.max(40, view.w * factor));
    const k = w / view.w;
    view = { x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k, w, h: view.h * k };
    show();
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, view: { ...view } };
    svg.setPointerCapture(event.pointerId);
    svg.classList.add("panning");
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const s = scale();
    view = { ...drag.view, x: drag.view.x - (event.clientX - drag.x) / s, y: drag.view.y - (event.clientY - drag.y) / s };
    show();
  });
  const stop = () => { drag = null; svg.classList.remove("panning"); };
  svg.addEventListener("pointerup", stop);
  svg.addEventListener("pointercancel", stop);
  svg.addEventListener("dblclick", fit);
  document.getElementById("fit").addEventListener("click", fit);
  document.addEventListener("keydown", (event) => { if (event.key === "0") fit(); });
  start();

  const edges = [...svg.querySelectorAll(".edge")];
  const nodes = [...svg.querySelectorAll(".node")];
  const focus = (node) => {
    const i = node.dataset.i;
    svg.classList.add("focusing");
    node.classList.add("lit", "hub");
    for (const edge of edges) {
      if (edge.dataset.from !== i && edge.dataset.to !== i) continue;
      edge.classList.add("lit");
      nodes[Number(edge.dataset.from === i ? edge.dataset.to : edge.dataset.from)].classList.add("lit");
    }
  };
  const blur = () => {
    svg.classList.remove("focusing");
    for (const element of svg.querySelectorAll(".lit")) element.classList.remove("lit", "hub");
  };
  for (const node of nodes) {
    node.addEventListener("pointerenter", () => { if (!drag) focus(node); });
    node.addEventListener("pointerleave", blur);
    node.addEventListener("focus", () => focus(node));
    node.addEventListener("blur", blur);
  }
})();`;
