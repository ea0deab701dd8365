/**
 * A Prettier worker: formats the share of a batch it is sent and answers with the results.
 * Imported by `format-pool.ts` from the compiled `dist/`; it imports Prettier once per worker.
 */
import { parentPort } from "node:worker_threads";

interface Job {
  files: [string, string, Record<string, unknown>][];
  /** The Prettier module the main thread formats with (the project's own, or mcp-conform's). */
  prettier: string;
}

parentPort?.on("message", async (job: Job) => {
  try {
    const module = (await import(job.prettier)) as { format?: unknown; default?: unknown };
    const prettier = (typeof module.format === "function" ? module : module.default) as {
      format(source: string, options: Record<string, unknown>): Promise<string>;
    };
    const results: [string, string][] = [];
    for (const [path, source, options] of job.files) results.push([path, await prettier.format(source, { ...options, filepath: path })]);
    parentPort?.postMessage({ ok: true, results });
  } catch (error) {
    // The main thread formats the share again itself, to report the error with its full context.
    parentPort?.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});
