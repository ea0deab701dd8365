import { join, relative, sep } from "node:path";
import type { Engine } from "../analyze/engine/engine.js";
import { reanalyzeSession } from "../analyze/incremental.js";
import { importsMissingOutput } from "../analyze/output-imports.js";
import type { Inventory } from "../analyze/inventory.js";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import { toPosixPath } from "../analyze/paths.js";
import { watchSessions } from "../analyze/watch-sessions.js";
import { InputError } from "../errors.js";
import { type GenerateConfig, shapesAllowed } from "../generate/config.js";
import type { GenerateMemo } from "../generate/generate.js";
import { emit, mergeOutcomes } from "../emit.js";
import { createFormatter, FormatCache, WriteMemo, type WriteOutcome } from "../write/index.js";
import { nodeWriteFs } from "../write/fs.js";
import type { CommandIo } from "./command.js";
import { watchTree, type TreeWatcher } from "./watch-tree.js";

const SOURCE_FILE = /\.(c|m)?tsx?$|\.json$/;
/** Files that can change how Prettier formats the output (package.json may hold a `prettier` key). */
const FORMAT_CONFIG_FILE = /(^|[\\/])(\.prettierrc(\.[\w.]+)?|prettier\.config\.[cm]?[jt]s|\.editorconfig|package\.(json|yaml))$/;
/** Editors save in bursts (write, rename, touch): one regeneration per burst. */
const DEBOUNCE_MS = 60;

export interface WatchOptions {
  io: CommandIo;
  project: string | undefined;
  config: GenerateConfig;
  format: boolean;
  /** The analysis engine (`--engine`, or the project's TypeScript major); TypeScript 6 when not given. */
  engine?: Engine | "ts6";
  /** Stops the watcher (tests; the CLI stops on SIGINT). */
  signal?: AbortSignal;
  /** Called after every regeneration, with what it did. */
  onCycle?: (cycle: WatchCycle) => void;
}

export interface WatchCycle {
  changedFiles: string[];
  written: string[];
  deleted: string[];
  milliseconds: number;
  error: string | null;
}

/**
 * `generate --watch`: regenerate on every source change. Each cycle's project is opened from the
 * last one's compiler state (watch-sessions.ts), so only changed files are parsed and bound again
 * and the analysis of unaffected files is reused (incremental.ts); the format cache is kept in
 * memory across cycles so unchanged outputs are never re-formatted.
 */
