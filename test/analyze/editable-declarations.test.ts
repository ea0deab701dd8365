import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openSession, analyzeSession } from "../../src/analyze/analyze.js";
import { documentRegistryOf } from "../../src/analyze/editable-declarations.js";
import { loadProject } from "../../src/analyze/load-project.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * migrate's editable ts-morph Projects share the lib files and the packages' declarations within
 * a process (src/analyze/editable-declarations.ts), and nothing of the user's.
 */
describe("the editable Projects of one process", () => {
  const tsconfig = join(fixturesRoot, "styles", "sdk-register-tool", "tsconfig.json");

  it("reach the pinned ts-morph's document registry (a ts-morph upgrade that moves it fails here)", () => {
    expect(documentRegistryOf(loadProject(tsconfig, repoRoot))).toBeDefined();
  });

  it("hand a second Project the first one's SDK and lib SourceFiles, and parse the user's files again", () => {
    const first = loadProject(tsconfig, repoRoot).getProgram().compilerObject;
    const second = loadProject(tsconfig, repoRoot).getProgram().compilerObject;
    const files = (program: typeof first) => program.getSourceFiles();
    const sdk = files(first).find((file) => file.fileName.includes("/node_modules/@modelcontextprotocol/sdk/") && file.fileName.endsWith("mcp.d.ts"));
    const lib = files(first).find((file) => /\/node_modules\/typescript\/lib\/lib\.es\d+\.d\.ts$/.test(file.fileName));
    const server = files(first).find((file) => file.fileName.endsWith("/src/server.ts"));
    expect([sdk?.fileName, lib?.fileName, server?.fileName].every(Boolean), "the program reads the SDK, a lib file and the server").toBe(true);
    expect(second.getSourceFile(sdk!.fileName)).toBe(sdk);
    expect(second.getSourceFile(lib!.fileName)).toBe(lib);
    expect(second.getSourceFile(server!.fileName)).not.toBe(server);
    expect(second.getSourceFile(server!.fileName)?.text).toBe(server!.text);
  });

  it("analyse to the same inventory as a Project of its own would", () => {
    const inventory = () => JSON.stringify(analyzeSession(openSession({ project: tsconfig, cwd: repoRoot, editable: true }), repoRoot));
    const fresh = inventory();
    expect(inventory()).toBe(fresh);
    expect(fresh).toBe(JSON.stringify(analyzeSession(openSession({ project: tsconfig, cwd: repoRoot }), repoRoot)));
  });
});
