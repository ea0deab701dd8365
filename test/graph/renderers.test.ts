import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GRAPH_FORMATS, renderGraph, type GraphFormat } from "../../src/graph/index.js";
import { renderDot } from "../../src/graph/dot.js";
import { renderHtml } from "../../src/graph/html.js";
import { layoutGraph } from "../../src/graph/layout.js";
import { renderMermaid } from "../../src/graph/mermaid.js";
import type { ToolGraph } from "../../src/graph/model.js";
import { generate } from "../../src/generate/generate.js";
import { golden, repoRoot } from "../helpers/fixtures.js";
import { configFor, fixtureInventory } from "../generate/harness.js";

const EXTENSIONS: Record<GraphFormat, string> = { mermaid: "mmd", dot: "dot", json: "json", html: "html" };

type Triple = string;

/** `from → to (kind)` of every edge a format writes, read back from its text. */
const READERS: Record<GraphFormat | "tool-graph.ts", (text: string) => Triple[]> = {
  mermaid(text) {
    const names = new Map([...text.matchAll(/^ {2}(t\d+)\["(.*)"\]$/gm)].map(([, id, name]) => [id!, name!.replace(/#quot;/g, '"')]));
    return [...text.matchAll(/^ {2}(t\d+) (?:-->|-\.->|==>)\|(\w+)\| (t\d+)$/gm)].map(
      ([, from, kind, to]) => `${names.get(from!)} → ${names.get(to!)} (${kind})`,
    );
  },
  dot(text) {
    return [...text.matchAll(/^ {2}"(.*)" -> "(.*)" \[label="(\w+)"/gm)].map(([, from, to, kind]) => `${from} → ${to} (${kind})`);
  },
  json(text) {
    return (JSON.parse(text) as { edges: { from: string; to: string; kind: string }[] }).edges.map((edge) => `${edge.from} → ${edge.to} (${edge.kind})`);
  },
  html(text) {
    const names = [...text.matchAll(/<g class="node" data-i="(\d+)"[^]*?<text [^>]*>([^<]*)<\/text>/g)].map(([, , name]) => name!);
    return [...text.matchAll(/<path class="edge (\w+)" data-from="(\d+)" data-to="(\d+)"/g)].map(
      ([, kind, from, to]) => `${names[Number(from)]} → ${names[Number(to)]} (${kind})`,
    );
  },
  "tool-graph.ts"(text) {
    // The graph is JSON in a String.raw literal (cheap for the user's type-check): read it as JSON.
    const graph = JSON.parse(/String\.raw`([^`]*)`/.exec(text)![1]!) as Record<
      string,
      { dependsOn: { tool: string; kind: string }[]; feeds: { tool: string; kind: string }[] }
    >;
    const found: Triple[] = [];
    for (const [name, node] of Object.entries(graph)) {
      for (const { tool, kind } of node.feeds) found.push(`${name} → ${tool} (${kind})`);
      for (const { tool, kind } of node.dependsOn) found.push(`(depends) ${tool} → ${name} (${kind})`);
    }
    return found;
  },
};

describe.each(["stock-legacy", "orchestrator", "notes"])("%s graph", (fixture) => {
  const inventory = fixtureInventory(fixture);

  it.each([...GRAPH_FORMATS])("%s matches its golden file", async (format) => {
    const file = join(repoRoot, "fixtures", fixture, "__expected__", "graph", `graph.${EXTENSIONS[format]}`);
    const actual = await renderGraph(inventory, format);
    expect(actual).toBe(golden(file, actual));
  });

  it("is one graph in every format and in the generated tool-graph.ts: the same edges, of the same kinds", async () => {
    const json = READERS.json(await renderGraph(inventory, "json"));
    expect(json.length).toBeGreaterThan(0);
    for (const format of GRAPH_FORMATS) expect([...READERS[format](await renderGraph(inventory, format))].sort(), format).toEqual([...json].sort());
    const toolGraph = generate(inventory, configFor("aorp")).generated.get("src/generated/mcp-conform/tool-graph.ts")!;
    const fromFile = READERS["tool-graph.ts"](toolGraph);
    expect(fromFile.filter((edge) => !edge.startsWith("(depends) ")).sort()).toEqual([...json].sort());
    // dependsOn is feeds seen from the other end.
    expect(
      fromFile
        .filter((edge) => edge.startsWith("(depends) "))
        .map((edge) => edge.slice("(depends) ".length))
        .sort(),
    ).toEqual([...json].sort());
  });

  it("json is sorted and names every tool", async () => {
    const graph = JSON.parse(await renderGraph(inventory, "json")) as { nodes: { name: string }[]; edges: { from: string; to: string; kind: string }[] };
    const names = graph.nodes.map((node) => node.name);
    expect(names).toEqual([...new Set(inventory.tools.map((tool) => tool.name))].sort());
    const keys = graph.edges.map((edge) => [edge.from, edge.to, ["calls", "mentions", "data"].indexOf(edge.kind)] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[2] - b[2]));
    expect(keys).toEqual(sorted);
  });

  it("html is one self-contained page: inline SVG, CSS and script, nothing fetched", async () => {
    const html = await renderGraph(inventory, "html");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<svg");
    expect(html).not.toMatch(/<script[^>]*\bsrc=|<link|<img|<iframe|@import|url\((?!#)|fetch\(|XMLHttpRequest/i);
    expect(html.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:\/\//);
    for (const tool of inventory.tools) expect(html).toContain(`>${tool.name}</text>`);
    // Every box lies inside the picture.
    const [, width, height] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(html)!;
    for (const [, x, y, w, h] of html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)) {
      expect(Number(x) + Number(w)).toBeLessThanOrEqual(Number(width));
      expect(Number(y) + Number(h)).toBeLessThanOrEqual(Number(height));
    }
    // A legend with a filter per kind.
    for (const kind of ["calls", "mentions", "data"]) expect(html).toContain(`<input type="checkbox" id="show-${kind}" checked>`);
  });
});

describe("the edges of the note server (issue #19)", () => {
  it("has the stub's mention and the calls through loadNote, and not get_note → create_note", async () => {
    const edges = READERS.json(await renderGraph(fixtureInventory("notes"), "json"));
    expect(edges.sort()).toEqual([
      "create_note → delete_note (data)",
      "create_note → get_note (data)",
      "get_note → delete_note (calls)",
      "get_note → search_notes (calls)",
      "list_tags → search_notes (mentions)",
      "search_notes → get_note (mentions)",
    ]);
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
    expect(renderDot(graph)).toContain('"say \\"hi\\"" -> "x<y>" [label="calls", style=solid, color="#1f6feb", fontcolor="#1f6feb"];');
  });

  it("mermaid", () => {
    const text = renderMermaid(graph);
    expect(text).toContain('t0["say #quot;hi#quot;"]');
    expect(text).toContain("t0 -->|calls| t1");
    expect(text).toContain("linkStyle 0 stroke:#1f6feb,color:#1f6feb");
  });

  it("html", async () => {
    const html = renderHtml(graph, await layoutGraph(graph));
    expect(html).toContain(">x&lt;y&gt;</text>");
    expect(html).toContain("requires: a&amp;b");
    expect(html).not.toContain("<y>");
  });

  it("an empty graph still renders", async () => {
    const empty: ToolGraph = { nodes: [], edges: [] };
    expect(renderHtml(empty, await layoutGraph(empty))).toContain("0 tools, 0 edges");
    expect(renderMermaid(empty)).toBe("flowchart LR\n");
  });
});
