import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import type { CheckResult } from "../../src/check/result.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, committedCopy, isHelperThrow, onlyPlaceholders, sources, tscProject } from "./helpers.js";

/**
 * The migrate cases kept out of `npm test` (migrate.test.ts keeps one --write per outcome): among
 * them a dry run of the stock server, whose dry-run path the legacy servers' tests
 * (legacy-servers.test.ts) take in `npm test`, and SDK 2.x's request for input, which analysis,
 * generation and the wire hold in `npm test`.
 */

afterAll(cleanScratch);

const SMART = ["--protocol", "smart-v2"];

describe("mcp-conform migrate and Prettier", () => {
  it("without a Prettier config, leaves every byte outside the rewritten expressions as it was", async () => {
    const dir = committedCopy("stock-legacy");
    const before = readFileSync(join(dir, "src/tools/pe-band.ts"), "utf8");
    const run = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    const after = readFileSync(join(dir, "src/tools/pe-band.ts"), "utf8");
    // The handler's untouched lines, formatting and all, are still there verbatim.
    const kept = before.split("\n").filter((line) => /keyFindings\.push|const band = |summary: \{ title/.test(line));
    expect(kept.length).toBe(5);
    for (const line of kept) expect(after).toContain(line);
    expect(after).toContain('import { conform } from "../generated/mcp-conform/conform.js";');
  });

  it("on a project Prettier keeps formatted, formats what it rewrote as its Prettier would: every file still passes its prettier --check", async () => {
    const dir = committedCopy("stock-legacy");
    const options = { singleQuote: true, printWidth: 100 };
    writeFileSync(join(dir, ".prettierrc.json"), JSON.stringify(options));
    const prettier = await import("prettier");
    for (const [file, text] of sources(dir)) writeFileSync(join(dir, file), await prettier.format(text, { ...options, filepath: file }));
    const { execFileSync } = await import("node:child_process");
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "prettier"], { cwd: dir });
    execFileSync("git", ["add", ".prettierrc.json"], { cwd: dir });
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "prettier config"], { cwd: dir });
    const before = sources(dir);
    const run = await runCli(["migrate", ...SMART], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    // The dry run shows what --write would write: formatted with the project's options.
    expect(run.stdout).toContain("+import { conform } from '../generated/mcp-conform/conform.js';");
    const write = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(write.exitCode, write.stderr).toBe(0);
    const after = sources(dir);
    const touched = [...after.keys()].filter((file) => !file.startsWith("src/generated/") && after.get(file) !== before.get(file));
    expect(touched.length).toBeGreaterThan(5);
    for (const file of touched) expect(await prettier.check(after.get(file)!, { ...options, filepath: file }), file).toBe(true);
    for (const file of ["src/server.ts", "src/valuation/models.ts", "src/data/set-api.ts"]) expect(after.get(file), file).toBe(before.get(file));
  });
});

