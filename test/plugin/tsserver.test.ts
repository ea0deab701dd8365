import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/fixtures.js";
import { cleanScratch, generatedCopy } from "../check/helpers.js";

afterAll(cleanScratch);

/** npm test resolves the CommonJS entry; test:full (FUZZ_RUNS set) the import() fallback, which starts a second tsserver. */
const fullRun = process.env["FUZZ_RUNS"] !== undefined;

/**
 * mcp-conform as a user's project has it installed: package.json, the CommonJS plugin entry and
 * the build of the sources (its own imports resolve to this repository's node_modules, above).
 * The build is the one Vitest's global setup made from the sources before any test ran
 * (test/setup/build-dist.ts); no test of `npm test` rebuilds it, so it is copied, not compiled again.
 */
function installInto(projectDir: string): void {
  const pkg = join(projectDir, "node_modules", "mcp-conform");
  mkdirSync(pkg, { recursive: true });
  cpSync(join(repoRoot, "package.json"), join(pkg, "package.json"));
  cpSync(join(repoRoot, "plugin"), join(pkg, "plugin"), { recursive: true });
  cpSync(join(repoRoot, "dist"), join(pkg, "dist"), { recursive: true });
}

/**
 * An editor whose Node cannot require() ESM (simulated with --no-experimental-require-module): the
 * entry imports the build instead, the language service is untouched meanwhile, and once loaded
 * the plugin asks for a refresh, after which the diagnostics are there.
 */
const OLD_NODE_EDITOR = `
const ts = require("typescript");
const init = require("mcp-conform/plugin");
const [tsconfig, serverFile] = process.argv.slice(2);
const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} });
const host = {
  getCompilationSettings: () => parsed.options,
  getScriptFileNames: () => parsed.fileNames,
  getScriptVersion: () => "0",
  getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)) : undefined),
  getCurrentDirectory: () => process.cwd(),
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists, readFile: ts.sys.readFile, readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists, getDirectories: ts.sys.getDirectories,
};
const languageService = ts.createLanguageService(host, ts.createDocumentRegistry());
const codes = (service) => service.getSemanticDiagnostics(serverFile).filter((d) => d.source === "mcp-conform").map((d) => d.code);
let service;
const refreshed = new Promise((done) => {
  const info = { languageService, config: { name: "mcp-conform/plugin" }, project: { getProjectName: () => tsconfig, refreshDiagnostics: done, projectService: { logger: { info: (m) => console.error(m) } } } };
  service = init({ typescript: ts }).create(info);
});
const before = codes(service);
refreshed.then(() => console.log(JSON.stringify({ before, after: codes(service) })));
`;

describe("tsserver loads mcp-conform/plugin from a tsconfig", () => {
  it.runIf(fullRun)("falls back to import() where Node cannot require() ESM, and asks the editor to refresh", async () => {
    const dir = await generatedCopy("check/conforming");
    installInto(dir);
    const serverFile = join(dir, "src/server.ts");
    writeFileSync(
      serverFile,
      readFileSync(serverFile, "utf8").replace("return formatListRecipes({ recipes });", 'return { content: [{ type: "text" as const, text: "" }] };'),
    );
    writeFileSync(join(dir, "editor.cjs"), OLD_NODE_EDITOR);
    const run = spawnSync(process.execPath, ["--no-experimental-require-module", "editor.cjs", join(dir, "tsconfig.json"), serverFile], {
      cwd: dir,
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ before: [], after: [101] });
  });

  it.skipIf(fullRun)("resolves the CommonJS entry, requires it and shows check's problems as diagnostics", async () => {
    const dir = await generatedCopy("check/conforming");
    installInto(dir);
    const tsconfig = join(dir, "tsconfig.json");
    const config = JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions: Record<string, unknown> };
    config.compilerOptions["plugins"] = [{ name: "mcp-conform/plugin" }];
    writeFileSync(tsconfig, JSON.stringify(config, null, 2));
    const serverFile = join(dir, "src/server.ts");
    writeFileSync(
      serverFile,
      readFileSync(serverFile, "utf8").replace("return formatListRecipes({ recipes });", 'return { content: [{ type: "text" as const, text: "" }] };'),
    );

    const log: string[] = [];
    const logger: ts.server.Logger = {
      close: () => undefined,
      hasLevel: () => true,
      loggingEnabled: () => true,
      perftrc: () => undefined,
      info: (message) => void log.push(message),
      msg: (message) => void log.push(message),
      startGroup: () => undefined,
      endGroup: () => undefined,
      getLogFileName: () => undefined,
    };
    const noWatch = { close: () => undefined };
    // tsserver's own Node host (ts.sys, whose `require` is how tsserver loads plugins), without file watchers.
    const host: ts.server.ServerHost = {
      ...ts.sys,
      watchFile: () => noWatch,
      watchDirectory: () => noWatch,
      setTimeout,
      clearTimeout,
      setImmediate,
      clearImmediate,
    };
    const service = new ts.server.ProjectService({
      host,
      logger,
      cancellationToken: ts.server.nullCancellationToken,
      useSingleInferredProject: true,
      useInferredProjectPerProjectRoot: false,
      typingsInstaller: ts.server.nullTypingsInstaller,
      session: undefined,
      // Plugins named in a project's tsconfig load from its own node_modules (an editor setting).
      allowLocalPluginLoads: true,
      jsDocParsingMode: ts.JSDocParsingMode.ParseAll,
    });
    service.openClientFile(serverFile);
    const project = service.getDefaultProjectForFile(ts.server.toNormalizedPath(serverFile), true)!;
    expect(project.projectKind).toBe(ts.server.ProjectKind.Configured);
    const ours = project
      .getLanguageService()
      .getSemanticDiagnostics(serverFile)
      .filter((d) => d.source === "mcp-conform")
      .map((d) => ({ line: d.file!.getLineAndCharacterOfPosition(d.start!).line + 1, code: d.code, category: d.category }));
    expect(ours, log.filter((line) => line.includes("mcp-conform")).join("\n")).toEqual([{ line: 25, code: 101, category: ts.DiagnosticCategory.Error }]);
    expect(log.some((line) => line.includes("Loading mcp-conform/plugin from"))).toBe(true);
    service.closeClientFile(serverFile);
  });
});
