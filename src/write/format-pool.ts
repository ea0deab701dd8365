import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { packageRoot } from "../package-root.js";

/**
 * Prettier is the dearest step of a cold `generate` (about 3 ms a file; 1,000 tools make 1,000+
 * files), and it is single-threaded. Large batches are split: one share stays on this thread, the
 * others go to worker threads, one per spare core. Small batches are not worth a worker's start-up.
 */
const MIN_FILES_FOR_WORKERS = 48;
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

/** How many shares to split `jobs` into (1 = format here only). */
export function shareCount(jobs: readonly FormatJob[]): number {
  if (jobs.length < MIN_FILES_FOR_WORKERS || !existsSync(WORKER_FILE)) return 1;
  if (!jobs.every(([, , options]) => isCloneable(options))) return 1;
  return Math.max(1, Math.min(availableParallelism(), 4, Math.floor(jobs.length / (MIN_FILES_FOR_WORKERS / 2))));
}

/** Formats `share` on a worker; resolves to null when the worker fails (the caller formats it itself). */
export function formatOnWorker(share: readonly FormatJob[]): Promise<Map<string, string> | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_FILE);
    const finish = (value: Map<string, string> | null): void => {
      void worker.terminate();
      resolve(value);
    };
    worker.once("message", (reply: { ok: boolean; results?: [string, string][] }) => finish(reply.ok && reply.results ? new Map(reply.results) : null));
    worker.once("error", () => finish(null));
    worker.postMessage({ files: share });
  });
}

/**
 * Split jobs into `count` shares of about equal text length (largest first, each to the lightest
 * share): one tools.ts or output-schemas.ts can outweigh hundreds of formatter files.
 */
export function balancedShares(jobs: readonly FormatJob[], count: number): FormatJob[][] {
  const shares = Array.from({ length: count }, () => ({ size: 0, jobs: [] as FormatJob[] }));
  for (const job of [...jobs].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))) {
    const lightest = shares.reduce((best, share) => (share.size < best.size ? share : best));
    lightest.jobs.push(job);
    lightest.size += job[1].length;
  }
  return shares.map((share) => share.jobs);
}
