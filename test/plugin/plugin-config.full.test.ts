import { rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch, generatedCopy } from "../check/helpers.js";
import { EditorProject, mcpConformDiagnostics } from "./language-service.js";

afterAll(cleanScratch);

/** How the plugin reads its config file, and shows its rules' severities (plugin.full.test.ts holds what it shows). */
describe("the mcp-conform language-service plugin's config", () => {
  it("shows a rule the config sets to warn as a warning, and none of a rule set to off", async () => {
    const dir = await generatedCopy("stock-legacy", ["--protocol", "aorp"]);
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "aorp", rules: { MCPC101: "warn", MCPC108: "off" } }));
    const project = new EditorProject(join(dir, "tsconfig.json"));
    const categories = Object.fromEntries(mcpConformDiagnostics(project).map((d) => [d.code, d.category]));
    expect(categories).toEqual({ 101: "warning", 102: "error", 103: "error" });
    expect(project.log).toEqual([]);
  });

  it("loads a TypeScript config synchronously, and reloads it when it changes", async () => {
    const dir = await generatedCopy("check/conforming");
    rmSync(join(dir, "mcp-conform.config.json"));
    writeFileSync(join(dir, "mcp-conform.config.ts"), 'const protocol: string = "guidance";\nexport default { protocol };\n');
    const project = new EditorProject(join(dir, "tsconfig.json"));
    expect(mcpConformDiagnostics(project)).toEqual([]);
    expect(project.log).toEqual([]);
    // An output folder with nothing in it: check's own error, logged on the next Program.
    writeFileSync(join(dir, "mcp-conform.config.ts"), 'export default { protocol: "guidance", output: { dir: "src/elsewhere" } };\n');
    utimesSync(join(dir, "mcp-conform.config.ts"), new Date(), new Date(Date.now() + 5000));
    project.edit("src/server.ts", "export const server", "// touched\nexport const server");
    expect(mcpConformDiagnostics(project)).toEqual([]);
    expect(project.log.some((line) => line.startsWith("[mcp-conform] no generated output in src/elsewhere"))).toBe(true);
  });

  it("logs a config file it cannot find", async () => {
    const dir = await generatedCopy("check/conforming");
    const project = new EditorProject(join(dir, "tsconfig.json"), { config: "missing.config.json" });
    expect(mcpConformDiagnostics(project)).toEqual([]);
    expect(project.log.some((line) => line.includes('config file not found: missing.config.json (the mcp-conform plugin\'s "config" setting)'))).toBe(true);
  });
});
