import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { projectTypeScriptMajor, withProjectDefaults } from "../src/analyze/typescript-defaults.js";
import { packageRoot } from "../src/package-root.js";
import { typeCheckFiles, typeCheckProject } from "./helpers/typecheck.js";

/**
 * Every fixture is a real mini-project written against the real MCP packages. If a fixture stops
 * type-checking (an SDK upgrade, a typo), the analyser's tests would be measuring code no user could
 * have written, so each one must pass `tsc` under its own tsconfig (TypeScript 6, checked in this
 * process by ./helpers/typecheck.ts, which prints what the real tsc prints).
 *
 * A fixture that is broken on purpose (a bad-input case) opts out with a `fixture.no-compile` file.
 */

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

function tsc(project: string): { exitCode: number; output: string } {
  return typeCheckProject(project, packageRoot);
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

describe("fixtures compile with tsc", () => {
  it("finds every fixture project", () => {
    expect(fixtures).toEqual(expect.arrayContaining(required));
  });

  describe.each(fixtures)("%s", (fixture) => {
    it("type-checks with exit code 0", () => {
      const { exitCode, output } = tsc(join(packageRoot, fixture, "tsconfig.json"));
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
  const diagnosticsOf = (fixture: string, ownDefaults: boolean): string => {
    const configPath = join(packageRoot, fixture, "tsconfig.json");
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath));
    const options = ownDefaults ? withProjectDefaults(parsed.options, projectTypeScriptMajor(configPath)) : parsed.options;
    return typeCheckFiles(parsed.fileNames, options, packageRoot).output.trim();
  };

  it("has one fixture per pattern", () => expect(realWorld.length).toBeGreaterThanOrEqual(15));

  for (const fixture of realWorld) {
    it(`${fixture} type-checks`, () => expect(diagnosticsOf(fixture, true)).toBe(""));
  }

  it("the TypeScript 5 fixture needs its own defaults (so the in-process check can fail)", () => {
    expect(diagnosticsOf("fixtures/real-world/ts5-project", false)).toMatch(/Cannot find name 'process'/);
  });
});

describe("the compile check can fail", () => {
  // Inside the repository so the copy resolves the same node_modules (.tmp/ is git-ignored).
  const tmpRoot = join(packageRoot, ".tmp");
  let dir: string | undefined;

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reports a type error in a copy of a fixture", () => {
    mkdirSync(tmpRoot, { recursive: true });
    dir = mkdtempSync(join(tmpRoot, "fixture-compile-"));
    cpSync(join(fixturesRoot, "styles", "sdk-register-tool"), dir, { recursive: true });
    // A registerTool handler must return a CallToolResult, not a bare number.
    writeFileSync(
      join(dir, "src", "broken.ts"),
      ['import { server } from "./server.js";', 'server.registerTool("broken", { description: "returns a number" }, async () => 42);', ""].join("\n"),
    );
    const { exitCode, output } = tsc(join(dir, "tsconfig.json"));
    expect(exitCode).not.toBe(0);
    expect(output).toMatch(/src[\\/]broken\.ts\(2,\d+\): error TS/);
  });
});
