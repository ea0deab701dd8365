import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy, sources, tscProject } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Every way a handler stands, moved onto the Guidance Pattern: inline functions, functions passed
 * by name (orchestrator's `handler: getAgentOutput`), object-literal and class methods (FastMCP-like
 * tool objects, mcp-framework's `execute`), xmcp's default-exported function declarations and
 * variables, low-level `if` and `case` branches, and raw payloads.
 * After `--write` the real tsc passes, and a second run finds nothing to do.
 */
const CASES = [
  { fixture: "orchestrator", migrated: 11, skipped: [] as string[] },
  { fixture: "styles/sdk-low-level", migrated: 6, skipped: [] },
  { fixture: "styles/mcp-framework", migrated: 4, skipped: [] },
  { fixture: "styles/xmcp", migrated: 3, skipped: [] },
  // reverse_text's handler is imported from quotes.ts by its registration and used nowhere else: rewritten where it is.
  { fixture: "styles/tool-object", migrated: 9, skipped: [] },
];

describe.concurrent("mcp-conform migrate --write across discovery styles (guidance)", () => {
  it.each(CASES)("$fixture", async ({ fixture, migrated, skipped }) => {
    const dir = committedCopy(fixture);
    const run = await runCli(["migrate", "--protocol", "guidance", "--write"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`${migrated} tools migrated, ${skipped.length} skipped`);
    for (const line of skipped) expect(run.stdout).toContain(line);
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);

    const after = sources(dir);
    const again = await runCli(["migrate", "--protocol", "guidance", "--write", "--force"], { cwd: dir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain(`0 tools migrated, ${skipped.length} skipped, ${migrated} already on the formatters`);
    expect(sources(dir)).toEqual(after);
  });
});

describe.concurrent("mcp-conform migrate composed with guidance: true", () => {
  it.each(["smart-v2", "aorp"])("stock-legacy, %s: tsc passes and check reports only the unfilled stubs and the placeholders", async (protocol) => {
    const dir = committedCopy("stock-legacy");
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol, guidance: true }));
    const run = await runCli(["migrate", "--write", "--force"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("10 tools migrated, 0 skipped");
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    const check = await runCli(["check", "--format", "json"], { cwd: dir });
    const report = JSON.parse(check.stdout) as { tools: { conforms: boolean; placeholders: string[]; problems: { code: string; message: string }[] }[] };
    // latestYear()'s throw is caught where the handlers call it: no MCPC102 is left.
    const codes = report.tools.flatMap((tool) => tool.problems.map((problem) => problem.code));
    // calculate_dcf's legacy text is its stub's rule; every other stub is still to fill.
    expect(codes.filter((code) => code === "MCPC106")).toHaveLength(9);
    expect(new Set(codes)).toEqual(new Set(["MCPC106", "MCPC107", "MCPC112"]));
    // Unfilled stubs send TODOs: no tool conforms until they (and the kit's placeholders) are filled.
    expect(report.tools.every((tool) => !tool.conforms && tool.placeholders.includes("errorGuidance"))).toBe(true);
  });
});

describe.concurrent("mcp-conform migrate onto the text protocols", () => {
  it.each(["aop", "acor"])("stock-legacy, %s: the kit's legacy parts; tsc passes and check reports only placeholders", async (protocol) => {
    const dir = committedCopy("stock-legacy");
    const run = await runCli(["migrate", "--protocol", protocol, "--write"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("10 tools migrated, 0 skipped");
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    const check = await runCli(["check", "--protocol", protocol, "--format", "json"], { cwd: dir });
    expect(check.exitCode, check.stdout + check.stderr).toBe(1);
    const report = JSON.parse(check.stdout) as { tools: { problems: { code: string; message: string }[] }[] };
    expect(new Set(report.tools.flatMap((tool) => tool.problems.map((problem) => problem.code)))).toEqual(new Set(["MCPC112"]));
  });
});

describe("mcp-conform migrate: legacy guidance becomes full guidance", () => {
  it("orchestrator: stubs of tools that already sent guidance complete it; only their error guidance is left to write", async () => {
    const dir = committedCopy("orchestrator");
    const run = await runCli(["migrate", "--protocol", "guidance", "--write"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const check = await runCli(["check", "--protocol", "guidance", "--format", "json"], { cwd: dir });
    const report = JSON.parse(check.stdout) as { tools: { name: string; guidance: string; problems: { code: string }[] }[] };
    const brief = report.tools.map((tool) => `${tool.name} ${tool.guidance} ${tool.problems.map((problem) => problem.code).join(",")}`);
    expect(brief).toEqual([
      "advance_to_next_phase partial MCPC107",
      "approve_phase_review partial MCPC107",
      "check_phase_progress partial MCPC107",
      "create_real_task partial MCPC107",
      "deploy_headless_agent partial MCPC107",
      // The one tool that never sent guidance keeps a stub to fill.
      "get_agent_output stub MCPC106",
      // Its guidance.warnings are plain strings.
      "get_phase_status partial MCPC107,MCPC108",
      "get_real_task_status partial MCPC107",
      "get_review_status partial MCPC107",
      "kill_real_agent partial MCPC107",
      "submit_phase_for_review partial MCPC107",
    ]);
    // The stub of a tool with per-state guidance sends the payload's own guidance in every state.
    const stub = readFileSync(join(dir, "src/guidance/get_phase_status.ts"), "utf8");
    expect(stub).toContain('AWAITING_REVIEW: (facts) => kit.complete(facts, "awaiting_review"),');
    expect(stub).not.toContain("TODO: say what the orchestrator should do next");
  });
});
