import { rmSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { runCli } from "../helpers/run-cli.js";
import { cleanScratch, generatedCopy } from "../check/helpers.js";
import { EditorProject, mcpConformDiagnostics, type ShownDiagnostic } from "./language-service.js";

afterAll(cleanScratch);

/** What `check --format json` (checkProject) reports, in the shape the diagnostics are read back in. */
async function checkProblems(dir: string, args: string[] = []): Promise<Omit<ShownDiagnostic, "category">[]> {
  const run = await runCli(["check", "--format", "json", ...args], { cwd: dir });
  const result = JSON.parse(run.stdout) as CheckResult;
  return result.tools.flatMap((tool) =>
    tool.problems.map((p) => ({ file: p.file, line: p.line, code: Number(p.code.slice("MCPC".length)), message: p.message })),
  );
}

const byPlace = (a: { file: string; line: number; code: number; message: string }, b: typeof a): number =>
  a.file.localeCompare(b.file) || a.line - b.line || a.code - b.code || a.message.localeCompare(b.message);

describe("the mcp-conform language-service plugin", () => {
  it("shows nothing on a conforming project, and leaves TypeScript's own diagnostics as they are", async () => {
    const dir = await generatedCopy("check/conforming");
    const project = new EditorProject(join(dir, "tsconfig.json"));
    expect(mcpConformDiagnostics(project)).toEqual([]);
    for (const fileName of project.sourceFiles()) expect(project.service.getSemanticDiagnostics(fileName), fileName).toEqual([]);
    expect(project.log).toEqual([]);
  });

  it("shows exactly the problems check reports on the legacy stock server, on their files and lines", async () => {
    const dir = await generatedCopy("stock-legacy", ["--protocol", "aorp"]);
    const project = new EditorProject(join(dir, "tsconfig.json"), { protocol: "aorp" });
    const shown = mcpConformDiagnostics(project).sort(byPlace);
    const expected = (await checkProblems(dir, ["--protocol", "aorp"])).sort(byPlace);
    expect(expected.length).toBeGreaterThan(10);
    expect(shown.map(({ category: _, ...rest }) => rest)).toEqual(expected);
    // Errors for what is wrong for the model at run time, warnings for what is missing.
    const categories = Object.fromEntries(shown.map((d) => [d.code, d.category]));
    expect(categories).toEqual({ 101: "error", 102: "error", 103: "error", 108: "warning" });
    expect(project.log).toEqual([]);
  });

  it("follows edits: a new script version is checked again, an unchanged program is not", async () => {
    const dir = await generatedCopy("check/conforming");
    const project = new EditorProject(join(dir, "tsconfig.json"));
    const server = project.path("src/server.ts");
    expect(mcpConformDiagnostics(project)).toEqual([]);

    project.edit("src/server.ts", "return formatListRecipes({ recipes });", 'return { content: [{ type: "text" as const, text: "" }] };');
    expect(mcpConformDiagnostics(project)).toEqual([
      {
        file: "src/server.ts",
        line: 25,
        code: 101,
        category: "error",
        message:
          'tool "list_recipes" returns `{ content: [{ type: "text" as const, text: "" }] }` on a success path, not ConformingResult<"list_recipes">: return its formatter\'s result',
      },
    ]);
    // The same Program: the very same diagnostic objects, nothing analysed again.
    const first = project.service.getSemanticDiagnostics(server).find((d) => d.source === "mcp-conform");
    const again = project.service.getSemanticDiagnostics(server).find((d) => d.source === "mcp-conform");
    expect(again).toBe(first);
    expect(first).toMatchObject({ code: 101, category: ts.DiagnosticCategory.Error, source: "mcp-conform" });
    // The diagnostic spans the line, from its first non-blank character.
    const sourceFile = project.service.getProgram()!.getSourceFile(server)!;
    expect(sourceFile.text.slice(first!.start!, first!.start! + first!.length!)).toBe('return { content: [{ type: "text" as const, text: "" }] };');

    project.edit("src/server.ts", 'return { content: [{ type: "text" as const, text: "" }] };', "return formatListRecipes({ recipes });");
    expect(mcpConformDiagnostics(project)).toEqual([]);
  });

  it("never throws into tsserver: a failing check is logged and the editor keeps its own diagnostics", async () => {
    const dir = await generatedCopy("check/conforming");
    rmSync(join(dir, "src/generated"), { recursive: true });
    const project = new EditorProject(join(dir, "tsconfig.json"));
    const server = project.path("src/server.ts");
    const diagnostics = project.service.getSemanticDiagnostics(server);
    // TypeScript's own: the imports of the missing generated output do not resolve.
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.source !== "mcp-conform")).toBe(true);
    // Every file asks; the Program is analysed, and its failure logged, once.
    expect(mcpConformDiagnostics(project)).toEqual([]);
    expect(project.log).toHaveLength(1);
    expect(project.log[0]).toMatch(/^\[mcp-conform\] no generated output in src\/generated\/mcp-conform /);
  });
});
