import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A workspace root with two servers under packages/, as npm or pnpm workspaces lay them out. */
function workspace(): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const root = mkdtempSync(join(repoRoot, ".tmp", "workspace-"));
  scratch.push(root);
  for (const [name, fixture] of [
    ["recipes", "demo"],
    ["orchestrator", "orchestrator"],
  ] as const) {
    cpSync(join(fixturesRoot, fixture), join(root, "packages", name), { recursive: true, filter: (source) => !source.includes("__expected__") });
  }
  return root;
}

describe("monorepos", () => {
  it("analyses every --project into its own inventory", async () => {
    const root = workspace();
    const run = await runCli(["analyze", "--json", "--project", "packages/recipes", "--project", "packages/orchestrator"], { cwd: root });
    expect(run.exitCode).toBe(0);
    const inventories = JSON.parse(run.stdout) as { project: string; tools: unknown[] }[];
    expect(inventories.map((i) => i.project)).toEqual(["packages/recipes/tsconfig.json", "packages/orchestrator/tsconfig.json"]);
    expect(inventories.map((i) => i.tools.length)).toEqual([6, 11]);
  });

  it("generates for every project the config lists, each into its own folder", async () => {
    const root = workspace();
    writeFileSync(join(root, "mcp-conform.config.json"), JSON.stringify({ project: ["packages/recipes", "packages/orchestrator"], protocol: "aorp" }));
    const run = await runCli(["generate"], { cwd: root });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    for (const name of ["recipes", "orchestrator"]) expect(existsSync(join(root, "packages", name, "src/generated/mcp-conform/tools.ts"))).toBe(true);
    // One summary line per project, then (a first generate) the next command, once.
    const lines = run.stdout.trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("next: "))).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith("next: "))).toHaveLength(1);
  });
});
