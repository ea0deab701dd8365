import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { symlinkSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { typeCheckProject } from "../helpers/typecheck.js";

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A copy of a fixture under the repository's .tmp/, so its packages still resolve. */
function copyFixture(name: string): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "init-"));
  scratch.push(parent);
  const dir = join(parent, name);
  cpSync(join(fixturesRoot, name), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  return dir;
}

describe("mcp-conform init", () => {
  const cases = [
    ["stock-legacy", "smart-v2", false],
    ["orchestrator", "guidance", false],
    ["perspectives", "aorp", false],
  ] as const;

  for (const [fixture, protocol, guidance] of cases) {
    it(`detects ${protocol} hints in ${fixture} and writes the config and scripts without asking`, async () => {
      const dir = copyFixture(fixture);
      const run = await runCli(["init"], { cwd: dir, isTTY: false });
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      const config = readFileSync(join(dir, "mcp-conform.config.ts"), "utf8");
      expect(config).toContain('import { defineConfig } from "mcp-conform";');
      expect(config).toContain(`protocol: "${protocol}",`);
      expect(config.includes("guidance: true")).toBe(guidance);
      const scripts = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
      expect(scripts["prebuild"]).toBe("mcp-conform generate");
      expect(scripts["mcp:check"]).toBe("mcp-conform check");
      expect(run.stdout).toMatch(new RegExp(`protocol hints: ${protocol} \\(\\d+ files?\\)`));
    });
  }

  it("never overwrites an existing config without --force, and keeps existing scripts", async () => {
    const dir = copyFixture("demo");
    expect((await runCli(["init", "--protocol", "acor"], { cwd: dir })).exitCode).toBe(0);
    const first = readFileSync(join(dir, "mcp-conform.config.ts"), "utf8");
    expect(first).toContain('protocol: "acor"');

    const refused = await runCli(["init", "--protocol", "aop"], { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("mcp-conform.config.ts already exists; run with --force to replace it");
    expect(readFileSync(join(dir, "mcp-conform.config.ts"), "utf8")).toBe(first);

    const forced = await runCli(["init", "--protocol", "aop", "--force"], { cwd: dir });
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(join(dir, "mcp-conform.config.ts"), "utf8")).toContain('protocol: "aop"');
    expect(forced.stdout).toContain("your prebuild script already runs mcp-conform generate");
  });

  it("falls back to the Guidance Pattern when nothing hints at a protocol", async () => {
    const dir = copyFixture("styles/xmcp");
    const run = await runCli(["init"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("no protocol hints in the code");
    expect(readFileSync(join(dir, "mcp-conform.config.ts"), "utf8")).toContain('protocol: "guidance"');
  });

  it("rejects an unknown protocol flag before writing anything", async () => {
    const dir = copyFixture("demo");
    const run = await runCli(["init", "--protocol", "soap"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('unknown protocol "soap"');
    expect(existsSync(join(dir, "mcp-conform.config.ts"))).toBe(false);
  });

  it("asks only when stdin is a terminal too: with input redirected it decides alone, and writes the config", async () => {
    const dir = copyFixture("styles/xmcp");
    const run = await runCli(["init"], { cwd: dir, isTTY: true, stdinIsTTY: false, answers: ["aop"] });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toContain("Protocol (");
    expect(readFileSync(join(dir, "mcp-conform.config.ts"), "utf8")).toContain('protocol: "guidance"');
  });

  it("asks again after a typo, suggesting the nearest protocol", async () => {
    const dir = copyFixture("styles/xmcp");
    const run = await runCli(["init"], { cwd: dir, isTTY: true, stdinIsTTY: true, answers: ["arop", "aorp"] });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain('unknown protocol "arop"; did you mean "aorp"?');
    expect(run.stdout.match(/Protocol \(/g)).toHaveLength(2);
    expect(readFileSync(join(dir, "mcp-conform.config.ts"), "utf8")).toContain('protocol: "aorp"');
  });

  it("writes nothing when the questions end without an answer", async () => {
    const dir = copyFixture("styles/xmcp");
    const run = await runCli(["init"], { cwd: dir, isTTY: true, stdinIsTTY: true, answers: [] });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("no protocol chosen, nothing written");
    expect(existsSync(join(dir, "mcp-conform.config.ts"))).toBe(false);
  });

  it("chains generate into an existing prebuild script, and ends with the next command", async () => {
    const dir = copyFixture("styles/xmcp");
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...pkg, scripts: { prebuild: "rm -rf dist", build: "tsc" } }, null, 2));
    const run = await runCli(["init", "--protocol", "acor"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    const scripts = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts).toEqual({ prebuild: "rm -rf dist && mcp-conform generate", build: "tsc", "mcp:check": "mcp-conform check" });
    expect(run.stdout).toContain('chained generate into your prebuild script: "prebuild": "rm -rf dist && mcp-conform generate"');
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe("next: `mcp-conform generate` writes the formatters for every tool");
    expect(run.stdout).toMatch(/the five protocols, with an example response each and when to pick which: .*docs\/protocols\.md/);
  });

  it("says when there is no build script for prebuild to run before", async () => {
    const dir = copyFixture("styles/xmcp");
    const run = await runCli(["init", "--protocol", "acor"], { cwd: dir });
    expect(run.stdout).toContain('package.json has no "build" script, so "prebuild" never runs');
  });

  it("writes a JSON config when the tsconfig would compile a .ts one outside rootDir, and tsc stays clean", async () => {
    const dir = copyFixture("styles/sdk-register-tool");
    // No include: tsc takes every .ts file of the folder; rootDir src: and all must be under it.
    const tsconfig = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8")) as { compilerOptions: Record<string, unknown> };
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...tsconfig.compilerOptions, noEmit: false, outDir: "dist", rootDir: "src" } }),
    );
    expect(typeCheckProject(join(dir, "tsconfig.json")).exitCode).toBe(0);
    const run = await runCli(["init", "--protocol", "aorp"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("wrote mcp-conform.config.json (protocol: aorp), not mcp-conform.config.ts: your tsconfig takes every .ts file of its folder");
    expect(existsSync(join(dir, "mcp-conform.config.ts"))).toBe(false);
    expect(JSON.parse(readFileSync(join(dir, "mcp-conform.config.json"), "utf8"))).toEqual({
      $schema: "./node_modules/mcp-conform/schema/mcp-conform.config.schema.json",
      protocol: "aorp",
    });
    expect(typeCheckProject(join(dir, "tsconfig.json"))).toEqual({ exitCode: 0, output: "" });
  });

  it("with TypeScript 7 in the project, says plainly that editor diagnostics need TypeScript 6, and how", async () => {
    const dir = copyFixture("styles/xmcp");
    mkdirSync(join(dir, "node_modules"), { recursive: true });
    symlinkSync(join(repoRoot, "node_modules", "typescript7"), join(dir, "node_modules", "typescript"), "dir");
    const run = await runCli(["init", "--protocol", "acor"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("editor diagnostics: the project has TypeScript 7.0.2, whose language server runs no plugins");
    expect(run.stdout).toContain("npm i -D typescript6@npm:typescript@6");
  });
});