describe("mcp-conform migrate onto the Guidance Pattern", () => {
  it("--write: tsc passes and check reports only the unfilled guidance stubs, which send placeholders", async () => {
    const dir = committedCopy("stock-legacy");
    const run = await runCli(["migrate", "--protocol", "guidance", "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    const check = await runCli(["check", "--protocol", "guidance", "--format", "json"], { cwd: dir });
    const report = JSON.parse(check.stdout) as CheckResult;
    // calculate_dcf said what comes next in plain text: its stub's rule is that text, so only its error guidance is left.
    // latestYear() throws (set-api.ts:131) where the handlers call it: those calls are caught now (MCPC102 "which its handler calls" is gone).
    expect(report.tools.flatMap((tool) => tool.problems.filter(isHelperThrow))).toEqual([]);
    expect(report.tools.map((tool) => `${tool.name} ${tool.problems.map((problem) => problem.code).join(",")} ${tool.placeholders.join(",")}`)).toEqual([
      "calculate_dcf MCPC107 errorGuidance",
      ...[
        "calculate_ddm",
        "calculate_fair_value",
        "calculate_margin_of_safety",
        "calculate_pe_band",
        "compare_peers",
        "explain_metric",
        "fetch_stock_data",
        "get_dividend_history",
        "screen_stocks",
      ].map((name) => `${name} MCPC106 errorGuidance,guidance`),
    ]);
    // A stub's "TODO: ..." is what the model receives until it is filled: no tool conforms yet.
    expect(report.coverage.conforming.count).toBe(0);
    const stub = readFileSync(join(dir, "src/guidance/calculate_dcf.ts"), "utf8");
    expect(stub).toContain('next_action: "Use calculate_ddm next to cross-check with dividends.",\n    available_actions: ["calculate_ddm"],');
    expect(readFileSync(join(dir, "src/tools/dcf.ts"), "utf8")).toContain(
      'return formatCalculateDcf(result /* the legacy response also said: "Use calculate_ddm next to cross-check with dividends." */);',
    );
  });
});

describe("mcp-conform migrate on FastMCP (the framework serialises the payload)", () => {
  it("perspectives: JSON text and UserError throws become formatter calls; tsc passes and check reports only placeholders", async () => {
    const dir = committedCopy("perspectives");
    const run = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("8 tools migrated, 0 skipped");
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    expect(await onlyPlaceholders(dir, "smart-v2")).toBe(true);
  });
});

describe("mcp-conform migrate onto AORP", () => {
  it("stock-legacy --write: legacy results carry what they said into the layers; tsc passes and check reports only placeholders", async () => {
    const dir = committedCopy("stock-legacy");
    const run = await runCli(["migrate", "--protocol", "aorp", "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readFileSync(join(dir, "src/tools/dcf.ts"), "utf8")).toContain(
      'return formatCalculateDcf(result, legacyParts(tool, { key_insight: "Use calculate_ddm next to cross-check with dividends.", next_steps: [aorp.step("calculate_ddm", { symbol: result.symbol })] }));',
    );
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    expect(await onlyPlaceholders(dir, "aorp")).toBe(true);
  });

  it("perspectives: a hand-written AORP envelope goes to the typed formatter through aorpLayers; tsc passes and check reports only placeholders", async () => {
    const dir = committedCopy("perspectives");
    const run = await runCli(["migrate", "--protocol", "aorp", "--write"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("8 tools migrated, 0 skipped");
    expect(readFileSync(join(dir, "src/tools/session-tools.ts"), "utf8")).toContain("return formatGetSessionStatus(status.details.data, aorpLayers(status));");
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);
    const report = await checkReport(dir, "aorp");
    expect(report.problems.every((code) => code === "MCPC112")).toBe(true);
    // A hand-written envelope said everything itself: nothing of its success path is a placeholder (only its thrown error's recovery).
    const status = report.result.tools.find((tool) => tool.name === "get_session_status")!;
    expect(status.placeholders).toEqual(["next_steps", "recovery", "workflow_guidance"]);
    expect(status.problems.map((problem) => problem.message).filter((message) => message.includes("success path"))).toEqual([]);
  });
});

describe("mcp-conform migrate on the legacy stock server", () => {
  // Here rather than in npm test's migrate.test.ts for npm test's time; npm test keeps a rollback (final-typecheck.test.ts).
  it("rolls every file back when the migration breaks the types elsewhere", async () => {
    const dir = committedCopy("stock-legacy");
    // Code outside the tools that relies on warnings being strings: migrating them breaks it.
    writeFileSync(
      join(dir, "src/report.ts"),
      'import type { PeerComparison } from "./tools/peers.js";\n\nexport function firstWarning(comparison: PeerComparison): string {\n  const first: string | undefined = comparison.warnings[0];\n  return first ?? "";\n}\n',
    );
    const { execFileSync } = await import("node:child_process");
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "report", "--allow-empty"], { cwd: dir });
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "add", "src/report.ts"], { cwd: dir });
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "report"], { cwd: dir });
    const before = sources(dir);

    // The dry run type-checks the planned result in memory and says --write would fail, with the errors.
    const dry = await runCli(["migrate", ...SMART], { cwd: dir });
    expect(dry.exitCode, dry.stderr).toBe(1);
    expect(dry.stdout).toContain("0 tools migrated (the plan for 10 fails to type-check)");
    expect(dry.stdout).toContain("dry run: --write would fail: the migration introduces 1 type error");
    expect(dry.stdout).toMatch(/src\/report\.ts:4: TS2322: Type 'Warning \| undefined' is not assignable to type 'string \| undefined'/);
    expect(sources(dir)).toEqual(before);

    const run = await runCli(["migrate", ...SMART, "--write"], { cwd: dir });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain("every file was put back as it was");
    expect(run.stderr).toMatch(/src\/report\.ts:4: TS2322: Type 'Warning \| undefined' is not assignable to type 'string \| undefined'/);
    expect(sources(dir)).toEqual(before);
    // The folders it created go too, not only their files.
    expect(existsSync(join(dir, "src/generated")), "src/generated").toBe(false);
  });

  it("dry run: prints a diff and a summary per tool, exits 0 and writes nothing", async () => {
    const dir = committedCopy("stock-legacy");
    const before = sources(dir);
    const run = await runCli(["migrate", ...SMART], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("--- a/src/tools/dcf.ts");
    expect(run.stdout).toContain("-        throw new Error(`Symbol ${symbol} not found`);");
    expect(run.stdout).toContain("+        return formatCalculateDcfError(legacyErrorSections(tool, { message: `Symbol ${symbol} not found` }));");
    // Its four calls name the tool by one binding at the top of the handler.
    expect(run.stdout).toContain(
      '+    conform("calculate_dcf", async ({ symbol, wacc, terminalGrowth, years, growth }) => {\n+      const tool = "calculate_dcf";\n',
    );
    // The tools an error names are its recovery steps; the tools a success note names, its next steps (params from the payload).
    expect(run.stdout).toContain(
      'legacyErrorSections(tool, { message: "DCF does not apply to banks; use calculate_pe_band or calculate_ddm instead", nextSteps: [nextStep("calculate_ddm"), nextStep("calculate_pe_band")] })',
    );
    expect(run.stdout).toContain(
      'legacySections(tool, { conclusion: "Use calculate_ddm next to cross-check with dividends.", nextSteps: [nextStep("calculate_ddm", { symbol: result.symbol })] })',
    );
    // One step further in: inside the try around latestYear()'s call, which can throw.
    expect(run.stdout).toContain('+        if (roe < 0.1) warnings.push(warning("WARN_ROE_IS_BELOW_10", "ROE is below 10%"));');
    expect(run.stdout).toContain("10 tools migrated, 0 skipped, 0 already on the formatters");
    expect(run.stdout).toContain(
      "migrated calculate_ddm (src/tools/ddm.ts:20): 2 return paths, 1 throw to error results, 2 warnings to IDs, wrapped with conform()",
    );
    // Type-checked in memory, as --write would: the verdict is tsc's.
    expect(run.stdout).toContain("dry run: 10 files would change, and tsc would pass (checked in memory); run with --write to apply");
    expect(sources(dir)).toEqual(before);
    expect(existsSync(join(dir, "src/generated"))).toBe(false);
  });
});

