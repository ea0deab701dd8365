import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { runCli } from "../helpers/run-cli.js";
import { generatedCopy } from "./helpers.js";

/**
 * Where check's problems point, so that an editor or a CI annotation lands on the thing to fix:
 * an unfilled guidance stub at its first unfilled marker (not line 1), and a next step naming a
 * tool that does not exist with the tool probably meant.
 */

const MARKER = "mcp-conform:unfilled";
const ERROR_GUIDANCE = /export\s+(async\s+)?function\s+errorGuidance\b/;

async function report(dir: string): Promise<CheckResult> {
  const run = await runCli(["check", "--protocol", "guidance", "--format", "json"], { cwd: dir });
  if (run.stdout === "") throw new Error(run.stderr);
  return JSON.parse(run.stdout) as CheckResult;
}

/** The first marker line (1-based) above `errorGuidance`, and the first from it on. */
function markerLines(stub: string): { success: number | undefined; error: number | undefined } {
  const lines = stub.split("\n");
  const split = lines.findIndex((line) => ERROR_GUIDANCE.test(line));
  const at = (from: number, to: number) => {
    const index = lines.findIndex((line, i) => i >= from && i < to && line.includes(MARKER));
    return index < 0 ? undefined : index + 1;
  };
  return { success: at(0, split), error: at(split, lines.length) };
}

describe("check's problem locations", () => {
  it("MCPC106 and MCPC107 point at the stub's first unfilled marker; MCPC110 suggests the nearest tool", async () => {
    const dir = await generatedCopy("orchestrator", ["--protocol", "guidance"]);
    // A next step that misspells a tool.
    const tasks = join(dir, "src/tools/tasks.ts");
    writeFileSync(tasks, readFileSync(tasks, "utf8").replace('"deploy_headless_agent - Start phase work"', '"deploy_headless_agnet - Start phase work"'));

    const { tools } = await report(dir);
    const seen = new Set<string>();
    for (const tool of tools) {
      for (const problem of tool.problems.filter((p) => p.code === "MCPC106" || p.code === "MCPC107")) {
        const markers = markerLines(readFileSync(join(dir, problem.file), "utf8"));
        const expected = problem.code === "MCPC106" ? markers.success : markers.error;
        expect(expected, `${problem.code} of ${tool.name}`).toBeGreaterThan(1);
        expect(problem.line, `${problem.code} of ${tool.name}`).toBe(expected);
        seen.add(problem.code);
      }
    }
    expect([...seen].sort()).toEqual(["MCPC106", "MCPC107"]);
    const unknown = tools.flatMap((tool) => tool.problems).find((p) => p.code === "MCPC110");
    expect(unknown?.message).toContain(
      'points the model at "deploy_headless_agnet", which is not a tool of this server; did you mean "deploy_headless_agent"?',
    );
  });
});
