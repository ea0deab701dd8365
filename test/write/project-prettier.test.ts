import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * The output is formatted by the project's own Prettier, so that the project's `prettier --check`
 * accepts it, and a Prettier plugin of the project that fails never stops a run.
 *
 * Prettier 3.0.3 is a real install (the `prettier30` devDependency, `npm:prettier@3.0.3`), linked
 * into the copy as its `node_modules/prettier`, as `npm i -D prettier@3.0.3` would put it. With
 * `printWidth: 120`, 3.0 lays out the generated mapped type of `output-schemas.zod.ts` otherwise
 * than the Prettier mcp-conform depends on (3.10): formatting with ours fails this check.
 */

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** fixtures/demo under the repository's .tmp/ (its SDK resolves from there), with these files added. */
function demoCopy(files: Record<string, string> = {}): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const dir = join(mkdtempSync(join(repoRoot, ".tmp", "prettier-")), "server");
  scratch.push(join(dir, ".."));
  cpSync(join(fixturesRoot, "demo"), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  return dir;
}

function withPrettier30(dir: string): void {
  mkdirSync(join(dir, "node_modules"), { recursive: true });
  symlinkSync(join(repoRoot, "node_modules", "prettier30"), join(dir, "node_modules", "prettier"), "dir");
}

/** The project's own `prettier --check` over the generated output. */
function projectPrettierCheck(dir: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(dir, "node_modules", "prettier", "bin", "prettier.cjs"), "--check", "src/generated/**/*.ts"], {
    cwd: dir,
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("the project's own Prettier", () => {
  it("formats with the project's Prettier 3.0, whose --check then accepts the output", async () => {
    const dir = demoCopy({ ".prettierrc": JSON.stringify({ printWidth: 120 }) });
    withPrettier30(dir);
    const run = await runCli(["generate", "--protocol", "aorp"], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const check = projectPrettierCheck(dir);
    expect(check.output).toContain("All matched files use Prettier code style!");
    expect(check.status).toBe(0);
  });
});

/**
 * A local plugin, as a project might keep one, standing in for the old import sorters that crash
 * on an import type (`import("./recipes.js").Recipe`, which generated `tools.ts` writes): it wraps
 * Prettier's TypeScript parser and throws as they do.
 */
const crashingPlugin = `import typescript from "prettier/plugins/typescript";

const original = typescript.parsers.typescript;
export const parsers = {
  typescript: {
    ...original,
    preprocess(text, options) {
      if (/import\\("[^"]+"\\)\\.\\w+/.test(text)) throw new TypeError("Cannot read properties of undefined (reading 'source')");
      return original.preprocess ? original.preprocess(text, options) : text;
    },
  },
};
`;

describe("a Prettier plugin that fails", () => {
  it("formats the file without the plugins, says so, and writes everything", async () => {
    const dir = demoCopy({ ".prettierrc": JSON.stringify({ plugins: ["./sort-imports.mjs"], singleQuote: true }), "sort-imports.mjs": crashingPlugin });
    const run = await runCli(["generate", "--protocol", "aorp"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(
      /warning: a Prettier plugin \(sort-imports\.mjs\) failed on .*tools\.ts: Cannot read properties of undefined \(reading 'source'\); formatted it without plugins/,
    );
    const tools = readFileSync(join(dir, "src/generated/mcp-conform/tools.ts"), "utf8");
    // Formatted all the same, with the rest of the project's options.
    expect(tools).toContain("import('../../recipes.js').Recipe");
    // The plugin did run where it could.
    expect(readFileSync(join(dir, "src/generated/mcp-conform/formatters/get_recipe.ts"), "utf8")).toMatch(/from '\.\.\/kit\.js'/);
    expect((await runCli(["generate", "--protocol", "aorp", "--check"], { cwd: dir })).exitCode).toBe(0);
  });

  it("formats without a plugin that is not installed, and says so", async () => {
    const dir = demoCopy({ ".prettierrc": JSON.stringify({ plugins: ["prettier-plugin-not-installed"] }) });
    const run = await runCli(["generate", "--protocol", "acor"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain("warning: a Prettier plugin (prettier-plugin-not-installed) failed on");
    expect(run.stdout).toMatch(/wrote \d+ files/);
  });
});