describe("mcp-conform migrate: SDK 2.x, a handler that asks the client for input", () => {
  it("migrates the other returns, leaves `return inputRequired(...)` as it is, and check counts the tool as conforming", async () => {
    const dir = committedCopy("sdk-v2/sdk-register-tool");
    const run = await runCli(["migrate", "--protocol", "guidance", "--write"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("4 tools migrated, 0 skipped");
    expect(run.stdout).toContain("migrated subscribe_alerts (src/tools/alerts.ts:18): 1 return path, 1 throw to error results, wrapped with conform()");
    const alerts = readFileSync(join(dir, "src/tools/alerts.ts"), "utf8");
    expect(alerts).toContain('conform("subscribe_alerts", async ({ city, channels }, ctx) => {');
    expect(alerts).toContain("        return inputRequired({\n");
    expect(alerts).toContain("return formatSubscribeAlerts(subscribe(found, channels));");
    const tsc = tscProject(dir);
    expect(tsc.exitCode, tsc.output).toBe(0);

    // Its guidance written, the tool conforms: the request for input is no answer to judge.
    const stub = join(dir, "src/guidance/subscribe_alerts.ts");
    writeFileSync(
      stub,
      readFileSync(stub, "utf8")
        .replaceAll("  // mcp-conform:unfilled\n", "")
        .replace("TODO: say what the orchestrator should do next", "Tell the user the alerts are on")
        .replace("TODO: say how to recover", "Ask for a city the server knows"),
    );
    const { result } = await checkReport(dir, "guidance");
    const tool = result.tools.find((each) => each.name === "subscribe_alerts")!;
    expect(tool.problems).toEqual([]);
    expect(tool.conforms).toBe(true);

    const again = await runCli(["migrate", "--protocol", "guidance", "--write", "--force"], { cwd: dir });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain("0 tools migrated, 0 skipped, 4 already on the formatters");
  });
});
