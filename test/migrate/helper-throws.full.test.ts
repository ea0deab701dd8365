import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, editedTaskDesk, isHelperThrow, migratedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Throws in the functions a handler calls (check's MCPC102, "which its handler calls") reach the
 * model through the tool's error formatter after migrate: the calls go inside a try whose catch
 * returns its result. The fixtures' own shapes are in legacy-servers.test.ts; these are the shapes
 * around them. Each case is a migration with tsc and a check: in test:full.
 */
describe("migrate: throws in the functions a handler calls", () => {
  it("an arrow's expression body becomes a block with the try; a template literal's lines keep their text; tsc passes, check finds no throw, a second run changes nothing", async () => {
    const dir = editedTaskDesk({
      "src/tools/reports.ts": (source) =>
        source.replace("async ({ project }) => {\n    return projectReport(project);\n  });", "async ({ project }) => projectReport(project));"),
      "src/tools/search.ts": (source) =>
        source.replace(
          "      const hits = [...tasks.values()].filter((task) => pattern.test(task.title));\n",
          "      const hits = [...tasks.values()].filter((task) => pattern.test(task.title));\n      const heading = `Tasks matching\n${query}`;\n      void heading;\n",
        ),
    });
    const run = await runCli(["migrate", "--protocol", "aorp", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("23 tools migrated, 0 skipped");
    expect(run.stdout).toContain("tsc found no new errors");
    const reports = readFileSync(join(dir, "src/tools/reports.ts"), "utf8");
    expect(reports).toContain(
      [
        'server.tool("project_status", "How far a project is", { project: z.string() }, conform("project_status", async ({ project }) => {',
        "    try {",
        '      return formatProjectStatus(projectReport(project), legacyParts("project_status"));',
        "    } catch (error) {",
        '      if (error instanceof ToolError) return formatProjectStatusError(legacyErrorParts("project_status", { message: error.message, code: error.code }));',
        '      return formatProjectStatusError(legacyErrorParts("project_status", { message: error instanceof Error ? error.message : String(error) }));',
        "    }",
        "  }));",
      ].join("\n"),
    );
    // Inside the try, one step further in, except the template literal's second line: its text is data.
    expect(readFileSync(join(dir, "src/tools/search.ts"), "utf8")).toContain("        const heading = `Tasks matching\n${query}`;\n        void heading;\n");
    const { result } = await checkReport(dir, "aorp");
    expect(result.tools.flatMap((tool) => tool.problems.filter((problem) => problem.code !== "MCPC112"))).toEqual([]);
    const again = await runCli(["migrate", "--protocol", "aorp"], { cwd: dir });
    expect(again.stdout).toContain("nothing to change");
  });
});

/** Throws of every kind, and onto the other kind of error formatter. */
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
