import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch, copyFixture } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * What the commands do with what discovery finds in the real-world fixtures (issue #13): warnings
 * never stop a run (point 5), one tool name on two servers is generated once (point 6; refused
 * when the two differ: test/generate/generate.test.ts), and check
 * finds the generated output that a tsconfig's `include` does not cover (point 14). The bad-input
 * corpus holds the projects with no tools (point 16).
 */
afterAll(cleanScratch);

const output = "src/generated/mcp-conform";

describe("discovery, through the commands", () => {
  it("warnings never block: generate writes for every tool it can name and prints the warnings; check judges them", async () => {
    const dir = copyFixture("real-world/warnings-never-block");
    const generated = await runCli(["generate", "--protocol", "aorp", "--no-format"], { cwd: dir });
    expect(generated.stderr).toContain("src/server.ts:11: warning MCPA005");
    expect(generated.stderr).toContain("src/server.ts:20: warning MCPA010");
    expect(generated.stderr).toContain("src/server.ts:27: warning MCPA002");
    expect(generated.exitCode).toBe(0);
    expect(readdirSync(join(dir, output, "formatters")).sort()).toEqual(["diagnose.ts", "lookup.ts", "status.ts"]);

    const checked = await runCli(["check", "--protocol", "aorp"], { cwd: dir });
    // Judged (its handlers are not wrapped yet), not refused.
    expect(checked.exitCode).toBe(1);
    expect(checked.stdout).toContain("MCPC103");
  });

  it("one tool name on two server instances: one generated formatter, and check accepts the output", async () => {
    // The inventory side (two `search` entries, each with its server, no MCPA003) is the fixture's golden inventory.
    const dir = copyFixture("real-world/two-servers");
    const generated = await runCli(["generate", "--protocol", "aorp", "--no-format"], { cwd: dir });
    expect(generated.exitCode).toBe(0);
    expect(readdirSync(join(dir, output, "formatters")).sort()).toEqual(["read_page.ts", "search.ts"]);
    const checked = await runCli(["check", "--protocol", "aorp"], { cwd: dir });
    expect(checked.stderr).not.toContain("stale");
    expect(checked.exitCode).toBe(1);
  });

  it("migrate leaves alone a handler two tool names share, and a function a serialising wrapper is given", async () => {
    const shared = await runCli(["migrate", "--protocol", "aorp"], { cwd: copyFixture("real-world/default-names") });
    expect(shared.stderr).toBe("");
    expect(shared.exitCode).toBe(0);
    expect(shared.stdout).toContain('skipped  news_search (src/tools/news.ts:9): its handler also handles "local_news"');
    expect(shared.stdout).toContain("migrated web_search");

    const wrapped = await runCli(["migrate", "--protocol", "aorp"], { cwd: copyFixture("real-world/middleware") });
    expect(wrapped.exitCode).toBe(0);
    // withRateLimit and logged pass their function's result through: it is migrated; jsonTool serialises it: left alone.
    expect(wrapped.stdout).toMatch(/migrated auth \(src\/server\.ts:21\)/);
    expect(wrapped.stdout).toMatch(/skipped {2}usage/);
    expect(wrapped.stdout).not.toContain("formatUsage(");
  });

  it("check finds the generated output when the tsconfig's include does not cover it (a TypeScript 5 project)", async () => {
    const dir = copyFixture("real-world/ts5-project");
    const generated = await runCli(["generate", "--protocol", "aorp", "--no-format"], { cwd: dir });
    expect(generated.stderr).toBe("");
    expect(generated.exitCode).toBe(0);
    const checked = await runCli(["check", "--protocol", "aorp", "--format", "json"], { cwd: dir });
    expect(checked.stderr).toBe("");
    expect(checked.exitCode).toBe(1);
    const report = JSON.parse(checked.stdout) as { tools: { name: string }[] };
    expect(report.tools.map((tool) => tool.name)).toEqual(["file_info", "read_env"]);
  });
});
