import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GRAPH_FORMATS, renderGraph, type GraphFormat } from "../../src/graph/index.js";
import { renderDot } from "../../src/graph/dot.js";
import { renderHtml } from "../../src/graph/html.js";
import { renderMermaid } from "../../src/graph/mermaid.js";
import type { ToolGraph } from "../../src/graph/model.js";
import { golden, repoRoot } from "../helpers/fixtures.js";
import { fixtureInventory } from "../generate/harness.js";

const EXTENSIONS: Record<GraphFormat, string> = { mermaid: "mmd", dot: "dot", json: "json", html: "html" };

describe.each(["stock-legacy", "orchestrator"])("%s graph", (fixture) => {
  const inventory = fixtureInventory(fixture);

  it.each([...GRAPH_FORMATS])("%s matches its golden file", (format) => {
    const file = join(repoRoot, "fixtures", fixture, "__expected__", "graph", `graph.${EXTENSIONS[format]}`);
    const actual = renderGraph(inventory, format);
    expect(actual).toBe(golden(file, actual));
  });

  it("json is sorted and names every tool", () => {
    const graph = JSON.parse(renderGraph(inventory, "json")) as { nodes: { name: string }[]; edges: { from: string; to: string; kind: string }[] };
    const names = graph.nodes.map((node) => node.name);
    expect(names).toEqual([...new Set(inventory.tools.map((tool) => tool.name))].sort());
    const keys = graph.edges.map((edge) => [edge.from, edge.to, ["calls", "mentions", "data"].indexOf(edge.kind)] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]));
    expect(keys).toEqual(sorted);
    expect(graph.edges.length).toBeGreaterThan(0);
  });

  it("html is one self-contained picture: inline SVG, no script, nothing fetched", () => {
    const html = renderGraph(inventory, "html");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<svg");
    expect(html).not.toMatch(/<script|<link|<img|@import|url\((?!#)/i);
    expect(html.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:\/\//);
    for (const tool of inventory.tools) expect(html).toContain(`>${tool.name}</text>`);
    // Every box lies inside the picture.
    const [, width, height] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(html)!;
    for (const [, x, y, w, h] of html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)) {
      expect(Number(x) + Number(w)).toBeLessThanOrEqual(Number(width));
      expect(Number(y) + Number(h)).toBeLessThanOrEqual(Number(height));
    }
  });
});

describe("renderers escape names", () => {
  const graph: ToolGraph = {
    nodes: [
      { name: 'say "hi"', requires: [], provides: [], dependsOn: [], feeds: [{ tool: "x<y>", kind: "calls" }] },
      { name: "x<y>", requires: ["a&b"], provides: [], dependsOn: [{ tool: 'say "hi"', kind: "calls" }], feeds: [] },
    ],
    edges: [{ from: 'say "hi"', to: "x<y>", kind: "calls" }],
  };

  it("dot", () => {
    expect(renderDot(graph)).toContain('"say \\"hi\\"" -> "x<y>" [label="calls", style=solid];');
  });

  it("mermaid", () => {
    const text = renderMermaid(graph);
    expect(text).toContain('t0["say #quot;hi#quot;"]');
    expect(text).toContain("t0 -->|calls| t1");
  });

  it("html", () => {
    const html = renderHtml(graph);
    expect(html).toContain("&gt;x&lt;y&gt;".slice(4));
    expect(html).toContain("requires: a&amp;b");
    expect(html).not.toContain("<y>");
  });

  it("an empty graph still renders", () => {
    const empty: ToolGraph = { nodes: [], edges: [] };
    expect(renderHtml(empty)).toContain("0 tools, 0 edges");
    expect(renderMermaid(empty)).toBe("flowchart LR\n");
  });
});
