import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { dirname } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { projectTypeScriptMajor, withProjectDefaults } from "../src/analyze/typescript-defaults.js";
import { packageRoot } from "../src/package-root.js";

/**
 * Every fixture is a real mini-project written against the real MCP packages. If a fixture stops
 * type-checking (an SDK upgrade, a typo), the analyser's tests would be measuring code no user could
 * have written, so each one must pass the real `tsc` under its own tsconfig.
 *
 * A fixture that is broken on purpose (a bad-input case) opts out with a `fixture.no-compile` file.
 */

const run = promisify(execFile);
const tscPath = join(packageRoot, "node_modules", "typescript", "lib", "tsc.js");
const fixturesRoot = join(packageRoot, "fixtures");

function findFixtures(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  if (existsSync(join(dir, "tsconfig.json")) && !existsSync(join(dir, "fixture.no-compile"))) found.push(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // fixtures/bad/ is the bad-input corpus: broken on purpose, and exercised by test/bad-input.test.ts.
    if (entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith(".") && join(dir, entry.name) !== join(fixturesRoot, "bad")) {
      found.push(...findFixtures(join(dir, entry.name)));
    }
  }
  return found.sort();
}

async function tsc(project: string): Promise<{ exitCode: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [tscPath, "-p", project, "--pretty", "false"], {
      cwd: packageRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { exitCode: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    return {
      exitCode: typeof failed.code === "number" ? failed.code : -1,
      output: `${failed.stdout ?? ""}${failed.stderr ?? ""}${typeof failed.code === "number" ? "" : String(error)}`,
    };
  }
}

const allFixtures = findFixtures(fixturesRoot).map((dir) => relative(packageRoot, dir).split("\\").join("/"));
/** The real-world fixtures (one per pattern of issue #13) are compiled in one process, below. */
const realWorld = allFixtures.filter((fixture) => fixture.startsWith("fixtures/real-world/"));
const fixtures = allFixtures.filter((fixture) => !realWorld.includes(fixture));

const required = [
  "fixtures/styles/sdk-register-tool",
  "fixtures/styles/sdk-tool",
  "fixtures/styles/sdk-low-level",
  "fixtures/styles/fastmcp",
  "fixtures/styles/mcp-framework",
  "fixtures/styles/xmcp",
  "fixtures/styles/tool-object",
  "fixtures/styles/unresolved-name",
  "fixtures/styles/duplicate-name",
  "fixtures/stock-legacy",
  "fixtures/perspectives",
  "fixtures/orchestrator",
  "fixtures/demo",
];

describe("fixtures compile with the real tsc", () => {
  it("finds every fixture project", () => {
    expect(fixtures).toEqual(expect.arrayContaining(required));
  });

  describe.concurrent.each(fixtures)("%s", (fixture) => {
    it("type-checks with exit code 0", async () => {
      const { exitCode, output } = await tsc(join(packageRoot, fixture, "tsconfig.json"));
      expect(output.trim(), output).toBe("");
      expect(exitCode).toBe(0);
    });
  });
});

/**
 * The real-world fixtures, compiled by the TypeScript the tests use (node_modules/typescript), one
 * Program each, in one process that parses lib and package declarations once for all of them (as
 * `tsc -b` does): a third of the cost of a `tsc` per fixture. A fixture declared for TypeScript 5
 * (package.json) is compiled with 5's defaults for what its tsconfig leaves unset: the defaults
 * mcp-conform applies to it (src/analyze/typescript-defaults.ts).
 */
describe("real-world fixtures compile with the real TypeScript", () => {
  const shared = new Map<string, ts.SourceFile>();
  const diagnosticsOf = (fixture: string, ownDefaults: boolean): string[] => {
    const configPath = join(packageRoot, fixture, "tsconfig.json");
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath));
    const options = { ...(ownDefaults ? withProjectDefaults(parsed.options, projectTypeScriptMajor(configPath)) : parsed.options), noEmit: true };
    const host = ts.createCompilerHost(options);
    const own = host.getSourceFile.bind(host);
    host.getSourceFile = (file, language, onError, create) => {
      if (!/[\\/]node_modules[\\/]|[\\/]lib\.[^\\/]*\.d\.ts$/.test(file)) return own(file, language, onError, create);
      const key = `${file}\0${JSON.stringify(language)}`;
      let source = shared.get(key);
      if (!source) {
        source = own(file, language, onError, create);
        if (source) shared.set(key, source);
      }
      return source;
    };
    const program = ts.createProgram({ rootNames: parsed.fileNames, options, host });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.formatDiagnostic(d, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => packageRoot, getNewLine: () => "\n" }).trim());
  };

  it("has one fixture per pattern", () => expect(realWorld.length).toBeGreaterThanOrEqual(15));

  for (const fixture of realWorld) {
    it(`${fixture} type-checks`, () => expect(diagnosticsOf(fixture, true)).toEqual([]));
  }

  it("the TypeScript 5 fixture needs its own defaults (so the in-process check can fail)", () => {
    expect(diagnosticsOf("fixtures/real-world/ts5-project", false).join("\n")).toMatch(/Cannot find name 'process'/);
  });
});

describe("the compile check can fail", () => {
  // Inside the repository so the copy resolves the same node_modules (.tmp/ is git-ignored).
  const tmpRoot = join(packageRoot, ".tmp");
  let dir: string | undefined;

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reports a type error in a copy of a fixture", async () => {
    mkdirSync(tmpRoot, { recursive: true });
    dir = mkdtempSync(join(tmpRoot, "fixture-compile-"));
    cpSync(join(fixturesRoot, "styles", "sdk-register-tool"), dir, { recursive: true });
    // A registerTool handler must return a CallToolResult, not a bare number.
    writeFileSync(
      join(dir, "src", "broken.ts"),
      [
        'import { server } from "./server.js";',
        'server.registerTool("broken", { description: "returns a number" }, async () => 42);',
        "",
      ].join("\n"),
    );
    const { exitCode, output } = await tsc(join(dir, "tsconfig.json"));
    expect(exitCode).not.toBe(0);
    expect(output).toMatch(/src[\\/]broken\.ts\(2,\d+\): error TS/);
  });
});
