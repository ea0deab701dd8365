import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { cleanScratch, copyFixture, generatedCopy } from "../check/helpers.js";

afterAll(cleanScratch);

describe("mcp-conform check", () => {
  it("exits 2 and says to generate when there is no generated output", async () => {
    const dir = copyFixture("check/conforming");
    const run = await runCli(["check"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("run `mcp-conform generate` first");
    expect(run.stderr).not.toContain("    at ");
  });

  it("exits 2 when the generated output lists other tools than the source", async () => {
    const dir = await generatedCopy("check/conforming");
    const server = join(dir, "src/server.ts");
    writeFileSync(
      server,
      `${readFileSync(server, "utf8")}\nserver.registerTool("delete_recipe", { description: "Remove one", inputSchema: {} }, async () => ({ content: [] }));\n`,
    );
    const run = await runCli(["check"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("is stale (new tool delete_recipe)");
  });

  it("prints every format, colours text only on a TTY without NO_COLOR, and applies --min-coverage", async () => {
    const dir = await generatedCopy("check/conforming");
    const text = await runCli(["check"], { cwd: dir });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("tools that conform                  2/2 (100%)");
    expect(text.stdout).toContain("check passed");
    expect(text.stdout).not.toContain("\u001b[");
    expect((await runCli(["check"], { cwd: dir, isTTY: true })).stdout).toContain("\u001b[32m");
    expect((await runCli(["check"], { cwd: dir, isTTY: true, env: { NO_COLOR: "1" } })).stdout).not.toContain("\u001b[");
    for (const format of ["json", "markdown", "sarif", "github"]) {
      const run = await runCli(["check", "--format", format], { cwd: dir });
      expect(run.exitCode, format).toBe(0);
      expect(run.stdout.length, format).toBeGreaterThan(0);
    }
    expect((await runCli(["check", "--format", "xml"], { cwd: dir })).exitCode).toBe(2);
    expect((await runCli(["check", "--min-coverage", "abc"], { cwd: dir })).exitCode).toBe(2);
    expect((await runCli(["check", "--min-coverage", "101"], { cwd: dir })).exitCode).toBe(2);

    // One of two tools stops conforming: 50% passes a bar of 50 on coverage, but not one of 60.
    const server = join(dir, "src/server.ts");
    writeFileSync(
      server,
      readFileSync(server, "utf8").replace("return formatListRecipes({ recipes });", 'return { content: [{ type: "text" as const, text: "" }] };'),
    );
    const below = await runCli(["check", "--min-coverage", "60", "--format", "json"], { cwd: dir });
    expect(below.exitCode).toBe(1);
    expect(JSON.parse(below.stdout)).toMatchObject({ ok: false, minCoverage: 60, coverage: { conforming: { count: 1, total: 2, percent: 50 } } });
    const textBelow = await runCli(["check", "--min-coverage", "60"], { cwd: dir });
    expect(textBelow.stdout).toContain("conformance 50% is below the minimum of 60%");
  });

  it("reads the bar from check.minCoverage in the config", async () => {
    const dir = await generatedCopy("check/conforming");
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "guidance", check: { minCoverage: 100 } }));
    const server = join(dir, "src/server.ts");
    writeFileSync(
      server,
      readFileSync(server, "utf8").replace("return formatListRecipes({ recipes });", 'return { content: [{ type: "text" as const, text: "" }] };'),
    );
    const run = await runCli(["check"], { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain("below the minimum of 100%");
  });
});
