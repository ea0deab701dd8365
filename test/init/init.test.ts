import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A copy of a fixture under the repository's .tmp/, so its packages still resolve. */
function copyFixture(name: string): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const dir = join(mkdtempSync(join(repoRoot, ".tmp", "init-")), name);
  scratch.push(dirname(dir));
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
    expect(forced.stdout).toContain("package.json scripts already present");
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
});
