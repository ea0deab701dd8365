import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { readTree, repoRoot } from "../helpers/fixtures.js";
import { cleanScratch, copyFixture } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { startWatch } from "../helpers/watch.js";

/**
 * `generate --watch` follows the project's TypeScript like every other command: on TypeScript 7
 * each cycle is a new snapshot of one compiler process (src/analyze/watch-sessions.ts). What a
 * cycle writes must be what a one-shot `generate` writes, on either engine.
 */
afterAll(cleanScratch);

const output = "src/generated/mcp-conform";

/**
 * `npm test` watches on TypeScript 7, the engine of a project that installs today's TypeScript;
 * `npm run test:full` (which sets FUZZ_RUNS) runs what npm test does not, and CI runs both: the
 * same cases on TypeScript 6, and the other cases on both engines. TypeScript 6's incremental
 * analysis is held to a full one in npm test by test/analyze/incremental.test.ts.
 */
const fullRun = process.env["FUZZ_RUNS"] !== undefined;
const WATCH_ENGINES = fullRun ? (["ts6", "ts7"] as const) : (["ts7"] as const);
/** The engines of a case npm test runs (on TypeScript 7): test:full adds TypeScript 6. */
const NPM_TEST_CASE_ENGINES = fullRun ? (["ts6"] as const) : (["ts7"] as const);
/** Cases past the first edit, the broken tsconfig and Ctrl+C: `npm run test:full` only (npm test's time). */
const itOnFullRun = it.runIf(fullRun);

/** The engine a test watches with, loaded. */
const engineFor = async (engineId: "ts6" | "ts7"): Promise<Engine | "ts6"> => (engineId === "ts6" ? "ts6" : loadEngine("ts7"));

/** What the watch left is what a one-shot `generate` on the same engine writes: `--check` finds it fresh. */
async function expectFresh(dir: string, engineId: "ts6" | "ts7", protocol?: string): Promise<void> {
  const check = await runCli(["generate", "--check", ...(protocol ? ["--protocol", protocol] : []), "--engine", engineId], { cwd: dir });
  expect(check.stdout + check.stderr).toContain("generated output is fresh");
  expect(check.exitCode).toBe(0);
}

/** check/conforming's server, its list_recipes taking a `limit` typed through the generated conform.ts and tools.ts. */
function withLimit(source: string): string {
  const edited = source
    .replace(
      '{ description: "Every recipe, by id and title", inputSchema: {} }',
      '{ description: "Every recipe, by id and title", inputSchema: { limit: z.number() } }',
    )
    .replace(
      'conform("list_recipes", async () => {\n    const recipes: Recipe[] = RECIPES;\n    return formatListRecipes({ recipes });',
      'conform("list_recipes", async ({ limit }) => {\n    const recipes: Recipe[] = RECIPES.slice(0, limit);\n    return formatListRecipes({ recipes, limit });',
    );
  expect(edited).toContain("formatListRecipes({ recipes, limit })");
  return edited;
}
const EDIT: [string, string] = ['"The full recipe, with its ingredients"', '"The full recipe and every ingredient"'];

