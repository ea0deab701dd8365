import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { generatedOutputFiles } from "../../src/check/generated-output.js";
import { fixturesRoot, readTree, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A fixture under the repository's .tmp/, so the packages resolve from the repository's node_modules. */
function copyFixture(name: string): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "engine-"));
  scratch.push(parent);
  const dir = join(parent, "project");
  cpSync(join(fixturesRoot, name), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  return dir;
}

describe("--engine", () => {
  it("generate --engine ts7 writes what --engine ts6 writes", async () => {
    const [six, seven] = [copyFixture("styles/sdk-register-tool"), copyFixture("styles/sdk-register-tool")];
    const ran6 = await runCli(["generate", "--protocol", "aorp", "--engine", "ts6", "--no-format"], { cwd: six });
    const ran7 = await runCli(["generate", "--protocol", "aorp", "--engine", "ts7", "--no-format"], { cwd: seven });
    expect(ran6.exitCode, ran6.stderr).toBe(0);
    expect(ran7.exitCode, ran7.stderr).toBe(0);
    const output6 = readTree(join(six, "src/generated/mcp-conform"));
    expect(Object.keys(output6).length).toBeGreaterThan(5);
    expect(readTree(join(seven, "src/generated/mcp-conform"))).toEqual(output6);
  });

  it("analyze --engine ts7 lists the tools --engine ts6 lists", async () => {
    const dir = copyFixture("styles/tool-object");
    const six = await runCli(["analyze", "--json", "--engine", "ts6"], { cwd: dir });
    const seven = await runCli(["analyze", "--json", "--engine", "ts7"], { cwd: dir });
    expect(seven.stdout).toBe(six.stdout);
    expect(JSON.parse(six.stdout).tools.length).toBeGreaterThan(3);
  });

  it.each(["bad/analyze-broken-tsconfig", "bad/analyze-tsconfig-extends-missing"])(
    "%s: a broken tsconfig is said alike on either engine, at file:line, exit 2",
    async (fixture) => {
      const dir = copyFixture(fixture);
      const six = await runCli(["analyze", "--engine", "ts6"], { cwd: dir });
      const seven = await runCli(["analyze", "--engine", "ts7"], { cwd: dir });
      expect(six.exitCode).toBe(2);
      expect(six.stderr).toMatch(/^mcp-conform analyze: tsconfig\.json:\d+: /);
      expect(seven.exitCode).toBe(2);
      expect(seven.stderr).toBe(six.stderr);
    },
  );

  it("an unknown engine is a usage error, said in one line", async () => {
    const run = await runCli(["analyze", "--engine", "ts8"], { cwd: copyFixture("styles/tool-object") });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain('unknown --engine "ts8": use ts6 or ts7');
  });

  it("--engine ts7 on a project that declares TypeScript 5 says, in one line, that 5's tsconfig defaults are not applied", async () => {
    const ts5 = await runCli(["analyze", "--json", "--engine", "ts7"], { cwd: copyFixture("real-world/ts5-project") });
    expect(ts5.exitCode).toBe(0);
    expect(ts5.stderr.trim().split("\n")).toHaveLength(1);
    expect(ts5.stderr).toMatch(
      /^note: this project declares TypeScript 5, .*`types`.*`strict`.* TypeScript 7 does not apply; without --engine, TypeScript 6 analyses it/,
    );
    // A TypeScript 6 project, and the same project without --engine, say nothing.
    expect((await runCli(["analyze", "--json", "--engine", "ts7"], { cwd: copyFixture("styles/tool-object") })).stderr).toBe("");
    expect((await runCli(["analyze", "--json"], { cwd: copyFixture("real-world/ts5-project") })).stderr).toBe("");
  });
});

describe("check --engine", () => {
  it("check --engine ts7 judges every tool as --engine ts6 does, on TypeScript 7 itself", async () => {
    const dir = copyFixture("check/conforming");
    expect((await runCli(["generate", "--engine", "ts6", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    const six = await runCli(["check", "--format", "json", "--engine", "ts6"], { cwd: dir });
    const seven = await runCli(["check", "--format", "json", "--engine", "ts7"], { cwd: dir });
    expect(six.exitCode, six.stderr).toBe(0);
    expect(seven.stderr).toBe(six.stderr);
    expect(seven.exitCode).toBe(six.exitCode);
    expect(seven.stdout).toBe(six.stdout);
    expect(JSON.parse(six.stdout).coverage.conforming).toEqual({ count: 2, total: 2, percent: 100 });
    // The output lies inside the tsconfig's `include`, so TypeScript 7 itself analysed, no fallback.
    const { session } = analyze({
      project: join(dir, "tsconfig.json"),
      cwd: dir,
      engine: await loadEngine("ts7"),
      extraRoots: generatedOutputFiles(dir, "src/generated/mcp-conform"),
    });
    expect(session.engine.engine).toBe("ts7");
    session.close();
  });

  it("says the same of a server not yet migrated, whose returns it quotes as types", async () => {
    const dir = copyFixture("stock-legacy");
    expect((await runCli(["generate", "--protocol", "aorp", "--engine", "ts6", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    const six = await runCli(["check", "--protocol", "aorp", "--format", "json", "--engine", "ts6"], { cwd: dir });
    const seven = await runCli(["check", "--protocol", "aorp", "--format", "json", "--engine", "ts7"], { cwd: dir });
    expect(six.exitCode, six.stderr).toBe(1);
    // MCPC101 quotes the type a handler returns: printed by the analysis' own rules, not the compiler's order.
    expect(six.stdout).toContain("MCPC101");
    expect(seven.stdout).toBe(six.stdout);
    expect(seven.exitCode).toBe(six.exitCode);
  });
});
