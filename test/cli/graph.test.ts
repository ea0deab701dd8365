import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

describe("mcp-conform graph", () => {
  const project = join(fixturesRoot, "stock-legacy");

  it("prints the graph as sorted JSON nodes and labelled edges", async () => {
    const run = await runCli(["graph", "--project", project, "--format", "json"], { cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    const graph = JSON.parse(run.stdout) as { nodes: { name: string }[]; edges: { from: string; to: string; kind: string }[] };
    const names = graph.nodes.map((n) => n.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("calculate_dcf");
    for (const edge of graph.edges) {
      expect(names).toContain(edge.from);
      expect(names).toContain(edge.to);
      expect(["calls", "mentions", "data"]).toContain(edge.kind);
    }
    // "Use calculate_dcf next" style text in the legacy server is a mention edge.
    expect(graph.edges.some((e) => e.kind === "mentions" && e.to === "calculate_dcf")).toBe(true);
  });

  it("prints mermaid, dot and one self-contained html file", async () => {
    const mermaid = await runCli(["graph", "--project", project], { cwd: repoRoot });
    expect(mermaid.stdout.startsWith("flowchart")).toBe(true);
    const dot = await runCli(["graph", "--project", project, "--format", "dot"], { cwd: repoRoot });
    expect(dot.stdout).toMatch(/^digraph /);
    const html = await runCli(["graph", "--project", project, "--format", "html"], { cwd: repoRoot });
    expect(html.stdout).toContain("<svg");
    expect(html.stdout).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/(?!www\.w3\.org)/);
  });

  it("names an unknown format with a suggestion", async () => {
    const run = await runCli(["graph", "--project", project, "--format", "svg"], { cwd: repoRoot });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('unknown graph format "svg"');
  });
});
