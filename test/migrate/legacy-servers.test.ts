import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

/**
 * Issue #14 on servers written the way public legacy servers are (fixtures/legacy/): one dry run
 * per point here; --write, tsc, the projects' own tests and the wire in legacy-servers.full.test.ts.
 */

afterAll(cleanScratch);

describe("migrate on legacy servers (dry run)", () => {
  it("set-screener: a project's own format… helper is not a generated formatter; the CallToolResult it builds is followed and rewritten to return its payload", async () => {
    const dir = committedCopy("legacy/set-screener");
    const run = await runCli(["migrate", "--protocol", "aorp"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("6 tools migrated, 0 skipped, 0 already on the formatters");
    // Decided by symbol: formatSmartPEBandResult is declared in the project, not in the generated output.
    expect(run.stdout).toContain("+      return formatCalculatePeBand(formatSmartPEBandResult(quote, band, started), legacyParts(\"calculate_pe_band\"));");
    expect(run.stdout).toContain("-export function formatSmartPEBandResult(quote: Quote, band: PeBand, started: number): CallToolResult {");
    expect(run.stdout).toContain("+export function formatSmartPEBandResult(quote: Quote, band: PeBand, started: number) {");
    expect(run.stdout).toContain("-  return smartResult(response);\n+  return response;");
  });
});