export async function watchAndRegenerate(options: WatchOptions): Promise<number> {
  const { io, config } = options;
  const tsconfigPath = resolveTsconfigPath(options.project, io.cwd);
  const sessions = watchSessions(tsconfigPath, io.cwd, options.engine ?? "ts6");
  const session0 = sessions.first;
  const rootDir = session0.rootDir;
  const cache = options.format ? FormatCache.forProject(rootDir) : undefined;
  const outputRoot = `${config.outputDir.split("/").join(sep)}${sep}`;
  /** Keeps each output file's resolved Prettier options between cycles; replaced when a config file changes. */
  let formatter = createFormatter({ enabled: options.format, byShape: shapesAllowed(config) });
  /** The last inventory: unaffected tools are reused from it (incremental.ts). */
  let previous: Inventory | undefined;
  /** What generation reuses from the last cycle (the output schema files, while no payload changes). */
  const memo: GenerateMemo = {};
  /** What writing reuses from the last cycle (the output folder's unchanged files, read and found fresh before). */
  const writeMemo = new WriteMemo();

  const writeFor = async (inventory: Inventory): Promise<WriteOutcome> => {
    previous = inventory;
    const { outcome } = await emit(inventory, {
      projectRoot: rootDir,
      config,
      format: options.format,
      formatter,
      cache: cache ?? false,
      saveCache: false,
      memo,
      writeMemo,
    });
    sessions.wrote([...outcome.written, ...outcome.deleted, ...outcome.scaffolded].map((file) => join(rootDir, file)));
    return outcome;
  };

  const regenerate = async (changedFiles: string[]): Promise<WatchCycle> => {
    const started = performance.now();
    try {
      const session = changedFiles.length > 0 ? sessions.next(changedFiles.map((file) => join(rootDir, file))) : session0;
      const inventory = reanalyzeSession(
        session,
        io.cwd,
        previous ? { inventory: previous, changedFiles: changedFiles.map((file) => join(rootDir, file)) } : undefined,
      );
      // The first cycle settles: it analyses again once its own output is on disk, for two reasons.
      // - Like a one-shot `generate`, it may have analysed handlers whose generated imports did not
      //   exist yet (a fresh clone that git-ignores the output); the second pass sees them resolve,
      //   so what it leaves is what the next cycle would write.
      // - Files it created changed the program's file set, which would make the first edit fall back
      //   to a full analysis (about 1 s at 1,000 tools); settling pays that at start-up instead.
      const firstCycle = previous === undefined;
      const importsMissing = firstCycle && importsMissingOutput(session, join(rootDir, config.outputDir));
      let outcome = await writeFor(inventory);
      if (firstCycle && (importsMissing || outcome.written.length > 0 || outcome.deleted.length > 0)) {
        const again = await writeFor(reanalyzeSession(sessions.reload(), io.cwd, undefined));
        outcome = mergeOutcomes(outcome, again);
      }
      for (const warning of outcome.warnings) io.stderr(`${warning}\n`);
      return { changedFiles, written: outcome.written, deleted: outcome.deleted, milliseconds: performance.now() - started, error: null };
    } catch (error) {
      // In watch mode a broken edit is a message, not the end: the next save tries again.
      const message = error instanceof InputError ? error.format() : error instanceof Error ? error.message : String(error);
      return { changedFiles, written: [], deleted: [], milliseconds: performance.now() - started, error: message };
    }
  };

  const report = (cycle: WatchCycle): void => {
    const what = cycle.changedFiles.length > 0 ? `${cycle.changedFiles.join(", ")} changed: ` : "";
    if (cycle.error) io.stderr(`${what}${cycle.error}\n`);
    else
      io.stdout(
        `${what}regenerated in ${Math.round(cycle.milliseconds)} ms, ${cycle.written.length} file${cycle.written.length === 1 ? "" : "s"} written${cycle.deleted.length > 0 ? `, ${cycle.deleted.length} deleted` : ""}${cycle.written.length > 0 ? ` (${cycle.written.join(", ")})` : ""}\n`,
      );
    options.onCycle?.(cycle);
  };
  /** After a cycle is reported, before the next one starts: the output is on disk before the cache is. */
  const saveCache = (): Promise<void> => cache?.save(nodeWriteFs) ?? Promise.resolve();

  report(await regenerate([]));

  return new Promise<number>((resolvePromise) => {
    const pending = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    // Cycles run one after the other, each followed by its cache save; the first cycle's save comes first.
    let running = saveCache();
    let watcher: TreeWatcher;
    const flush = (): void => {
      const changed = [...pending].sort();
      pending.clear();
      running = running.then(async () => {
        report(await regenerate(changed));
        await saveCache();
      });
    };
    try {
      // Dependencies, dot-folders and our own output are not watched at all.
      const unwatched = (dir: string): boolean =>
        `${dir}${sep}`.startsWith(outputRoot) || dir.split(sep).some((part) => part === "node_modules" || part.startsWith("."));
      watcher = watchTree(rootDir, unwatched, (file) => {
        // A changed Prettier or EditorConfig file applies from the next cycle on (a config edit alone
        // does not regenerate: the output is formatted the new way when the sources next change).
        if (FORMAT_CONFIG_FILE.test(file)) formatter = createFormatter({ enabled: options.format, byShape: shapesAllowed(config) });
        // Our own output and dependencies never trigger a cycle.
        if (file.startsWith(outputRoot) || file.split(sep).includes("node_modules") || file.split(sep).some((part) => part.startsWith("."))) return;
        if (!SOURCE_FILE.test(file)) return;
        pending.add(toPosixPath(relative(rootDir, `${rootDir}${sep}${file}`)));
        clearTimeout(timer);
        timer = setTimeout(flush, DEBOUNCE_MS);
      });
    } catch (error) {
      sessions.close();
      throw new InputError(`cannot watch ${rootDir}: ${error instanceof Error ? error.message : String(error)}`);
    }
    io.stdout(`watching ${toPosixPath(relative(io.cwd, rootDir)) || "."} for changes… (Ctrl+C stops)\n`);
    const stop = (): void => {
      clearTimeout(timer);
      watcher.close();
      void running.then(() => {
        sessions.close();
        resolvePromise(0);
      });
    };
    options.signal?.addEventListener("abort", stop, { once: true });
    if (!options.signal) process.once("SIGINT", stop);
  });
}
