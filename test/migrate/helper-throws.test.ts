import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { checkReport, editedTaskDesk } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Throws in the functions a handler calls (check's MCPC102, "which its handler calls") reach the
 * model through the tool's error formatter after migrate: the calls go inside a try whose catch
 * returns its result. The fixtures' own shapes are in legacy-servers.test.ts; these are the shapes
 * around them.
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
