import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { packageRoot } from "../package-root.js";
import { compareStrings } from "../compare-strings.js";

/**
 * Prettier is the dearest step of a cold `generate` (about 1.3 ms per KiB of TypeScript), and it
 * is single-threaded. Large batches are split: one share stays on this thread, the others go to
 * worker threads, one per spare core. A batch is large by its text, not its file count: after
 * formatting once per shape (format-by-shape.ts), a cold run at 1,000 tools sends some 40 files to
 * Prettier, but four of them are aggregates of 1 MiB together. A worker's start-up (with its own
 * Prettier import, about 0.1 s) is worth it above some 100 KiB of text per share.
 */
const MIN_TEXT_PER_SHARE = 96 * 1024;
const WORKER_FILE = join(packageRoot, "dist", "write", "format-worker.js");

export type FormatJob = [path: string, source: string, options: Record<string, unknown>];

function isCloneable(options: Record<string, unknown>): boolean {
  try {
    structuredClone(options);
    return true;
  } catch {
    // Plugin objects from a prettier.config.js cannot cross to a worker.
    return false;
  }
}

/**
 * Threads for formatting by default: up to four, and none besides this one below four cores.
 * Measured on a 2-core VM: two threads formatting half a batch each took as long as one thread
 * formatting all of it (Prettier is bound by memory, and V8's collector wants a core too), and the
 * worker's start-up made a cold `generate` 0.3-0.5 s slower.
 */
export function defaultThreads(cores: number = availableParallelism()): number {
  return cores < 4 ? 1 : Math.min(cores, 4);
}

/** How many shares to split `jobs` into, at most `threads` (1 = format here only). */
export function shareCount(jobs: readonly FormatJob[], threads: number): number {
  const text = jobs.reduce((sum, [, source]) => sum + source.length, 0);
  const shares = Math.min(threads, jobs.length, Math.floor(text / MIN_TEXT_PER_SHARE));
  if (shares < 2 || !existsSync(WORKER_FILE)) return 1;
  if (!jobs.every(([, , options]) => isCloneable(options))) return 1;
  return shares;
}

/**
 * Formats `share` on a worker with the Prettier module at `prettierUrl` (the one this thread uses);
 * resolves to null when the worker fails (the caller formats it itself).
 */
export function formatOnWorker(share: readonly FormatJob[], prettierUrl: string): Promise<Map<string, string> | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_FILE);
    const finish = (value: Map<string, string> | null): void => {
      void worker.terminate();
      resolve(value);
    };
    worker.once("message", (reply: { ok: boolean; results?: [string, string][] }) => finish(reply.ok && reply.results ? new Map(reply.results) : null));
    worker.once("error", () => finish(null));
    worker.postMessage({ files: share, prettier: prettierUrl });
  });
}

/**
 * Split jobs into `count` shares of about equal text length (largest first, each to the lightest
 * share): one tools.ts or output-schemas.ts can outweigh hundreds of formatter files.
 */
export function balancedShares(jobs: readonly FormatJob[], count: number): FormatJob[][] {
  const shares = Array.from({ length: count }, () => ({ size: 0, jobs: [] as FormatJob[] }));
  for (const job of [...jobs].sort((a, b) => b[1].length - a[1].length || compareStrings(a[0], b[0]))) {
    const lightest = shares.reduce((best, share) => (share.size < best.size ? share : best));
    lightest.jobs.push(job);
    lightest.size += job[1].length;
  }
  return shares.map((share) => share.jobs);
}
