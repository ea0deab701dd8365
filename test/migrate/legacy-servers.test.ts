import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

/**
 * Issue #14 on servers written the way public legacy servers are (fixtures/legacy/): one dry run
 * per point here (without the in-memory type-check, which final-typecheck.test.ts covers); --write, tsc,
 * the projects' own tests and the wire in test/wire/legacy-servers.full.test.ts.
 */

afterAll(cleanScratch);

describe("migrate on legacy servers (dry run)", () => {
  it("set-screener: a project's own format… helper is not a generated formatter; the CallToolResult it builds is followed and rewritten to return its payload", async () => {
    const dir = committedCopy("legacy/set-screener");
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("6 tools migrated, 0 skipped, 0 already on the formatters");
    // Decided by symbol: formatSmartPEBandResult is declared in the project, not in the generated output.
    expect(run.stdout).toContain("+      return formatCalculatePeBand(formatSmartPEBandResult(quote, band, started), legacyParts(tool));");
    // Named in three calls of its handler: bound once at the top of it (conform() keeps its literal, by which the tool is found).
    expect(run.stdout).toContain('+    handler: conform("calculate_pe_band", async (args) => {\n+      const tool = "calculate_pe_band";\n');
    expect(run.stdout).toContain("-export function formatSmartPEBandResult(quote: Quote, band: PeBand, started: number): CallToolResult {");
    expect(run.stdout).toContain("+export function formatSmartPEBandResult(quote: Quote, band: PeBand, started: number) {");
    expect(run.stdout).toContain("-  return smartResult(response);\n+  return response;");
  });
});

describe("migrate on a server.tool() server answering Markdown AORP (dry run)", () => {
  it("task-desk: error factories, rate-limit wrappers, dynamic content and throws in the functions a handler calls migrate", async () => {
    const dir = committedCopy("legacy/task-desk");
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("23 tools migrated, 0 skipped, 0 already on the formatters");
    // An error factory's Error: its message reaches the model, and the code the factory gives every error it makes.
    expect(run.stdout).toContain(
      '+        return formatCreateTaskError(legacyErrorParts(tool, { message: notFound("Project", project).message, code: "NOT_FOUND" }));',
    );
    // The project's error class, constructed in the handler: its code argument moves as it is.
    expect(run.stdout).toContain(
      '+    if (!projects.has(project)) return formatBurndownError(legacyErrorParts(tool, { message: `No project ${project}`, code: "NOT_FOUND" }));',
    );
    // wrapToolError() returns what it was given when that is a ToolError already: no one code, so none is claimed.
    expect(run.stdout).toContain("legacyErrorParts(tool, { message: wrapToolError(error, `Assigning ${id}`).message }));");
    // conform() around the wrapper that passes the handler's result through.
    expect(run.stdout).toContain('+    conform("create_task", applyRateLimiting("create_task", async ({ project, title, estimate, due }) => {');
    // Content built at run time: its text blocks' text, in order.
    expect(run.stdout).toContain('+      return formatListTasks([...parts].map((block) => block.text).join("\\n"), legacyParts("list_tasks"));');
    // A comment inside the legacy result the call does not carry stays, above the return.
    expect(run.stdout).toContain("+    // One Markdown block: the clients render it as it is.\n+    return formatOverdueTasks(");
    // matcher() throws wrapToolError(...) (a ToolError): the statements from its call on go inside a try, re-indented and
    // otherwise kept, whose catch returns the error formatter's result with the error's message and code.
    expect(run.stdout).toContain(
      [
        "+      try {",
        "+        const pattern = matcher(query);",
        "+        const hits = [...tasks.values()].filter((task) => pattern.test(task.title));",
        '+        return formatSearchTasks(renderAorp({ insight: `${hits.length} match(es) for /${query}/`, confidence: 1, nextSteps: hits.length === 0 ? ["Try search_comments"] : [], details: table(["id", "title"], hits.map((task) => [task.id, task.title])) }), legacyParts(tool));',
        "+      } catch (error) {",
        "+        if (error instanceof ToolError) return formatSearchTasksError(legacyErrorParts(tool, { message: error.message, code: error.code }));",
        "+        return formatSearchTasksError(legacyErrorParts(tool, { message: error instanceof Error ? error.message : String(error) }));",
        "+      }",
      ].join("\n"),
    );
    expect(run.stdout).toContain('+import { invalidInput, ToolError, wrapToolError } from "../lib/errors.js";');
    expect(run.stdout).toContain(
      "migrated search_tasks (src/tools/search.ts:21): 1 return path, 1 throw to error results, 1 throw in called functions caught, wrapped with conform()",
    );
    // projectReport() builds the CallToolResult and throws notFound(...): it returns its payload, and the handler's call of it is caught.
    expect(run.stdout).toContain("-function projectReport(projectId: string): CallToolResult {\n+function projectReport(projectId: string) {");
    expect(run.stdout).toContain(
      [
        "+    try {",
        '+      return formatProjectStatus(projectReport(project), legacyParts("project_status"));',
        "+    } catch (error) {",
        '+      if (error instanceof ToolError) return formatProjectStatusError(legacyErrorParts("project_status", { message: error.message, code: error.code }));',
      ].join("\n"),
    );
  });
});

describe("migrate in a CommonJS project with extensionless imports (dry run)", () => {
  it("cjs-jest: what it inserts follows the file (extensionless imports, which Jest's resolver needs; single quotes); a test asserting a throw is listed, not changed", async () => {
    const dir = committedCopy("legacy/cjs-jest");
    // A test written against the handler itself, expecting the throw that migrate turns into an error result.
    const test = join(dir, "src/__tests__/errors.test.ts");
    writeFileSync(
      test,
      "import { createServer } from '../server';\n\nit('high_water throws on an unknown station', async () => {\n  const tool = (createServer() as any)._registeredTools['high_water'];\n  await expect(tool.callback({ station: 'atlantis', transit: 1 })).rejects.toThrow('Unknown station');\n});\n",
    );
    execFileSync("git", ["add", "-A"], { cwd: dir });
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "a direct test"], { cwd: dir });
    const run = await runCli(["migrate", "--protocol", "aorp", "--no-format", "--no-typecheck"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toContain("+import { conform } from '../generated/mcp-conform/conform';");
    expect(run.stdout).not.toMatch(/^\+import .* from ['"]\..*\.js['"];$/m);
    expect(run.stdout).toContain("+      const tool = 'high_water';");
    expect(run.stdout).toContain(
      "+        return formatHighWaterError(legacyErrorParts(tool, { message: `Unknown station ${station}. Use list_stations to see them.`, next_steps: [aorp.step('list_stations')] }));",
    );
    expect(run.stdout).toContain("  test     src/__tests__/errors.test.ts asserts a throw, and high_water now returns an error result instead of throwing");
    expect(readFileSync(test, "utf8")).toContain("rejects.toThrow('Unknown station')");
  });
});
