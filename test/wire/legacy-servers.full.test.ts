import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { logicStatements, sources, tscProject } from "../migrate/helpers.js";
import { ALL_VARIANTS, PROTOCOL_VARIANTS, describeWire, type WireBlock } from "./harness.js";

/**
 * Issue #14's legacy servers (fixtures/legacy/), every protocol (and guidance where it composes,
 * set-screener aside), on the real SDK client. On the same migrated copies, what issue #14 asks of
 * `migrate --write` there: it finishes (tsc passes: it type-checks before it keeps anything), the
 * tools move, no business statement changes, a second run changes nothing, and a project's own Jest
 * suite passes before and after. (The copies are the wire's own, so each is migrated once.)
 */

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

/** What `migrate --write` reported for a variant, which must have passed its type-check. */
function migrated(block: WireBlock, variant: string): { dir: string; stdout: string } {
  const { dir, migrateOutput } = block.project(variant);
  expect(migrateOutput).toContain("tsc found no new errors");
  return { dir, stdout: migrateOutput };
}

async function expectSecondRunIdle(dir: string, protocol: string): Promise<void> {
  const before = sources(dir);
  const again = await runCli(["migrate", "--protocol", protocol], { cwd: dir });
  expect(again.exitCode, again.stderr).toBe(0);
  expect(again.stdout).toContain("nothing to change");
  expect(sources(dir)).toEqual(before);
}

/**
 * A variant moved `tools` tools, kept every logic statement of the legacy copy (`statements` of
 * them), and a second run finds nothing to do; its sources, for what a case checks besides.
 */
async function expectMigratedKeepingLogic(block: WireBlock, protocol: string, tools: number, statements: number): Promise<Map<string, string>> {
  const { dir, stdout } = migrated(block, protocol);
  expect(stdout).toContain(`${tools} tools migrated, 0 skipped`);
  const after = sources(dir);
  expect(expectLogicKept(sources(block.project("legacy").dir), after), "statements compared").toBe(statements);
  await expectSecondRunIdle(dir, protocol);
  return after;
}

function jest(dir: string): string {
  return execFileSync(process.execPath, [join(repoRoot, "node_modules", "jest", "bin", "jest.js"), "--ci", "--rootDir", dir], {
    cwd: dir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}

// SmartResponse V1 helpers and a low-level dispatcher.
describeWire({ fixture: "legacy/set-screener", variants: PROTOCOL_VARIANTS }, (block) => {
  it("migrate --write, aorp (low-level dispatcher, tool objects, SmartResponse V1 helpers named format…): 6 of 6", async () => {
    await expectMigratedKeepingLogic(block, "aorp", 6, 40);
  });

  it("migrate --write, smart-v2: the project's SmartResponse V1 (built in its helpers) goes through fromSmartResponseV1, bound once", async () => {
    const after = await expectMigratedKeepingLogic(block, "smart-v2", 6, 40);
    expect(after.get("src/tools/valuation.ts")).toContain(
      "      const response = formatSmartPEBandResult(quote, band, started);\n      return formatCalculatePeBand(response.data, fromSmartResponseV1(tool, response));",
    );
  });
});

// task-desk composes guidance with legacy AORP text.
describeWire({ fixture: "legacy/task-desk", variants: ALL_VARIANTS }, (block) => {
  it("migrate --write, aorp (23 server.tool() tools answering Markdown AORP): 23 of 23", async () => {
    await expectMigratedKeepingLogic(block, "aorp", 23, 83);
  });
});

describeWire({ fixture: "legacy/cjs-jest", variants: ALL_VARIANTS }, (block) => {
  it("migrate --write, aorp (CommonJS, extensionless imports, ts-jest): the project's Jest suite passes before and after", () => {
    const legacy = block.project("legacy").dir;
    expect(() => jest(legacy), "the suite passes before").not.toThrow();
    const { dir, stdout } = migrated(block, "aorp");
    expect(stdout).toContain("3 tools migrated, 0 skipped");
    const after = sources(dir);
    expect(expectLogicKept(sources(legacy), after), "statements compared").toBe(27);
    expect(after.get("src/tools/stations.ts")).toContain("import { conform } from '../generated/mcp-conform/conform';");
    expect(after.get("src/generated/mcp-conform/kit.ts")).not.toMatch(/from "\.\.?\/[^"]*\.js"/);
    expect(() => jest(dir)).not.toThrow();
    expect(tscProject(dir).exitCode).toBe(0);
  });
});
