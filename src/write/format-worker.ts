/**
 * A Prettier worker: formats the share of a batch it is sent and answers with the results.
 * Imported by `format-pool.ts` from the compiled `dist/`; it imports Prettier once per worker.
 */
import { parentPort } from "node:worker_threads";

interface Job {
  files: [string, string, Record<string, unknown>][];
}

parentPort?.on("message", async (job: Job) => {
  try {
    const prettier = await import("prettier");
    const results: [string, string][] = [];
    for (const [path, source, options] of job.files) results.push([path, await prettier.format(source, { ...options, filepath: path })]);
    parentPort?.postMessage({ ok: true, results });
  } catch (error) {
    // The main thread formats the share again itself, to report the error with its full context.
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
