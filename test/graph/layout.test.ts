import { beforeAll, describe, expect, it } from "vitest";
import { layoutGraph, type Layout } from "../../src/graph/layout.js";
import { checkPicture, edgesThroughBoxes, goldenGraph, nonOrthogonalSegments, overlappingEdges } from "./geometry.js";
import { syntheticGraph } from "./synthetic-graph.js";

/**
 * The picture's promises, checked on the layout's own coordinates (what the page draws), without
 * a browser: every edge is drawn, orthogonally, from its tool's box to the other's, never through
 * a box and never along another edge. The fixtures' graphs are read from their golden graph.json
 * (renderers.test.ts holds those to the analysis). The 160-tool case is in layout.full.test.ts.
 */

describe.each(["notes", "orchestrator"])("the layout of %s", (fixture) => {
  const graph = goldenGraph(fixture);
  let layout: Layout;
  beforeAll(async () => {
    layout = await layoutGraph(graph);
  });

  it("draws every edge around the boxes, none along another", () => {
    checkPicture(graph, layout);
  });

  it("keeps edges of different kinds between the same two tools apart", () => {
    const pairs = new Map<string, Layout["edges"]>();
    for (const edge of layout.edges) {
      const key = [edge.from, edge.to].sort().join(" ");
      pairs.set(key, [...(pairs.get(key) ?? []), edge]);
    }
    const parallel = [...pairs.values()].filter((edges) => edges.length > 1);
    // notes: get_note ↔ search_notes (calls one way, mentions the other); the orchestrator has several.
    expect(parallel.length).toBeGreaterThan(0);
    for (const edges of parallel) {
      const ends = edges.flatMap((edge) => [edge.points[0]!, edge.points.at(-1)!].map((point) => `${point.x},${point.y}`));
      expect(new Set(ends).size, edges.map((edge) => `${edge.from} → ${edge.to} (${edge.kind})`).join(", ")).toBe(ends.length);
    }
  });

  it("is the same picture every time", async () => {
    expect(JSON.stringify(await layoutGraph(graph))).toBe(JSON.stringify(layout));
  });
});

describe("the layout of a 40-tool synthetic server", () => {
  it("draws every edge around the boxes, none along another, in the shape that fits a wide window best", async () => {
    const graph = syntheticGraph(40);
    const layout = await layoutGraph(graph);
    checkPicture(graph, layout);
    expect(layout.width / layout.height).toBeGreaterThan(0.4);
    expect(layout.width / layout.height).toBeLessThan(4);
  });
});

describe("the geometric checks can fail", () => {
  // The picture of issue #19: the dashed list_tags → search_notes edge drawn straight down behind
  // delete_note's box, and two edges get_note → search_notes drawn on one line.
  const box = (name: string, x: number, y: number) => ({ name, x, y, width: 100, height: 30 });
  const broken: Layout = {
    direction: "DOWN",
    width: 400,
    height: 300,
    nodes: [box("list_tags", 150, 10), box("delete_note", 150, 100), box("search_notes", 150, 200), box("get_note", 10, 100)],
    edges: [
      {
        from: "list_tags",
        to: "search_notes",
        kind: "mentions",
        points: [
          { x: 200, y: 40 },
          { x: 200, y: 200 },
        ],
      },
      {
        from: "get_note",
        to: "search_notes",
        kind: "calls",
        points: [
          { x: 60, y: 130 },
          { x: 60, y: 215 },
          { x: 150, y: 215 },
        ],
      },
      {
        from: "get_note",
        to: "search_notes",
        kind: "data",
        points: [
          { x: 60, y: 130 },
          { x: 60, y: 215 },
          { x: 150, y: 215 },
        ],
      },
      {
        from: "get_note",
        to: "delete_note",
        kind: "calls",
        points: [
          { x: 110, y: 115 },
          { x: 130, y: 130 },
        ],
      },
    ],
  };

  it("finds the edge behind a box, the edges on one line and the diagonal", () => {
    expect(edgesThroughBoxes(broken)).toEqual(["list_tags → search_notes (mentions) runs through the box of delete_note"]);
    expect(overlappingEdges(broken)).toEqual([
      "get_note → search_notes (calls) and get_note → search_notes (data) share 85px of line",
      "get_note → search_notes (calls) and get_note → search_notes (data) share 90px of line",
    ]);
    expect(nonOrthogonalSegments(broken)).toEqual(["get_note → delete_note (calls): segment (110,115)-(130,130) is diagonal"]);
  });
});
