import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixturesRoot } from "../helpers/fixtures.js";
import { COMPILERS_AND_PRETTIER, runReportingPackages } from "../helpers/packages-loaded-by-run.js";

/**
 * Commands load lazily (src/commands/index.ts): the ones that need no project must not pay for a
 * compiler or Prettier at start-up. What a run on a project loads, on either engine, is in startup.full.test.ts.
 */
async function packagesLoadedBy(args: string[]): Promise<string[]> {
  return (await runReportingPackages(args)).loaded;
}

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
    expect(loaded).toContain("@ts-morph/common");
  });
});
