import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, editedTaskDesk, isHelperThrow, migratedCopy } from "./helpers.js";

afterAll(cleanScratch);

/** More of helper-throws.test.ts: throws of every kind, and onto the other kind of error formatter (a migration and a check each: in test:full). */
describe("migrate: throws in the functions a handler calls, onto the Guidance Pattern", () => {
  it("onto the Guidance Pattern, whose error formatter takes the message: the catch passes it", async () => {
    const dir = await migratedCopy("legacy/task-desk", "guidance");
    expect(readFileSync(join(dir, "src/tools/search.ts"), "utf8")).toContain(
      "      } catch (error) {\n        return formatSearchTasksError(error instanceof Error ? error.message : String(error));\n      }",
    );
    const { result } = await checkReport(dir, "guidance");
    expect(result.tools.flatMap((tool) => tool.problems.filter(isHelperThrow))).toEqual([]);
  });
  it("throws of different kinds are caught with their message only; a project error class of the handler's own file needs no import", async () => {
    const dir = editedTaskDesk({
      // matcher() now throws a plain Error too: no one class, so no code is claimed for what it throws.
      "src/tools/search.ts": (source) =>
        source.replace(
          "function matcher(query: string): RegExp {\n",
          'function matcher(query: string): RegExp {\n  if (query.length > 200) throw new Error("pattern too long");\n',
        ),
      // projectReport() throws an error class of its own file.
      "src/tools/reports.ts": (source) =>
        source
          .replace(
            "/** The project report project_status shows. */",
            "class ReportError extends Error {\n  constructor(message: string, readonly code: string) {\n    super(message);\n  }\n}\n\n/** The project report project_status shows. */",
          )
          .replace('throw notFound("Project", projectId);', 'throw new ReportError(`No project ${projectId}`, "NO_PROJECT");'),
    });
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("tsc would pass");
    expect(run.stdout).toContain(
      "+        return formatSearchTasksError(legacyErrorParts(tool, { message: error instanceof Error ? error.message : String(error) }));",
    );
    expect(run.stdout).not.toContain("error instanceof ToolError) return formatSearchTasksError");
    expect(run.stdout).toContain(
      '+      if (error instanceof ReportError) return formatProjectStatusError(legacyErrorParts("project_status", { message: error.message, code: error.code }));',
    );
    expect(run.stdout).not.toMatch(/^\+import .*ReportError/m);
  });
});
