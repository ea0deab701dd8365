/**
 * From generated files in memory to the disk: format with the user's Prettier config, compare,
 * then write atomically (or, with `--check`, only report). See plan.ts, apply.ts and format.ts
 * for the decisions.
 */
import { isAbsolute, resolve } from "node:path";
import { applyPlan } from "./apply.js";
import { checkPlan, type StaleFile } from "./check.js";
import { FormatCache } from "./format-cache.js";
import { createFormatter, type Formatter, type LoadPrettier } from "./format.js";
import { nodeWriteFs, type WriteFs } from "./fs.js";
import type { WriteMemo } from "./memo.js";
import { planOutput } from "./plan.js";

export { generatedHeader, generatedJsonComment, scaffoldHeader, isGeneratedFile, isScaffoldedFile, isUnfilled, countUnfilled } from "./header.js";
export { GENERATED_MARKER, SCAFFOLD_MARKER, UNFILLED_MARKER } from "./header.js";
export type { StaleFile, StaleKind } from "./check.js";
export type { WriteFs } from "./fs.js";
export type { Formatter, PrettierApi, LoadPrettier, LoadedPrettier } from "./format.js";
export { createFormatter } from "./format.js";
export { FormatCache } from "./format-cache.js";
export { WriteMemo } from "./memo.js";

export interface WriteOptions {
  /** Absolute; paths in results and errors are relative to it. */
  projectRoot: string;
  /** The output folder, absolute or relative to `projectRoot`. */
  outputDir: string;
  /** Generated files, keyed by path relative to `outputDir` (`/` separators). */
  generated: ReadonlyMap<string, string>;
  /** Scaffolded stubs, keyed by path relative to `projectRoot`; written only when absent. */
  scaffolded: ReadonlyMap<string, string>;
  /** Run Prettier (false for `--no-format`). */
  format: boolean;
  /** Derive files of one shape from one Prettier run (see `FormatterOptions.byShape`); default: yes. */
  formatByShape?: boolean;
  mode: "write" | "check";
  /**
   * Remembers formatting results between runs so an unchanged run formats nothing.
   * Default: `node_modules/.cache/mcp-conform/` above the project, none when there is no
   * `node_modules`; `false` disables it. Pass one instance across `--watch` runs if you like.
   * `check` reads it but never writes it.
   */
  cache?: FormatCache | false;
  /**
   * Save the format cache once written (default: yes). `--watch` saves it itself, after it has
   * reported the cycle: the cache is for the next run, and saving it (a thousand entries, sorted
   * and written) is no part of getting the output onto the disk.
   */
  saveCache?: boolean;
  /**
   * The formatter to use, with the Prettier options it resolved before: `--watch` keeps one across
   * cycles (and replaces it when a Prettier or EditorConfig file changes), so an unchanged output
   * does not resolve the configuration of a thousand files again. Default: a new one.
   */
  formatter?: Formatter;
  /** Kept across `--watch` cycles: spares reading and hashing again what cannot have changed (memo.ts). */
  memo?: WriteMemo;
  /** For tests: the file system and the Prettier import. */
  fs?: WriteFs;
  loadPrettier?: LoadPrettier;
}

export interface WriteOutcome {
  mode: "write";
  /** All paths are relative to the project root, sorted. */
  written: string[];
  unchanged: string[];
  deleted: string[];
  scaffolded: string[];
  /** What formatting had to work around (a failing Prettier plugin...), one line each, for stderr. */
  warnings: string[];
  summary(): string;
}

export interface CheckOutcome {
  mode: "check";
  /** Everything `generate` would change, with a unified diff each; empty when fresh. */
  stale: StaleFile[];
  /** Generated files that are up to date. */
  fresh: string[];
  /** As for a write. */
  warnings: string[];
  /** One line: how many files are stale, or that everything is fresh. */
  summary(): string;
  /** The stale files and their diffs, for printing. */
  report(): string;
}

export type OutputResult = WriteOutcome | CheckOutcome;

export async function writeGeneratedOutput(options: WriteOptions & { mode: "write" }): Promise<WriteOutcome>;
export async function writeGeneratedOutput(options: WriteOptions & { mode: "check" }): Promise<CheckOutcome>;
export async function writeGeneratedOutput(options: WriteOptions): Promise<OutputResult>;
export async function writeGeneratedOutput(options: WriteOptions): Promise<OutputResult> {
  const memo = options.memo;
  const fs = memo ? memo.fs(options.fs ?? nodeWriteFs) : (options.fs ?? nodeWriteFs);
  const projectRoot = resolve(options.projectRoot);
  const outputDir = isAbsolute(options.outputDir) ? resolve(options.outputDir) : resolve(projectRoot, options.outputDir);
  const formatter =
    options.formatter ??
    createFormatter({
      enabled: options.format,
      byShape: options.formatByShape ?? true,
      ...(options.loadPrettier ? { loadPrettier: options.loadPrettier } : {}),
    });
  const cache = !options.format || options.cache === false ? undefined : (options.cache ?? FormatCache.forProject(projectRoot));
  // Kept in memory across `--watch` cycles once loaded.
  if (!memo?.formatCacheLoaded) await cache?.load(fs);
  if (memo && cache) memo.formatCacheLoaded = true;

  const plan = await planOutput({ projectRoot, outputDir, generated: options.generated, scaffolded: options.scaffolded, formatter, cache, fs, memo });
  const warnings = formatter.takeWarnings();

  if (options.mode === "check") {
    const stale = checkPlan(plan);
    return {
      mode: "check",
      stale,
      fresh: plan.unchanged,
      warnings,
      summary: () =>
        stale.length === 0
          ? `generated output is fresh: ${count(plan.unchanged.length, "file")} up to date`
          : `generated output is stale: ${count(stale.length, "file")} would change (${stale.map((file) => file.path).join(", ")})`,
      report: () => stale.map((file) => `${file.path} (${file.kind})\n${file.diff}`).join("\n"),
    };
  }

  const applied = await applyPlan(plan, fs);
  plan.written?.();
  if (options.saveCache !== false) await cache?.save(fs);
  const outcome = { mode: "write" as const, ...applied, unchanged: plan.unchanged, warnings };
  return {
    ...outcome,
    summary: () => {
      const changes = outcome.written.length + outcome.deleted.length + outcome.scaffolded.length;
      if (changes === 0) return `nothing changed: 0 files written, ${outcome.unchanged.length} unchanged`;
      const parts = [`wrote ${count(outcome.written.length, "file")}`, `${outcome.unchanged.length} unchanged`];
      if (outcome.deleted.length > 0) parts.push(`deleted ${outcome.deleted.length}`);
      if (outcome.scaffolded.length > 0) parts.push(`scaffolded ${outcome.scaffolded.length}`);
      return parts.join(", ");
    },
  };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
