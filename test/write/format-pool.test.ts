import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { createFormatter } from "../../src/write/format.js";
import { balancedShares, defaultThreads, type FormatJob, shareCount } from "../../src/write/format-pool.js";
import { repoRoot } from "../helpers/fixtures.js";

/** Large batches are split across worker threads; the result must be exactly what one thread gives. */
describe("Prettier over worker threads", () => {
  const files = new Map<string, string>();
  // About 300 KiB in 120 files of different shapes (the string's width differs), so that formatting
  // once per shape does not shrink the batch: it goes to Prettier whole, and split.
  for (let i = 0; i < 120; i++) {
    files.set(
      join(repoRoot, ".tmp", "pool", `formatter_${i}.ts`),
      `export function format_${i}(payload:{a:number,b:string},parts:{ok:boolean}){return {content:[{type:"text",text:JSON.stringify({payload,parts,index:${i}})}],structuredContent:{payload,index:${i},note:"${"n".repeat(2400 + i)}"}}}\n`,
    );
  }

  it("splits a batch with enough text only, and only when there is a spare core", () => {
    const jobs: FormatJob[] = [...files].map(([path, source]) => [path, source, { parser: "typescript" }]);
    expect(shareCount(jobs.slice(0, 30), 4)).toBe(1);
    expect(shareCount(jobs, 4)).toBe(3);
    expect(shareCount(jobs, 2)).toBe(2);
    expect(shareCount(jobs, 1)).toBe(1);
    // Many small files are not worth a worker either.
    expect(
      shareCount(
        jobs.map(([path, , options]): FormatJob => [path, "export const a = 1;\n", options]),
        4,
      ),
    ).toBe(1);
    // By default, below four cores, this thread formats alone (measured: a second one gains nothing on two).
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultThreads(cores))).toEqual([1, 1, 1, 4, 4, 4]);
    // Options that cannot cross to a worker (plugin objects) keep the batch on this thread.
    expect(
      shareCount(
        jobs.map(([path, source]) => [path, source, { parser: "typescript", plugins: [{ parse: () => null }] }]),
        4,
      ),
    ).toBe(1);
  });

  it("balances shares by text length, every job in exactly one share", () => {
    const jobs: FormatJob[] = [["big.ts", "x".repeat(1000), {}], ...Array.from({ length: 10 }, (_, i): FormatJob => [`small_${i}.ts`, "x".repeat(100), {}])];
    const shares = balancedShares(jobs, 2);
    expect(
      shares
        .flat()
        .map((job) => job[0])
        .sort(),
    ).toEqual(jobs.map((job) => job[0]).sort());
    expect(shares.map((share) => share.reduce((sum, job) => sum + job[1].length, 0))).toEqual([1000, 1000]);
  });

  it("formats every file exactly as a single thread would, on two threads", async () => {
    const formatted = await createFormatter({ enabled: true, threads: 2 }).format(files);
    expect([...formatted.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [path, source] of files) {
      expect(formatted.get(path)).toBe(await prettier.format(source, { parser: "typescript", filepath: path }));
    }
  });
});
