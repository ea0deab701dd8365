import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import type { CheckResult } from "../../src/check/result.js";
import { emit } from "../../src/emit.js";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { cleanScratch } from "../check/helpers.js";
import { connectInMemory, importServer } from "../helpers/in-memory-client.js";
import { runCli } from "../helpers/run-cli.js";
import { commitAll, committedCopy, migratedCopy, sources } from "./helpers.js";

afterAll(cleanScratch);

/** Every file of the project (sources, stubs and generated output) with its text. */
function everyFile(dir: string): Map<string, string> {
  const files = readdirSync(join(dir, "src"), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(files.map((entry) => [relative(dir, join(entry.parentPath, entry.name)), readFileSync(join(entry.parentPath, entry.name), "utf8")]));
}

async function checkCodes(dir: string): Promise<{ exitCode: number; codes: Map<string, string[]> }> {
  const run = await runCli(["check", "--format", "json"], { cwd: dir });
  const report = JSON.parse(run.stdout) as CheckResult;
  return { exitCode: run.exitCode, codes: new Map(report.tools.map((tool) => [tool.name, [...new Set(tool.problems.map((problem) => problem.code))].sort()])) };
}

describe("switching the protocol of a migrated project (issue #12, point 7)", () => {
  it("generate refuses with one line saying what to run, and check fails, before and after the output is switched", async () => {
    const dir = committedCopy("migrate/weather");
    const migrated = await runCli(["migrate", "--protocol", "guidance", "--write", "--no-format"], { cwd: dir });
    expect(migrated.exitCode, migrated.stdout + migrated.stderr).toBe(0);
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "aorp" }));
    const before = everyFile(dir);

    const generate = await runCli(["generate", "--no-format"], { cwd: dir });
    expect(generate.exitCode).toBe(2);
    expect(generate.stderr).toBe(
      "mcp-conform generate: src/server.ts:5: its handlers are written for the guidance formatters (the output in src/generated/mcp-conform was generated for guidance), which aorp replaces with formatters of other arguments: run `mcp-conform migrate --protocol aorp` to move them (and 4 more files)\n",
    );
    expect(everyFile(dir), "nothing written").toEqual(before);

    // migrate would move the handlers, but the stubs are the user's: it says so first.
    const refused = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(
      /^mcp-conform migrate: src\/guidance\/get_alerts\.ts:3: this guidance stub feeds the guidance formatters; aorp uses no guidance stubs: set guidance: true in the config to keep them \(aorp, smart-v2\), or delete src\/guidance\/ \(and 3 more files\)\n$/,
    );
    expect(everyFile(dir)).toEqual(before);

    const stale = await checkCodes(dir);
    expect(stale.exitCode).toBe(1);
    for (const [tool, codes] of stale.codes) expect(codes, tool).toContain("MCPC114");

    // Output written for aorp anyway (by an older mcp-conform, or by hand): the calls no longer fit it.
    const { inventory, session } = analyze({ project: dir, cwd: dir });
    await emit(inventory, {
      projectRoot: session.rootDir,
      config: { protocol: "aorp", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
      format: false,
    });
    expect(existsSync(join(dir, "src/generated/mcp-conform/runtime/aorp.ts"))).toBe(true);
    const run = await runCli(["check", "--format", "json"], { cwd: dir });
    expect(run.exitCode).toBe(1);
    const report = JSON.parse(run.stdout) as CheckResult;
    const listCities = report.tools.find((tool) => tool.name === "list_cities")!;
    expect(listCities.conforms).toBe(false);
    expect(listCities.problems.filter((problem) => problem.code === "MCPC114").map((problem) => `${problem.file}:${problem.line} ${problem.message}`)).toEqual([
      'src/guidance/list_cities.ts:17 tool "list_cities": kit is imported from the generated kit.ts, which no longer exports it: aorp uses no guidance stubs: set guidance: true in the config to keep them (aorp, smart-v2), or delete src/guidance/',
      'src/server.ts:14 tool "list_cities": formatListCities(...) takes 2 arguments in the generated output, not 1: it was written for another protocol: run `mcp-conform migrate --protocol aorp`',
    ]);
    const getForecast = report.tools.find((tool) => tool.name === "get_forecast")!;
    expect(getForecast.problems.map((problem) => `${problem.code} ${problem.file}:${problem.line}`)).toContain("MCPC114 src/server.ts:20");
  });
});

/** A protocol switch of a whole migrated server, then a call over the SDK client (two migrations with tsc: in test:full). */
describe("switching the protocol of a migrated project, on the wire", () => {
  it("stock-legacy migrated on the Guidance Pattern moves to aorp with guidance: its Warning[] arrays are migrated already, not a reason to skip", async () => {
    const dir = await migratedCopy("stock-legacy", "guidance");
    commitAll(dir, "on the Guidance Pattern");
    const ddm = readFileSync(join(dir, "src/tools/ddm.ts"), "utf8");
    expect(ddm).toContain("const warnings: Warning[] = [];");

    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "aorp", guidance: true }));
    const moved = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
    expect(moved.exitCode, moved.stdout + moved.stderr).toBe(0);
    expect(moved.stdout).toContain("10 tools migrated, 0 skipped");
    expect(moved.stdout).toContain("tsc found no new errors");

    const server = await connectInMemory(await importServer(join(dir, "src/server.ts"), "server"));
    try {
      const result = await server.call("calculate_ddm", { symbol: "KBANK.BK" });
      expect(aorpProtocol.validate(result)).toEqual([]);
      expect(result.isError).not.toBe(true);
    } finally {
      await server.close();
    }
  });
});

/** A migrated Guidance Pattern server moved to another protocol with guidance kept (two migrations and tsc each). */
describe("switching the protocol of a migrated project, keeping the guidance stubs", () => {
  it.each([["aorp"], ["smart-v2"]])(
    "a migrated Guidance Pattern server moves to %s with guidance: true, keeping its stubs, and tsc passes",
    async (protocol) => {
      const dir = await migratedCopy("orchestrator", "guidance");
      const stubs = [...sources(dir)].filter(([path]) => path.startsWith("src/guidance/"));
      // Stubs scaffolded for the Guidance Pattern alone describe their facts with the kit's WithoutGuidance.
      expect(stubs.some(([, text]) => text.includes("type WithoutGuidance"))).toBe(true);
      // As a user would: the first migration committed, then the config changed.
      commitAll(dir, "on the Guidance Pattern");
      writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol, guidance: true }));
      const moved = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
      expect(moved.stderr).toBe("");
      expect(moved.exitCode, moved.stdout).toBe(0);
      expect(moved.stdout).toContain("tsc found no new errors");
      const after = sources(dir);
      for (const [path, text] of stubs) expect(after.get(path), path).toBe(text);
    },
  );
});
