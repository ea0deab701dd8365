import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import type { Inventory } from "../../src/analyze/inventory.js";
import { compareOutput, findStaleOutput, prepareOutputComparison, readDiskTokensAhead } from "../../src/check/generated-output.js";
import {
  MIN_TOOLS_FOR_A_WORKER,
  staleSearchOnWorker,
  startStaleOutputSearch,
  toolsOnDisk,
  type StaleOutputTarget,
} from "../../src/check/stale-output-search.js";
import { InputError } from "../../src/errors.js";
import { isGeneratedFile } from "../../src/write/header.js";
import { runStatePath } from "../../src/incremental/run-state.js";
import { writeSyntheticServer } from "../../bench/synthetic-server.js";
import { runCli } from "../helpers/run-cli.js";
import { cleanScratch, copyFixture, scratchDir } from "./helpers.js";

afterAll(cleanScratch);

/** A formatted generate, its record removed (a fresh clone in CI), and one generated file edited by hand. */
async function projectWithStaleOutput(): Promise<StaleOutputTarget & { inventory: Inventory }> {
  const dir = copyFixture("check/conforming");
  expect((await runCli(["generate"], { cwd: dir })).exitCode).toBe(0);
  rmSync(runStatePath(dir, join(dir, "tsconfig.json"))!);
  const warnings = join(dir, "src/generated/mcp-conform/warnings.ts");
  writeFileSync(warnings, readFileSync(warnings, "utf8").replace("do not edit", "do NOT edit"));
  const { inventory, session } = analyze({ project: dir, cwd: dir });
  session.close();
  return {
    projectRoot: dir,
    tsconfigPath: join(dir, "tsconfig.json"),
    inventory,
    config: { protocol: "guidance", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
    engine: "ts6",
  };
}

describe("the comparison of the output on disk, beside check", () => {
  it("takes a worker with a second core and enough tools for its start to pay", () => {
    expect(staleSearchOnWorker(MIN_TOOLS_FOR_A_WORKER, 2)).toBe(true);
    expect(staleSearchOnWorker(MIN_TOOLS_FOR_A_WORKER - 1, 2)).toBe(false);
    expect(staleSearchOnWorker(1_000, 1)).toBe(false);
  });

  it("runs on a worker thread with a second core and enough tools, and finds what findStaleOutput finds", async () => {
    const request = await projectWithStaleOutput();
    const expected = await findStaleOutput(request.projectRoot, request.tsconfigPath, request.inventory, request.config);
    expect(expected).toEqual([{ path: "src/generated/mcp-conform/warnings.ts", kind: "changed" }]);

    // Started before the analysis (check's order), given the inventory after.
    const search = startStaleOutputSearch(request, true);
    expect(search.onWorker).toBe(true);
    search.compare(request.inventory);
    expect(await search.result()).toEqual(expected);

    const alone = startStaleOutputSearch(request, false);
    expect(alone.onWorker).toBe(false);
    alone.compare(request.inventory);
    expect(await alone.result()).toEqual(expected);
  });

  it("reads the output folder before it has the inventory, and compares against what it read", async () => {
    const request = await projectWithStaleOutput();
    const prepared = await prepareOutputComparison(request.projectRoot, request.tsconfigPath, request.config);
    // Mended after the folder was read: the comparison is of the folder as the run found it, when the analysis read it too.
    const warnings = join(request.projectRoot, "src/generated/mcp-conform/warnings.ts");
    writeFileSync(warnings, readFileSync(warnings, "utf8").replace("do NOT edit", "do not edit"));
    expect(await compareOutput(prepared, request.inventory)).toEqual([{ path: "src/generated/mcp-conform/warnings.ts", kind: "changed" }]);
    expect(await findStaleOutput(request.projectRoot, request.tsconfigPath, request.inventory, request.config)).toEqual([]);
  });

  it("reads the generated files on disk into their layout tokens while it waits, stops when told, and compares with them", async () => {
    const request = await projectWithStaleOutput();
    const prepared = await prepareOutputComparison(request.projectRoot, request.tsconfigPath, request.config);
    if (prepared.fresh) throw new Error("the record was removed: the comparison must read the folder");
    const generatedOnDisk = [...prepared.disk.files].filter(([path, content]) => path.endsWith(".ts") && isGeneratedFile(content));
    expect(generatedOnDisk.length).toBeGreaterThan(3);

    // Told to stop at once (the inventory came first): nothing is read ahead, and the answer is the same.
    await readDiskTokensAhead(prepared, () => true);
    expect(prepared.diskTokens.size).toBe(0);

    await readDiskTokensAhead(prepared, () => false);
    expect(prepared.diskTokens.size).toBe(generatedOnDisk.length);
    for (const [, content] of generatedOnDisk) expect(prepared.diskTokens.has(content)).toBe(true);
    // The comparison finds the disk's half there (and has no other file on disk to read).
    expect(await compareOutput(prepared, request.inventory)).toEqual([{ path: "src/generated/mcp-conform/warnings.ts", kind: "changed" }]);
    expect(prepared.diskTokens.size).toBe(generatedOnDisk.length);

    // Without reading ahead, the comparison reads the disk's half itself, into the memo.
    const unread = await prepareOutputComparison(request.projectRoot, request.tsconfigPath, request.config);
    if (unread.fresh) throw new Error("unreachable");
    expect(await compareOutput(unread, request.inventory)).toEqual([{ path: "src/generated/mcp-conform/warnings.ts", kind: "changed" }]);
    expect(unread.diskTokens.size).toBeGreaterThan(0);
  });

  it("chooses the worker by the tools the output on disk was generated for, known before the analysis", async () => {
    const request = await projectWithStaleOutput();
    expect(toolsOnDisk(request)).toBe(request.inventory.tools.length);
    expect(toolsOnDisk({ ...request, config: { ...request.config, outputDir: "src/not-generated" } })).toBe(0);
    const search = startStaleOutputSearch(request);
    expect(search.onWorker).toBe(false);
    search.cancel();
  });

  it("a comparison that fails on the worker fails here, with the error of this thread", async () => {
    const request = await projectWithStaleOutput();
    // Prettier runs for the edited file, and cannot read this configuration.
    writeFileSync(join(request.projectRoot, ".prettierrc"), "{ not json");
    const search = startStaleOutputSearch(request, true);
    expect(search.onWorker).toBe(true);
    search.compare(request.inventory);
    const failure = await search.result().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(InputError);
    expect((failure as Error).message).toContain("cannot read the Prettier configuration");
  });

  it("check of a server with enough tools for the worker still says which generated file is stale", async () => {
    const dir = scratchDir();
    const { tools } = writeSyntheticServer(dir, { tools: MIN_TOOLS_FOR_A_WORKER + 10, seed: 5, shape: "json-zod" });
    expect((await runCli(["generate", "--protocol", "aorp", "--no-format"], { cwd: dir })).exitCode).toBe(0);
    rmSync(runStatePath(dir, join(dir, "tsconfig.json"))!);
    const warnings = join(dir, "src/generated/mcp-conform/warnings.ts");
    writeFileSync(warnings, `${readFileSync(warnings, "utf8")}// a hand edit\n`);
    const target: StaleOutputTarget = {
      projectRoot: dir,
      tsconfigPath: join(dir, "tsconfig.json"),
      config: { protocol: "aorp", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
      engine: "ts6",
    };
    expect(toolsOnDisk(target)).toBe(tools.length);
    const search = startStaleOutputSearch(target);
    expect(search.onWorker).toBe(staleSearchOnWorker(tools.length));
    search.cancel();
    const run = await runCli(["check", "--protocol", "aorp", "--format", "json"], { cwd: dir });
    // The synthetic handlers build their results by hand: every tool fails, and the note names the edited file.
    expect(run.exitCode).toBe(1);
    expect((JSON.parse(run.stdout) as { tools: unknown[] }).tools).toHaveLength(tools.length);
    expect(run.stderr).toContain("note: the generated output is stale: run mcp-conform generate (1 file differs");
    expect(run.stderr).toContain("  src/generated/mcp-conform/warnings.ts (differs)");
  });
});
