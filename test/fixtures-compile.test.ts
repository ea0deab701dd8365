import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
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

const fixtures = findFixtures(fixturesRoot).map((dir) => relative(packageRoot, dir).split("\\").join("/"));

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
