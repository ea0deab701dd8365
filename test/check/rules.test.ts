import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHECK_CODES, CheckCodes } from "../../src/check/codes.js";
import type { CheckResult } from "../../src/check/result.js";
import { CHECK_CODE_TITLES, RULES } from "../../src/check/rules/index.js";
import { runCli } from "../helpers/run-cli.js";
import { cleanScratch, generatedCopy } from "./helpers.js";

afterAll(cleanScratch);

describe("check's rules", () => {
  it("are one rule per code, in code order, each with its own title", () => {
    expect(RULES.map((rule) => rule.code)).toEqual([...CHECK_CODES].sort());
    expect(new Set(RULES.map((rule) => rule.title)).size).toBe(RULES.length);
    expect(Object.keys(CHECK_CODE_TITLES)).toEqual(Object.values(CheckCodes));
  });
});

/** check/conforming with list_recipes unwrapped and two warnings pushed: MCPC103, and MCPC108 for the plain string. */
async function projectWithProblems(): Promise<string> {
  const dir = await generatedCopy("check/conforming");
  const server = join(dir, "src/server.ts");
  let source = readFileSync(server, "utf8");
  source = source.replace('conform("list_recipes", async () => {', "(async () => {");
  source = source.replace(
    "    const recipes: Recipe[] = RECIPES;\n",
    '    const recipes: Recipe[] = RECIPES;\n    const warnings: string[] = [];\n    warnings.push("the list may be stale");\n',
  );
  writeFileSync(server, source);
  // Fresh output: check trusts a pass only against what generate would write now.
  expect((await runCli(["generate", "--no-format"], { cwd: dir })).exitCode).toBe(0);
  return dir;
}

async function checkWith(dir: string, rules: unknown): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "guidance", ...(rules === undefined ? {} : { rules }) }));
  return runCli(["check", "--format", "json"], { cwd: dir });
}

describe("rule severities from the config", () => {
  it("turn a rule into a warning that does not fail check, or off, and never change the verdicts", async () => {
    const dir = await projectWithProblems();
    const problemsOf = (result: CheckResult): string[] => result.tools.flatMap((tool) => tool.problems.map((problem) => `${problem.code} ${problem.severity}`));

    const strict = await checkWith(dir, undefined);
    const strictResult = JSON.parse(strict.stdout) as CheckResult;
    expect(strict.exitCode).toBe(1);
    expect(problemsOf(strictResult)).toEqual(["MCPC103 error", "MCPC108 error"]);

    const relaxed = await checkWith(dir, { MCPC103: "warn", MCPC108: "off" });
    const relaxedResult = JSON.parse(relaxed.stdout) as CheckResult;
    expect(relaxed.exitCode).toBe(0);
    expect(relaxedResult.ok).toBe(true);
    expect(problemsOf(relaxedResult)).toEqual(["MCPC103 warning"]);
    // What the tools are does not depend on what is reported: conformance, guidance and coverage stay.
    expect(relaxedResult.coverage).toEqual(strictResult.coverage);
    expect(relaxedResult.tools.map((tool) => [tool.name, tool.conforms, tool.guidance])).toEqual(
      strictResult.tools.map((tool) => [tool.name, tool.conforms, tool.guidance]),
    );

    const text = await runCli(["check"], { cwd: dir });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/src\/server\.ts:\d+: MCPC103 \(warning\) tool "list_recipes" is not wrapped/);
    expect(text.stdout).not.toContain("MCPC108");
    expect(text.stdout).toContain("check passed with 1 warning");
  });

  it("refuse an unknown code or severity with one line and exit 2", async () => {
    const dir = await generatedCopy("check/conforming");
    const unknownCode = await checkWith(dir, { MCPC1O8: "warn" });
    expect(unknownCode.exitCode).toBe(2);
    expect(unknownCode.stderr.trim().split("\n")).toHaveLength(1);
    expect(unknownCode.stderr).toMatch(/mcp-conform\.config\.json:1: .*"rules\.MCPC1O8".*did you mean "rules\.MCPC108"/);

    const badSeverity = await checkWith(dir, { MCPC108: "warning" });
    expect(badSeverity.exitCode).toBe(2);
    expect(badSeverity.stderr.trim().split("\n")).toHaveLength(1);
    expect(badSeverity.stderr).toContain('must be one of error, warn, off, not "warning"');
  });
});
