import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy, logicStatements, sources, tscProject } from "./helpers.js";

/**
 * Issue #14 on the legacy fixtures (fixtures/legacy/): `migrate --write` finishes (tsc passes, it
 * type-checks before it keeps anything), ≥ 95% of the tools move, no business statement changes,
 * a second run changes nothing, and a project's own Jest suite passes before and after.
 */

afterAll(cleanScratch);

/** Every logic statement of the files as they were is still there (printed from the AST, exits and imports aside). */
function expectLogicKept(before: Map<string, string>, after: Map<string, string>): number {
  let compared = 0;
  for (const [file, text] of before) {
    const kept = logicStatements(file, after.get(file) ?? "");
    const statements = logicStatements(file, text);
    compared += statements.length;
    const missing = statements.filter((statement) => {
      const index = kept.indexOf(statement);
      if (index === -1) return true;
      kept.splice(index, 1);
      return false;
    });
    expect(missing, file).toEqual([]);
  }
  return compared;
}

async function migrateWrite(fixture: string, protocol: string): Promise<{ dir: string; stdout: string; before: Map<string, string> }> {
  const dir = committedCopy(fixture);
  const before = sources(dir);
  const run = await runCli(["migrate", "--protocol", protocol, "--write", "--no-format"], { cwd: dir });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toContain("tsc found no new errors");
  return { dir, stdout: run.stdout, before };
}

async function expectSecondRunIdle(dir: string, protocol: string): Promise<void> {
  const migrated = sources(dir);
  const again = await runCli(["migrate", "--protocol", protocol], { cwd: dir });
  expect(again.exitCode, again.stderr).toBe(0);
  expect(again.stdout).toContain("nothing to change");
  expect(sources(dir)).toEqual(migrated);
}

function jest(dir: string): string {
  return execFileSync(process.execPath, [join(repoRoot, "node_modules", "jest", "bin", "jest.js"), "--ci", "--rootDir", dir], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

describe("migrate --write on the legacy fixtures", () => {
  it("set-screener (low-level dispatcher, tool objects, SmartResponse V1 helpers named format…), aorp: 6 of 6", async () => {
    const { dir, stdout, before } = await migrateWrite("legacy/set-screener", "aorp");
    expect(stdout).toContain("6 tools migrated, 0 skipped");
    expect(expectLogicKept(before, sources(dir)), "statements compared").toBe(40);
    await expectSecondRunIdle(dir, "aorp");
  });

  it("set-screener, smart-v2: the project's SmartResponse V1 (built in its helpers) goes through fromSmartResponseV1, bound once", async () => {
    const { dir, stdout, before } = await migrateWrite("legacy/set-screener", "smart-v2");
    expect(stdout).toContain("6 tools migrated, 0 skipped");
    const after = sources(dir);
    expect(after.get("src/tools/valuation.ts")).toContain(
      "      const response = formatSmartPEBandResult(quote, band, started);\n      return formatCalculatePeBand(response.data, fromSmartResponseV1(tool, response));",
    );
    expect(expectLogicKept(before, after), "statements compared").toBe(40);
    await expectSecondRunIdle(dir, "smart-v2");
  });

  it("task-desk (23 server.tool() tools answering Markdown AORP), aorp: 23 of 23", async () => {
    const { dir, stdout, before } = await migrateWrite("legacy/task-desk", "aorp");
    expect(stdout).toContain("23 tools migrated, 0 skipped");
    expect(expectLogicKept(before, sources(dir)), "statements compared").toBe(83);
    await expectSecondRunIdle(dir, "aorp");
  });

  it("cjs-jest (CommonJS, extensionless imports, ts-jest): the project's Jest suite passes before and after", async () => {
    const dir = committedCopy("legacy/cjs-jest");
    const before = sources(dir);
    expect(() => jest(dir), "the suite passes before").not.toThrow();
    const run = await runCli(["migrate", "--protocol", "aorp", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("3 tools migrated, 0 skipped");
    const after = sources(dir);
    expect(expectLogicKept(before, after), "statements compared").toBe(27);
    expect(after.get("src/tools/stations.ts")).toContain("import { conform } from '../generated/mcp-conform/conform';");
    expect(after.get("src/generated/mcp-conform/kit.ts")).not.toMatch(/from "\.\.?\/[^"]*\.js"/);
    expect(() => jest(dir)).not.toThrow();
    expect(tscProject(dir).exitCode).toBe(0);
  });
});
