import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runStatePath } from "../../src/incremental/run-state.js";
import { cleanScratch, copyFixture } from "../check/helpers.js";
import { fixturesRoot } from "../helpers/fixtures.js";
import { COMPILERS_AND_PRETTIER, runReportingPackages } from "../helpers/packages-loaded-by-run.js";

/**
 * Commands load lazily (src/commands/index.ts): the ones that need no project must not pay for a
 * compiler or Prettier at start-up. More of what a run on a project loads is in startup.full.test.ts.
 */
async function packagesLoadedBy(args: string[]): Promise<string[]> {
  return (await runReportingPackages(args)).loaded;
}

afterAll(cleanScratch);

describe("start-up", () => {
  const example = join(fixturesRoot, "protocols/aorp/examples/analysis-response.json");
  it.each([
    [["--help"]],
    [["--version"]],
    [["schema", "aorp"]],
    [["validate", "--protocol", "aorp", "--tools", "analyze_perspectives", example]],
    [["validate", "--protocol", "aorp", "--no-tools", example]],
  ])("mcp-conform %j loads no compiler and no Prettier", async (args) => {
    const loaded = await packagesLoadedBy(args);
    expect(loaded.filter((name) => COMPILERS_AND_PRETTIER.includes(name))).toEqual([]);
  });

  // Without --tools inside a project, validate reads the tool names from the project's inventory: that analysis is the one compiler it loads.

  it("a command that reads a project does load the compiler (the check above can see one)", async () => {
    const loaded = await packagesLoadedBy(["analyze", "--project", join(fixturesRoot, "styles", "tool-object")]);
    expect(loaded).toContain("ts-morph");
  });

  it("generate and check on the TypeScript 7 engine load no TypeScript 6, check on a fresh clone too", async () => {
    const project = copyFixture("check/conforming");
    const generated = await runReportingPackages(["generate", "--engine", "ts7"], project);
    expect(generated.stderr).not.toContain("error");
    // The record of the run reads the tsconfig with TypeScript 7 too (incremental/tsconfig-inputs.ts).
    expect(generated.loaded).toContain("typescript7");
    expect(generated.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
    rmSync(runStatePath(project, join(project, "tsconfig.json"))!);
    const checked = await runReportingPackages(["check", "--engine", "ts7"], project);
    expect(checked.stderr.trim()).toBe("");
    expect(checked.loaded).toContain("typescript7");
    expect(checked.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
  });

  it("check on the TypeScript 7 engine loads no TypeScript 6 where the record of the last generate is read again (its stamps changed, not the sources)", async () => {
    const project = copyFixture("check/conforming");
    expect((await runReportingPackages(["generate", "--engine", "ts7"], project)).stderr).not.toContain("error");
    // A checkout or a restored cache: every stamp differs, the content does not, so the record is
    // checked against the tsconfig's files, which the engine's compiler reads.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(project, "src", "server.ts"), later, later);
    const checked = await runReportingPackages(["check", "--engine", "ts7"], project);
    expect(checked.stderr.trim()).toBe("");
    expect(checked.loaded).toContain("typescript7");
    expect(checked.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
  });
});
