import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/**
 * After migration every handler is wrapped with `conform(name, handler)` and returns a generated
 * formatter's result. The analyser must see through both, or the next `generate` would lose the
 * payload types it derives formatters from.
 */
describe("handlers wrapped with conform() and returning generated formatters", () => {
  it("keep their return paths and take the payload from the formatter's argument", async () => {
    mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
    const dir = join(mkdtempSync(join(repoRoot, ".tmp", "wrapped-")), "project");
    scratch.push(join(dir, ".."));
    cpSync(join(fixturesRoot, "check/conforming"), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
    // Before any output exists (a fresh clone with the output git-ignored), the formatters are
    // unresolved imports: they are still recognised by name and module path.
    const before = analyze({ project: dir }).inventory;
    expect(before.tools.find((t) => t.name === "get_recipe")?.returns.map((r) => r.via)).toEqual(["formatter-error", "formatter"]);
    expect((await runCli(["generate"], { cwd: dir })).exitCode).toBe(0);

    const { inventory } = analyze({ project: dir });
    expect(inventory.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const byName = new Map(inventory.tools.map((tool) => [tool.name, tool]));
    expect(byName.get("get_recipe")?.payloadType).toBe("Recipe");
    expect(byName.get("get_recipe")?.returns.map(({ kind, via }) => ({ kind, via }))).toEqual([
      { kind: "error", via: "formatter-error" },
      { kind: "success", via: "formatter" },
    ]);
    expect(byName.get("list_recipes")?.payloadType).toBe("{ recipes: Recipe[]; }");

    // Generating again from the inventory that sees the generated formatters changes nothing: the
    // first run (formatters not there yet) already produced the fixed point.
    writeFileSync(join(dir, "src/server.ts"), `${readFileSync(join(dir, "src/server.ts"), "utf8")}\n`);
    const again = await runCli(["generate"], { cwd: dir });
    expect(again.stdout).not.toContain("inputs unchanged");
    expect(again.stdout).toContain("nothing changed: 0 files written");
  });
});