describe("generate --watch on either engine", () => {
  it.each(NPM_TEST_CASE_ENGINES)("on %s, regenerates after an edit, says which file changed, and leaves what a one-shot generate writes", async (engineId) => {
    const dir = copyFixture("demo");
    const watch = await startWatch(dir, "guidance", await engineFor(engineId));
    expect(watch.cycles[0]?.error).toBeNull();
    const server = join(dir, "src/server.ts");
    await watch.cycleAfter(() => writeFileSync(server, readFileSync(server, "utf8").replace(...EDIT)));
    expect(await watch.stop()).toBe(0);
    const last = watch.cycles.at(-1);
    expect(last?.error).toBeNull();
    expect(last?.changedFiles).toEqual(["src/server.ts"]);
    expect(last?.written.length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, output, "formatters", "get_recipe.ts"), "utf8")).toContain("The full recipe and every ingredient");

    // The same sources, generated once by each engine, give the same files.
    await expectFresh(dir, engineId, "guidance");
    const once = copyFixture("demo");
    writeFileSync(join(once, "src/server.ts"), readFileSync(join(once, "src/server.ts"), "utf8").replace(...EDIT));
    const ran = await runCli(["generate", "--protocol", "guidance", "--engine", "ts6"], { cwd: once });
    expect(ran.exitCode, ran.stderr).toBe(0);
    expect(readTree(join(dir, output))).toEqual(readTree(join(once, output)));
  });

  itOnFullRun.each(WATCH_ENGINES)("on %s, the first cycle settles when the project imports output that does not exist yet", async (engineId) => {
    // A fresh clone that git-ignores the output: until the first cycle has written conform.ts and
    // tools.ts, `limit` reads `any`. The cycle analyses again once they are on disk, and the
    // compiler must then read them.
    const dir = copyFixture("check/conforming");
    writeFileSync(join(dir, "src/server.ts"), withLimit(readFileSync(join(dir, "src/server.ts"), "utf8")));
    const watch = await startWatch(dir, "guidance", await engineFor(engineId));
    expect(await watch.stop()).toBe(0);
    expect(watch.cycles[0]?.error).toBeNull();
    expect(readFileSync(join(dir, output, "tools.ts"), "utf8")).toMatch(/limit: number/);
    await expectFresh(dir, engineId);
  });

  itOnFullRun.each(WATCH_ENGINES)(
    "on %s, a cycle reads the output the last cycle wrote: what it leaves is what a one-shot generate writes",
    async (engineId) => {
      // The edit that adds `limit` is analysed against the output before it (limit: any); the cycle
      // then writes tools.ts anew, and the next edit must be analysed against that, not against
      // what the compiler read first.
      const dir = copyFixture("check/conforming");
      const watch = await startWatch(dir, "guidance", await engineFor(engineId));
      const server = join(dir, "src/server.ts");
      const limited = withLimit(readFileSync(server, "utf8"));
      for (const text of [limited, limited.replace('"One recipe by id"', '"One recipe, by its id"')]) {
        await watch.cycleAfter(() => writeFileSync(server, text));
        expect(watch.cycles.at(-1)?.error).toBeNull();
      }
      expect(await watch.stop()).toBe(0);
      expect(readFileSync(join(dir, output, "tools.ts"), "utf8")).toMatch(/limit: number/);
      await expectFresh(dir, engineId);
    },
  );

  it.each(NPM_TEST_CASE_ENGINES)(
    "on %s, a tsconfig broken mid-watch is said at file:line; once fixed, the watch goes on from what it wrote",
    async (engineId) => {
      // The first edit's cycle writes tools.ts anew (`limit`); the broken cycle reads nothing; the
      // cycle after it must still read that tools.ts.
      const dir = copyFixture("check/conforming");
      const watch = await startWatch(dir, "guidance", await engineFor(engineId));
      const server = join(dir, "src/server.ts");
      const limited = withLimit(readFileSync(server, "utf8"));
      await watch.cycleAfter(() => writeFileSync(server, limited));
      expect(watch.cycles.at(-1)?.error).toBeNull();

      const tsconfig = join(dir, "tsconfig.json");
      const good = readFileSync(tsconfig, "utf8");
      await watch.cycleAfter(() => writeFileSync(tsconfig, good.replace("{", "{\n  oops,")));
      expect(watch.cycles.at(-1)?.error).toMatch(/^tsconfig\.json:\d+: /);

      await watch.cycleAfter(() => {
        writeFileSync(tsconfig, good);
        writeFileSync(server, limited.replace('"One recipe by id"', '"One recipe, by its id"'));
      });
      expect(await watch.stop()).toBe(0);
      expect(watch.cycles.at(-1)?.error).toBeNull();
      expect(readFileSync(join(dir, output, "tools.ts"), "utf8")).toMatch(/limit: number/);
      await expectFresh(dir, engineId);
    },
  );

  itOnFullRun.each(WATCH_ENGINES)("on %s, a folder made while it watches is watched, and the tool its new file registers is generated", async (engineId) => {
    const dir = copyFixture("demo");
    const watch = await startWatch(dir, "aorp", await engineFor(engineId));
    await watch.cycleAfter(() => {
      mkdirSync(join(dir, "src/more"));
      writeFileSync(
        join(dir, "src/more/pantry.ts"),
        [
          'import { z } from "zod";',
          'import { server } from "../server.js";',
          'server.registerTool("pantry_count", { description: "How many items the pantry holds", inputSchema: { shelf: z.string() } }, async ({ shelf }) => {',
          "  const pantry = { shelf, items: shelf.length };",
          '  return { content: [{ type: "text" as const, text: JSON.stringify(pantry) }] };',
          "});",
          "",
        ].join("\n"),
      );
    });
    // An edit inside the new folder is seen too.
    const pantry = join(dir, "src/more/pantry.ts");
    await watch.cycleAfter(() => writeFileSync(pantry, readFileSync(pantry, "utf8").replace("How many items", "How many things")));
    expect(await watch.stop()).toBe(0);
    expect(watch.cycles.at(-1)?.error).toBeNull();
    expect(watch.cycles.at(-1)?.changedFiles).toEqual(["src/more/pantry.ts"]);
    expect(readFileSync(join(dir, output, "formatters", "pantry_count.ts"), "utf8")).toContain("How many things the pantry holds");
    await expectFresh(dir, engineId, "aorp");
  });

  it.skipIf(fullRun)("the CLI watches with --engine ts7, and Ctrl+C ends it and its compiler quietly (exit 0, nothing on stderr)", async () => {
    const dir = copyFixture("demo");
    const child = spawn(process.execPath, [join(repoRoot, "bin", "mcp-conform.js"), "generate", "--protocol", "aorp", "--watch", "--engine", "ts7"], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const said = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const look = () => (pattern.test(stdout) ? resolve() : undefined);
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString();
          look();
        });
        child.once("exit", () => reject(new Error(`exited before saying ${pattern}:\n${stdout}\n${stderr}`)));
        look();
      });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await said(/watching \. for changes/);
    const server = join(dir, "src/server.ts");
    writeFileSync(server, readFileSync(server, "utf8").replace(...EDIT));
    await said(/src\/server\.ts changed: regenerated in \d+ ms/);
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stderr).toBe("");
    expect(readFileSync(join(dir, output, "formatters", "get_recipe.ts"), "utf8")).toContain("The full recipe and every ingredient");
  });
});
