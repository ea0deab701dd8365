/**
 * The pipeline's last stages in one call: generate from an inventory, then format and write.
 * `generate`, `generate --watch` and `migrate --write` all end this way; each decides for itself
 * when to analyse again (the second pass), and merges the two outcomes with `mergeOutcomes`.
 */
import type { Inventory } from "./analyze/inventory.js";
import { relativeToOutputDir, shapesAllowed, type GenerateConfig } from "./generate/config.js";
import { generate, type GenerateMemo, type StubHints } from "./generate/generate.js";
import { assertGeneratable } from "./generate/generatable.js";
import { type FormatCache, type Formatter, type WriteMemo, writeGeneratedOutput, type WriteOutcome } from "./write/index.js";

export interface EmitTarget {
  /** Absolute; the output and guidance folders in `config` are relative to it. */
  projectRoot: string;
  config: GenerateConfig;
  format: boolean;
  /** Kept across `--watch` cycles; see `WriteOptions`. */
  formatter?: Formatter;
  cache?: FormatCache | false;
  /** See `WriteOptions.saveCache`. */
  saveCache?: boolean;
  /** Called with the stubs to scaffold (paths relative to the project root) before anything is written. */
  beforeWrite?: (scaffolded: ReadonlyMap<string, string>) => void;
  /** What `migrate` read in the legacy responses, for the stubs this run scaffolds. */
  stubHints?: ReadonlyMap<string, StubHints>;
  /** Kept across `--watch` cycles: what generation may reuse from the last run. */
  memo?: GenerateMemo;
  /** Kept across `--watch` cycles: what writing may reuse (write/memo.ts). */
  writeMemo?: WriteMemo;
}

export interface Emitted {
  outcome: WriteOutcome;
  /** The scaffolded stubs generation asked for, keyed by path relative to the project root. */
  scaffolded: ReadonlyMap<string, string>;
}

/** Generates for `inventory` (refusing one that cannot be generated from) and writes the output. */
export async function emit(inventory: Inventory, target: EmitTarget): Promise<Emitted> {
  assertGeneratable(inventory);
  const { generated, scaffolded } = generate(inventory, target.config, target.stubHints, target.memo);
  target.beforeWrite?.(scaffolded);
  const outcome = await writeGeneratedOutput({
    projectRoot: target.projectRoot,
    outputDir: target.config.outputDir,
    generated: relativeToOutputDir(generated, target.config.outputDir),
    scaffolded,
    format: target.format,
    formatByShape: shapesAllowed(target.config),
    mode: "write",
    ...(target.formatter ? { formatter: target.formatter } : {}),
    ...(target.cache !== undefined ? { cache: target.cache } : {}),
    ...(target.saveCache !== undefined ? { saveCache: target.saveCache } : {}),
    ...(target.writeMemo ? { memo: target.writeMemo } : {}),
  });
  return { outcome, scaffolded };
}

/** One outcome for a run that wrote twice: every file either pass wrote or deleted, sorted. */
export function mergeOutcomes(first: WriteOutcome, second: WriteOutcome): WriteOutcome {
  const union = (a: string[], b: string[]): string[] => [...new Set([...a, ...b])].sort();
  return {
    ...second,
    written: union(first.written, second.written),
    deleted: union(first.deleted, second.deleted),
    scaffolded: union(first.scaffolded, second.scaffolded),
    warnings: [...new Set([...first.warnings, ...second.warnings])],
  };
}
