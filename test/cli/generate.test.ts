import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { startWatch } from "../helpers/watch.js";

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function copyFixture(name: string): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "generate-"));
  scratch.push(parent);
  const dir = join(parent, "project");
  cpSync(join(fixturesRoot, name), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  return dir;
}

const output = "src/generated/mcp-conform";

describe("mcp-conform generate", () => {
  it("writes, then writes nothing, then is fresh under --check, then stale after a hand edit", async () => {
    const dir = copyFixture("demo");
    const first = await runCli(["generate", "--protocol", "aorp"], { cwd: dir });
    expect(first.stderr).toBe("");
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/wrote \d+ files/);
    expect(readFileSync(join(dir, output, "tools.ts"), "utf8")).toContain('| "get_recipe"');

    const second = await runCli(["generate", "--protocol", "aorp"], { cwd: dir });
    expect(second.stdout).toContain("nothing changed: 0 files written");

    const fresh = await runCli(["generate", "--protocol", "aorp", "--check"], { cwd: dir });
    expect(fresh.exitCode).toBe(0);

    const formatter = join(dir, output, "formatters/get_recipe.ts");
    writeFileSync(formatter, readFileSync(formatter, "utf8").replace("formatGetRecipe(", "formatGetRecipeEdited("));
    const stale = await runCli(["generate", "--protocol", "aorp", "--check"], { cwd: dir });
    expect(stale.exitCode).toBe(1);
    expect(stale.stdout).toContain(`--- a/${output}/formatters/get_recipe.ts`);
    expect(stale.stdout).toContain("-export function formatGetRecipeEdited(");
  });

  it("skips a run whose inputs and output are unchanged, and only such a run", async () => {
    const dir = copyFixture("orchestrator");
    const args = ["generate", "--protocol", "guidance"];
    expect((await runCli(args, { cwd: dir })).exitCode).toBe(0);
    const skipped = await runCli(args, { cwd: dir });
    expect(skipped.stdout).toContain("(inputs unchanged since the last run)");

    // A source edit runs the whole pipeline again.
    const tasks = join(dir, "src/tools/tasks.ts");
    writeFileSync(tasks, `${readFileSync(tasks, "utf8")}\n// edited\n`);
    const afterEdit = await runCli(args, { cwd: dir });
    expect(afterEdit.stdout).not.toContain("inputs unchanged");
    expect(afterEdit.stdout).toContain("nothing changed: 0 files written");

    // So does a hand edit of a generated file, which is then put back.
    const tools = join(dir, output, "tools.ts");
    const generatedTools = readFileSync(tools, "utf8");
    writeFileSync(tools, `${generatedTools}// hand edit\n`);
    const restored = await runCli(args, { cwd: dir });
    expect(restored.stdout).toMatch(/wrote 1 file/);
    expect(readFileSync(tools, "utf8")).toBe(generatedTools);

    // A deleted stub is scaffolded again; a file of the user's in the output folder is still refused.
    rmSync(join(dir, "src/guidance/create_real_task.ts"));
    expect((await runCli(args, { cwd: dir })).stdout).not.toContain("inputs unchanged");
    expect(existsSync(join(dir, "src/guidance/create_real_task.ts"))).toBe(true);
    writeFileSync(join(dir, output, "mine.ts"), "export {};\n");
    const refused = await runCli(args, { cwd: dir });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("mine.ts");
  });

  it("takes the protocol and options from mcp-conform.config.json", async () => {
    const dir = copyFixture("orchestrator");
    writeFileSync(
      join(dir, "mcp-conform.config.json"),
      JSON.stringify({ protocol: "smart-v2", guidance: true, output: { dir: "src/gen", guidanceDir: "src/gd" } }),
    );
    const run = await runCli(["generate"], { cwd: dir });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(dir, "src/gen/runtime/smart-v2.ts"))).toBe(true);
    expect(existsSync(join(dir, "src/gen/runtime/guidance.ts"))).toBe(true);
    expect(existsSync(join(dir, "src/gd/create_real_task.ts"))).toBe(true);
  });

  it("refuses to touch a file it did not generate, and writes nothing", async () => {
    const dir = copyFixture("demo");
    mkdirSync(join(dir, output), { recursive: true });
    writeFileSync(join(dir, output, "notes.ts"), "export const mine = 1;\n");
    const run = await runCli(["generate", "--protocol", "aorp"], { cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("notes.ts");
    expect(readFileSync(join(dir, output, "notes.ts"), "utf8")).toBe("export const mine = 1;\n");
    expect(existsSync(join(dir, output, "tools.ts"))).toBe(false);
  });

  it("needs a protocol, rejects --check with --watch, and generates past unresolvable names with a warning", async () => {
    const dir = copyFixture("demo");
    const none = await runCli(["generate"], { cwd: dir });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("no protocol chosen");
    const both = await runCli(["generate", "--protocol", "aop", "--check", "--watch"], { cwd: dir });
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain("--check and --watch do not go together");
    // A name known only at run time is a warning (MCPA002): the tools that can be named are generated for.
    const unresolved = copyFixture("styles/unresolved-name");
    const generated = await runCli(["generate", "--protocol", "aorp", "--no-format"], { cwd: unresolved });
    expect(generated.exitCode).toBe(0);
    expect(generated.stderr).toMatch(/src\/server\.ts:15: warning MCPA002/);
    expect(existsSync(join(unresolved, output, "formatters", "status.ts"))).toBe(true);
  });

  it("--watch formats with a Prettier config that changed while it ran", async () => {
    const dir = copyFixture("demo");
    const watch = await startWatch(dir, "aorp");
    const tools = join(dir, output, "tools.ts");
    expect(readFileSync(tools, "utf8")).toMatch(/;\n/);
    // Once the first cycle is done and the watcher is on, it says that it waits.
    await new Promise((resolve) => setImmediate(resolve));
    expect(watch.said.at(-1)).toBe("watching . for changes… (Ctrl+C stops)\n");

    // The formatter kept each file's resolved options; the new config must replace them.
    writeFileSync(join(dir, ".prettierrc"), JSON.stringify({ semi: false }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const server = join(dir, "src/server.ts");
    await watch.cycleAfter(() =>
      writeFileSync(server, readFileSync(server, "utf8").replace('"The full recipe, with its ingredients"', '"The full recipe and every ingredient"')),
    );
    expect(await watch.stop()).toBe(0);
    expect(watch.cycles.at(-1)?.error).toBeNull();
    // tools.ts did not change with the edit: it was formatted again because the config did.
    expect(watch.cycles.at(-1)?.written).toContain(`${output}/tools.ts`);
    expect(readFileSync(tools, "utf8")).not.toMatch(/;\n/);
  });

  it("--watch saves the format cache after it has reported a cycle, and before the next one and its own stop", async () => {
    const dir = copyFixture("demo");
    // The project's own node_modules holds its cache (FormatCache.forProject); imports still resolve above it.
    mkdirSync(join(dir, "node_modules"));
    const cacheFile = join(dir, "node_modules", ".cache", "mcp-conform", "format-cache.json");
    const entries = () => Object.keys((JSON.parse(readFileSync(cacheFile, "utf8")) as { entries: object }).entries).length;
    const cacheAtReport: (number | null)[] = [];
    const { watchAndRegenerate } = await import("../../src/commands/watch.js");
    const controller = new AbortController();
    let wake: () => void = () => {};
    const io = { stdout: () => {}, stderr: () => {}, readStdin: async () => "", cwd: dir, isTTY: false, env: {} };
    const watching = watchAndRegenerate({
      io,
      project: undefined,
      config: { protocol: "aorp", guidance: false, outputDir: output, guidanceDir: "src/guidance" },
      format: true,
      signal: controller.signal,
      onCycle: () => {
        cacheAtReport.push(existsSync(cacheFile) ? entries() : null);
        wake();
      },
    });
    const next = () => new Promise<void>((resolve) => (wake = resolve));
    while (cacheAtReport.length === 0) await next();
    // Saved while it waits for the next change.
    while (!existsSync(cacheFile)) await new Promise((resolve) => setTimeout(resolve, 10));
    const afterStart = entries();
    const server = join(dir, "src/server.ts");
    const cycle = next();
    writeFileSync(server, readFileSync(server, "utf8").replace('"The full recipe, with its ingredients"', '"The full recipe and every ingredient"'));
    await cycle;
    controller.abort();
    expect(await watching).toBe(0);
    // Reported before the cache was on disk; saved before the next cycle (which found it there) and before the watcher stopped.
    expect(cacheAtReport[0]).toBeNull();
    expect(afterStart).toBeGreaterThan(0);
    expect(cacheAtReport[1]).toBe(afterStart);
    expect(entries()).toBeGreaterThanOrEqual(afterStart);
  });
});
