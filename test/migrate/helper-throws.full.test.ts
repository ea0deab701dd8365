import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, committedCopy, isHelperThrow } from "./helpers.js";

afterAll(cleanScratch);

/** helper-throws.test.ts onto the other kind of error formatter (one migration and check more: in test:full). */
describe("migrate: throws in the functions a handler calls, onto the Guidance Pattern", () => {
  it("onto the Guidance Pattern, whose error formatter takes the message: the catch passes it", async () => {
    const dir = committedCopy("legacy/task-desk");
    const run = await runCli(["migrate", "--protocol", "guidance", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(readFileSync(join(dir, "src/tools/search.ts"), "utf8")).toContain(
      "      } catch (error) {\n        return formatSearchTasksError(error instanceof Error ? error.message : String(error));\n      }",
    );
    const { result } = await checkReport(dir, "guidance");
    expect(result.tools.flatMap((tool) => tool.problems.filter(isHelperThrow))).toEqual([]);
  });
});
