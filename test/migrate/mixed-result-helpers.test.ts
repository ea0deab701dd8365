import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { migrateCommittedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Helpers whose results are both errors and successes (fixtures/real-world/cli-output): one shared
 * with other code stays as it is and each handler reads its result; one only ever returned is
 * rewritten to return what happened. Either way every tool migrates, tsc passes, and a second run
 * finds nothing to do.
 */
describe("a helper that returns both errors and successes", () => {
  it("is read where other code shares it, and rewritten where only handlers return it", async () => {
    const { dir, run } = await migrateCommittedCopy("real-world/cli-output", "aorp");
    expect(run.stdout).toContain("4 tools migrated, 0 skipped");
    expect(run.stdout).toContain("tsc found no new errors");

    const apps = readFileSync(join(dir, "src/tools/apps.ts"), "utf8");
    expect(apps).toContain(
      "    const result = handleCliOutput(output);\n    return result.isError ? formatListAppsError(legacyErrorParts(tool, { message: legacyResultText(result) })) : formatListApps(legacyResultText(result), legacyParts(tool));",
    );
    // The shared helper and the runner that also uses it are the user's, untouched.
    for (const file of ["src/utils/handle-cli-output.ts", "src/cli-runner.ts"]) {
      expect(readFileSync(join(dir, file), "utf8")).toBe(readFileSync(join("fixtures/real-world/cli-output", file), "utf8"));
    }

    expect(readFileSync(join(dir, "src/tools/status.ts"), "utf8")).toContain(
      "    const outcome = statusResult(regions.get(region) ?? { ok: false, reason: `no region ${region}` });\n    return outcome.ok ? formatGetStatus(outcome.payload, legacyParts(tool)) : formatGetStatusError(legacyErrorParts(tool, { message: outcome.message }));",
    );
    const status = readFileSync(join(dir, "src/utils/status-result.ts"), "utf8");
    expect(status).toContain("export function statusResult(response: StatusResponse) {");
    expect(status).toContain("  if (!response.ok) return { ok: false as const, message: `Status unavailable: ${response.reason}` };");
    expect(status).toContain("  return { ok: true as const, payload: response.status };");

    const again = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(again.stdout).toContain("0 tools migrated, 0 skipped, 4 already on the formatters");
  });
});
