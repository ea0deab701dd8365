import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { cleanScratch, copyFixture, generatedCopy } from "./helpers.js";

afterAll(cleanScratch);

function edit(path: string, from: string, to: string): void {
  const before = readFileSync(path, "utf8");
  if (!before.includes(from)) throw new Error(`${path} does not contain ${from}`);
  writeFileSync(path, before.replace(from, to));
}

describe("check refuses stale generated output", () => {
  it("accepts output written with and without --no-format", async () => {
    const unformatted = await generatedCopy("check/conforming");
    expect((await runCli(["check"], { cwd: unformatted })).exitCode).toBe(0);

    const formatted = copyFixture("check/conforming");
    expect((await runCli(["generate"], { cwd: formatted })).exitCode).toBe(0);
    const run = await runCli(["check"], { cwd: formatted });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
  });

  it("exits 2 and lists the files when the source changed a payload but generate was not re-run", async () => {
    const dir = await generatedCopy("check/conforming");
    // Same tools, a different payload type: the tool-name comparison alone would pass this.
    edit(join(dir, "src/server.ts"), "  minutes: number;\n", "  minutes: number;\n  servings: number;\n");
    edit(join(dir, "src/server.ts"), "minutes: 30 }", "minutes: 30, servings: 2 }");
    edit(join(dir, "src/server.ts"), "minutes: 20 }", "minutes: 20, servings: 4 }");
    const run = await runCli(["check"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("the generated output is stale: run mcp-conform generate (3 files differ");
    expect(run.stderr.split("\n").filter((line) => line.startsWith("  "))).toEqual([
      "  src/generated/mcp-conform/output-schemas.ts (differs)",
      "  src/generated/mcp-conform/output-schemas.zod.ts (differs)",
      "  src/generated/mcp-conform/tool-graph.ts (differs)",
    ]);
    expect(run.stderr).not.toContain("    at ");

    // After generating again, check judges the tools.
    expect((await runCli(["generate", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    expect((await runCli(["check"], { cwd: dir })).exitCode).toBe(0);
  });

  it("exits 2 when a generated file was edited by hand, and names it", async () => {
    const dir = await generatedCopy("check/conforming");
    const conform = join(dir, "src/generated/mcp-conform/conform.ts");
    writeFileSync(conform, `${readFileSync(conform, "utf8")}\n// a hand edit\n`);
    const run = await runCli(["check"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("the generated output is stale: run mcp-conform generate (1 file differs");
    expect(run.stderr).toContain("  src/generated/mcp-conform/conform.ts (differs)");
  });

  it("reports a failing run as it is, with a note that the output is stale", async () => {
    const dir = await generatedCopy("check/conforming");
    // A raw return changes the payload the analyser infers, so generate would write other types.
    edit(join(dir, "src/server.ts"), "return formatListRecipes({ recipes });", 'return { content: [{ type: "text" as const, text: "" }] };');
    const run = await runCli(["check", "--format", "json"], { cwd: dir });
    expect(run.exitCode).toBe(1);
    const result = JSON.parse(run.stdout) as { tools: { name: string; problems: { code: string }[] }[] };
    expect(result.tools.map((tool) => [tool.name, tool.problems.map((p) => p.code)])).toEqual([
      ["get_recipe", []],
      ["list_recipes", ["MCPC101"]],
    ]);
    expect(run.stderr).toContain("note: the generated output is stale: run mcp-conform generate (5 files differ");
    expect(run.stderr).toContain("  src/generated/mcp-conform/tools.ts (differs)");
  });

  it("still names a changed tool list first, precisely", async () => {
    const dir = await generatedCopy("check/conforming");
    edit(join(dir, "src/server.ts"), '"get_recipe",\n  { description', '"fetch_recipe",\n  { description');
    const run = await runCli(["check"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("is stale (new tool fetch_recipe, removed tool get_recipe)");
  });
});
