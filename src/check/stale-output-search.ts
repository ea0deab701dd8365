import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { Inventory } from "../analyze/inventory.js";
import type { GenerateConfig } from "../generate/config.js";
import { packageRoot } from "../package-root.js";
import { findStaleOutput, type StaleOutputFile } from "./generated-output.js";
import type { EngineId } from "../analyze/engine/engine.js";
import { loadEngine } from "../analyze/engine/select.js";
import { tsconfigReaderFor, type TsconfigReader } from "../incremental/tsconfig-inputs.js";

/** Where the comparison of the output on disk looks: plain data, cloned to the worker. */
export interface StaleOutputTarget {
  projectRoot: string;
  tsconfigPath: string;
  config: GenerateConfig;
  /**
   * The analysis engine's compiler, which reads the tsconfig when the record of the last generate
   * is checked: on TypeScript 7, TypeScript 7 (a run on it loads no TypeScript 6, the worker's
   * part included).
   */
  engine: EngineId;
}

export interface StaleOutputSearch {
  /** Gives the search the inventory it compares against (once the analysis is done). */
  compare(inventory: Inventory): void;
  /** The stale files, as `findStaleOutput` finds them. */
  result(): Promise<StaleOutputFile[]>;
  /** Stops a search whose result is not wanted (the check failed before it). */
  cancel(): void;
  /** Whether it runs on a worker thread (else on this one, when `result()` is called). */
  readonly onWorker: boolean;
}

const WORKER_FILE = join(packageRoot, "dist", "check", "stale-output-worker.js");

/**
 * Below this many tools the comparison is cheaper than a worker's start (its own module loading,
 * about 0.2 s of the other core): measured on `fixtures/check/conforming` (2 tools), a worker made
 * `check` 40 ms slower; at 100 tools it made it 10% faster on TypeScript 7 (1.86 -> 1.68 s).
 */
export const MIN_TOOLS_FOR_A_WORKER = 50;

/** Whether the comparison is worth a worker thread: a second core, and enough tools. */
export function staleSearchOnWorker(tools: number, cores: number = availableParallelism()): boolean {
  return cores >= 2 && tools >= MIN_TOOLS_FOR_A_WORKER;
}

/**
 * How many tools the output on disk was generated for (its formatter modules): known before the
 * analysis, which is when the worker starts.
 */
export function toolsOnDisk(target: Pick<StaleOutputTarget, "projectRoot" | "config">): number {
  try {
    return readdirSync(join(target.projectRoot, target.config.outputDir, "formatters")).filter((name) => name.endsWith(".ts")).length;
  } catch {
    return 0;
  }
}

/**
 * Starts comparing the generated output on disk with what `generate` would write now, before the
 * analysis: on a worker thread, the worker loads its modules and reads the output folder while
 * this thread analyses, and compares once `compare` hands it the inventory, while this thread
 * checks the tools (on TypeScript 7 this thread mostly waits for the compiler's answers). At 1,000
 * tools the comparison (generating the output, comparing it modulo layout) is about 1.3 s, a fifth
 * of a cold `check` on TypeScript 7 (7.8 -> 6.7 s with the worker; TypeScript 6, whose collector
 * already keeps the second core busy, 8.4 -> 8.0 s); started after the analysis, its module
 * loading and reading were 0.6 s of the main thread's wait for it. Else, and without the build
 * (the worker runs the compiled `dist/`), it runs on this thread when its result is asked for.
 */
export function startStaleOutputSearch(target: StaleOutputTarget, onWorker: boolean = staleSearchOnWorker(toolsOnDisk(target))): StaleOutputSearch {
  let inventory: Inventory | undefined;
  const here = async (): Promise<StaleOutputFile[]> => {
    if (!inventory) throw new Error("internal: the stale output search was given no inventory");
    return findStaleOutput(target.projectRoot, target.tsconfigPath, inventory, target.config, await tsconfigReaderOf(target));
  };
  const onThisThread = (): StaleOutputSearch => ({ compare: (given) => void (inventory = given), result: here, cancel: () => {}, onWorker: false });
  if (!onWorker || !existsSync(WORKER_FILE)) return onThisThread();
  let worker: Worker;
  try {
    worker = new Worker(WORKER_FILE, { workerData: target });
  } catch {
    // The target cannot be cloned to a worker.
    return onThisThread();
  }
  let resolveAnswer: (stale: StaleOutputFile[] | null) => void = () => {};
  const answer = new Promise<StaleOutputFile[] | null>((resolve) => (resolveAnswer = resolve));
  worker.once("message", (reply: { ok: boolean; stale?: StaleOutputFile[] }) => resolveAnswer(reply.ok && reply.stale ? reply.stale : null));
  worker.once("error", () => resolveAnswer(null));
  worker.once("exit", () => resolveAnswer(null));
  return {
    compare: (given) => {
      inventory = given;
      try {
        worker.postMessage(given);
      } catch {
        // Not cloneable: the comparison runs here.
        resolveAnswer(null);
      }
    },
    // A worker that failed: the comparison again here, which throws the error with its context.
    result: async () => {
      const stale = await answer;
      void worker.terminate();
      return stale ?? here();
    },
    cancel: () => void worker.terminate(),
    onWorker: true,
  };
}

/** How the engine `target` names reads a tsconfig (tsconfig-inputs.ts). */
export async function tsconfigReaderOf(target: Pick<StaleOutputTarget, "engine" | "projectRoot">): Promise<TsconfigReader> {
  return tsconfigReaderFor(target.engine === "ts7" ? await loadEngine("ts7", target.projectRoot) : "ts6");
}
