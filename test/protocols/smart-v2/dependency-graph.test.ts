import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dependencyEdges, validateSmartResponseV2At, type ToolDependencyGraph } from "../../../src/protocols/smart-v2/runtime.js";
import { fixturesDir, readJson } from "./fixtures.js";

/**
 * Task 3.4 prints the dependency map as a comment diagram. The fixture keeps it verbatim
 * (`task-3.4-dependency-map.txt`) beside the graph it describes (`task-3.4-dependency-graph.json`);
 * this test reads the diagram and holds the graph to it.
 *
 * "complete_valuation (uses: all above)" is read as: every tool above it in the diagram
 * (fetch_stock_data and the three valuations), named by tool, the Quick Reference's own style
 * for `requires` (decision D2).
 */

interface Diagram {
  provides: Map<string, string[]>;
  consumers: Array<{ provider: string; tool: string; uses: string[] }>;
}

function readDiagram(): Diagram {
  const lines = readFileSync(join(fixturesDir, "examples", "task-3.4-dependency-map.txt"), "utf8")
    .split("\n")
    .map((line) => line.replace(/^\/\/ ?/, ""));
  const diagram: Diagram = { provides: new Map(), consumers: [] };
  let provider = "";
  for (const line of lines) {
    const consumer = /^[├└]─→ (\S+) \(uses: (.*)\)$/.exec(line);
    const provides = /^↓ provides: (.*)$/.exec(line);
    if (consumer) diagram.consumers.push({ provider, tool: consumer[1]!, uses: consumer[2]!.split(", ") });
    else if (provides) diagram.provides.set(provider, provides[1]!.split(", "));
    else if (/^\w+$/.test(line)) provider = line;
  }
  return diagram;
}

const graph = readJson("examples", "task-3.4-dependency-graph.json") as ToolDependencyGraph;
const diagram = readDiagram();

describe("smart-v2 tool dependency graph (Task 3.4)", () => {
  it("reads the diagram: two providers, five consumers", () => {
    expect([...diagram.provides.keys()]).toEqual(["fetch_stock_data", "fetch_income_statement"]);
    expect(diagram.consumers.map((c) => c.tool)).toEqual([
      "calculate_pe_band",
      "calculate_ddm",
      "calculate_dcf",
      "complete_valuation",
      "calculate_canslim_score",
    ]);
  });

  it("the graph states what the diagram states", () => {
    for (const [provider, provides] of diagram.provides) expect(graph[provider]?.provides).toEqual(provides);
    diagram.consumers.forEach(({ provider, tool, uses }, index) => {
      const above = diagram.consumers.slice(0, index).filter((c) => c.provider === provider);
      const expected = uses.join(", ") === "all above" ? [provider, ...above.map((c) => c.tool)] : uses;
      expect(graph[tool]?.requires).toEqual(expected);
    });
  });

  it("every node is a valid context.dependencies", () => {
    for (const node of Object.values(graph)) expect(validateSmartResponseV2At("/context/dependencies", node)).toEqual([]);
  });

  it("resolves requirements by data name or by tool name into the diagram's arrows", () => {
    const { edges, unresolved } = dependencyEdges(graph);
    const arrows = [...new Set(edges.map((edge) => `${edge.from} -> ${edge.to}`))];
    expect(arrows).toEqual([
      "fetch_stock_data -> calculate_pe_band",
      "fetch_stock_data -> calculate_ddm",
      "fetch_stock_data -> calculate_dcf",
      "fetch_stock_data -> complete_valuation",
      "calculate_pe_band -> complete_valuation",
      "calculate_ddm -> complete_valuation",
      "calculate_dcf -> complete_valuation",
      "fetch_income_statement -> calculate_canslim_score",
    ]);
    expect(edges.filter((edge) => edge.to === "calculate_dcf").map((edge) => edge.via)).toEqual(["price", "FCF", "shares"]);
    expect(edges.find((edge) => edge.to === "complete_valuation")).toEqual({
      from: "fetch_stock_data",
      to: "complete_valuation",
      via: "fetch_stock_data",
    });
    // The diagram's own looseness: canslim "uses" net income growth, which nothing provides verbatim.
    expect(unresolved).toEqual([{ tool: "calculate_canslim_score", requirement: "net income growth" }]);
  });

  it("links to every provider of a datum and never to the requiring tool itself", () => {
    const { edges, unresolved } = dependencyEdges({
      a: { requires: [], provides: ["price"] },
      b: { requires: [], provides: ["price"] },
      c: { requires: ["price"], provides: ["price"] },
    });
    expect(edges).toEqual([
      { from: "a", to: "c", via: "price" },
      { from: "b", to: "c", via: "price" },
    ]);
    expect(unresolved).toEqual([]);
  });
});
