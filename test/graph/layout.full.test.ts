import { describe, expect, it } from "vitest";
import { layoutGraph } from "../../src/graph/layout.js";
import { checkPicture } from "./geometry.js";
import { syntheticGraph } from "./synthetic-graph.js";

describe("the layout of a 160-tool synthetic server", () => {
  it("draws every edge around the boxes, none along another, in a shape a window can hold", async () => {
    const graph = syntheticGraph(160);
    expect(graph.nodes).toHaveLength(160);
    expect(graph.edges.length).toBeGreaterThan(200);
    const layout = await layoutGraph(graph);
    checkPicture(graph, layout);
    expect(layout.width / layout.height).toBeGreaterThan(0.25);
    expect(layout.width / layout.height).toBeLessThan(4);
  });
});
