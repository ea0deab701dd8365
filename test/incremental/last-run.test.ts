import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { GenerateConfig } from "../../src/generate/config.js";
import { currentLastRun, recordRun, startRun } from "../../src/incremental/last-run.js";
import { stampsSettled } from "../../src/incremental/run-fingerprint.js";
import { readRunState, runStatePath } from "../../src/incremental/run-state.js";
import { lastRunByStamps } from "../../src/incremental/stamps.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * The record of the last `generate` (src/incremental/): when a run may be skipped, by stamps alone
 * (no compiler loaded) or by content, and when it must not be.
 */
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const config: GenerateConfig = { protocol: "aorp", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" };
const args = ["generate", "--protocol", "aorp"];

function copyDemo(): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "last-run-"));
  scratch.push(parent);
  const dir = join(parent, "project");
  cpSync(join(fixturesRoot, "demo"), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  // Sources as a checkout leaves them, not just written: stamps are trusted only once settled.
  ageSources(dir);
  return dir;
}

function ageSources(dir: string): void {
  const past = new Date(Date.now() - 60_000);
  for (const file of ["src/server.ts", "src/extra-tools.ts", "src/recipes.ts", "src", "tsconfig.json"]) utimesSync(join(dir, file), past, past);
}

function targetOf(dir: string) {
  return { projectRoot: dir, tsconfigPath: join(dir, "tsconfig.json"), config };
}

function stateOf(dir: string) {
  return readRunState(runStatePath(dir, join(dir, "tsconfig.json"))!);
}

describe("the record of the last generate", () => {
  it("skips an unchanged run on stamps, and a touched but equal source on content, then on stamps again", async () => {
    const dir = copyDemo();
    expect((await runCli(args, { cwd: dir })).exitCode).toBe(0);
    expect(stateOf(dir)?.stamps).toBeDefined();
    expect(lastRunByStamps(targetOf(dir), [true])).toBeDefined();
    // Another format setting is another run.
    expect(lastRunByStamps(targetOf(dir), [false])).toBeUndefined();

    const recipes = join(dir, "src/recipes.ts");
    const later = new Date(Date.now() - 30_000);
    utimesSync(recipes, later, later);
    expect(lastRunByStamps(targetOf(dir), [true])).toBeUndefined();
    expect(currentLastRun(targetOf(dir), [true])).toBeDefined();
    const again = await runCli(args, { cwd: dir });
    expect(again.stdout).toContain("(inputs unchanged since the last run)");
    expect(lastRunByStamps(targetOf(dir), [true])).toBeDefined();
  });

  it("does not skip on stamps once a file appears in a folder the tsconfig's patterns walk, even one without sources", async () => {
    const dir = copyDemo();
    mkdirSync(join(dir, "src/notes"));
    writeFileSync(join(dir, "src/notes/README.md"), "notes\n");
    ageSources(dir);
    utimesSync(join(dir, "src/notes"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    await runCli(args, { cwd: dir });
    expect(lastRunByStamps(targetOf(dir), [true])).toBeDefined();

    writeFileSync(join(dir, "src/notes/extra.ts"), "export const unused = 1;\n");
    // Back-dated, so that only the folder's listing can tell.
    utimesSync(join(dir, "src/notes/extra.ts"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    utimesSync(join(dir, "src/notes"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    expect(lastRunByStamps(targetOf(dir), [true])).toBeUndefined();
    expect(currentLastRun(targetOf(dir), [true])).toBeUndefined();
  });

  it("does not skip once a Prettier config appears between the project and the output folder", async () => {
    const dir = copyDemo();
    await runCli(args, { cwd: dir });
    expect(lastRunByStamps(targetOf(dir), [true])).toBeDefined();
    // Prettier resolves its config from each generated file's folder up: this one applies to the output.
    writeFileSync(join(dir, "src/.prettierrc"), JSON.stringify({ singleQuote: true }));
    expect(lastRunByStamps(targetOf(dir), [true])).toBeUndefined();
    expect(currentLastRun(targetOf(dir), [true])).toBeUndefined();
    await runCli(args, { cwd: dir });
    expect(readFileSync(join(dir, config.outputDir, "tools.ts"), "utf8")).toContain("'get_recipe'");
  });

  it("regenerates when a file imported from outside the tsconfig's `files` changes", async () => {
    const dir = copyDemo();
    const tsconfig = join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"include": ["src"]', '"files": ["src/server.ts"]'));
    ageSources(dir);
    await runCli(args, { cwd: dir });
    expect(stateOf(dir)?.sources.map((file) => file.slice(dir.length + 1))).toEqual(["src/extra-tools.ts", "src/recipes.ts", "src/server.ts"]);

    const extra = join(dir, "src/extra-tools.ts");
    writeFileSync(extra, readFileSync(extra, "utf8").replace('name: "shopping_list"', 'name: "shopping_list_v2"'));
    const run = await runCli(args, { cwd: dir });
    expect(run.stdout).not.toContain("inputs unchanged");
    expect(readFileSync(join(dir, config.outputDir, "tools.ts"), "utf8")).toContain('"shopping_list_v2"');
  });

  it("records a source changed while the run read it as a change: the next run works again", async () => {
    const dir = copyDemo();
    await runCli(args, { cwd: dir });
    const target = targetOf(dir);
    const start = startRun(target, true);
    const recipes = join(dir, "src/recipes.ts");
    writeFileSync(recipes, `${readFileSync(recipes, "utf8")}\n// edited during the run\n`);
    recordRun(target, start, { scaffolded: [], warnings: [], programSources: start.inputs.sources });
    expect(stateOf(dir)?.stamps).toBeUndefined();
    expect(lastRunByStamps(target, [true])).toBeUndefined();
    expect(currentLastRun(target, [true])).toBeUndefined();
  });

  it("records a source that appeared while the run read the others as a change", async () => {
    const dir = copyDemo();
    await runCli(args, { cwd: dir });
    const target = targetOf(dir);
    const start = startRun(target, true);
    writeFileSync(join(dir, "src/late.ts"), "export const late = 1;\n");
    // Back-dated, so that only its absence from what the run read can tell.
    utimesSync(join(dir, "src/late.ts"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    recordRun(target, start, { scaffolded: [], warnings: [], programSources: start.inputs.sources });
    expect(currentLastRun(target, [true])).toBeUndefined();
  });

  it("trusts a stamp only a tick of the clock after the file was written: two seconds where mtimes are whole seconds", () => {
    const dir = dirname(copyDemo());
    const file = join(dir, "stamped.ts");
    writeFileSync(file, "export {};\n");
    const now = Date.now();
    expect(stampsSettled([file], statSync(file).mtimeMs)).toBe(false);
    expect(stampsSettled([file], statSync(file).mtimeMs + 1000)).toBe(true);
    const whole = new Date(Math.floor(now / 1000) * 1000 - 1000);
    utimesSync(file, whole, whole);
    expect(stampsSettled([file], whole.getTime() + 1000)).toBe(false);
    expect(stampsSettled([file], whole.getTime() + 2500)).toBe(true);
    expect(stampsSettled([join(dir, "missing.ts")], now)).toBe(false);
  });
});
