/**
 * The one decision "is the output on disk what `generate` would write now, by the record of the
 * last run?", for every caller: `generate` (skip the run), `generate --check` and `check` (skip the
 * comparison). The record (run-state.ts) holds the fingerprint of every input the run read
 * (sources, config, templates, our build; run-fingerprint.ts) and the hashes of what it wrote.
 * Equal fingerprints and an untouched output mean nothing needs generating or comparing; any
 * difference, or no record (a fresh clone), means the caller does the real work.
 */
import { join } from "node:path";
import type { GenerateConfig } from "../generate/config.js";
import { runFingerprint } from "./run-fingerprint.js";
import { hashOutputFolder, outputsUnchanged, readRunState, type RunState, runStatePath, writeRunState } from "./run-state.js";

export interface RunTarget {
  projectRoot: string;
  tsconfigPath: string;
  config: GenerateConfig;
}

/** The fingerprint of a run of `target` with or without formatting. */
function fingerprintOf(target: RunTarget, format: boolean): string {
  const { projectRoot, tsconfigPath, config } = target;
  const templates = config.templatesDir !== undefined ? hashOutputFolder(config.templatesDir) : null;
  return runFingerprint({
    tsconfigPath,
    settings: { generateConfig: config, format, templates },
    ownedFolders: [join(projectRoot, config.outputDir), join(projectRoot, config.guidanceDir)],
  });
}

/**
 * The last run's record when it still holds: a run with one of `formats` (`check` cannot know
 * whether the user generates with `--no-format`, so it accepts either) read inputs equal to today's,
 * and the output is as it left it. Undefined otherwise.
 */
export function currentLastRun(target: RunTarget, formats: readonly boolean[]): RunState | undefined {
  const statePath = runStatePath(target.projectRoot, target.tsconfigPath);
  const previous = statePath ? readRunState(statePath) : undefined;
  if (!previous) return undefined;
  if (!formats.some((format) => previous.fingerprint === fingerprintOf(target, format))) return undefined;
  return outputsUnchanged(previous, join(target.projectRoot, target.config.outputDir), target.projectRoot) ? previous : undefined;
}

/**
 * Records a run that wrote the output. The fingerprint is taken before the run analyses anything
 * (`fingerprintBefore`), so that an edit made while it ran makes the next run work again.
 */
export function recordRun(target: RunTarget, fingerprintBefore: string, run: Pick<RunState, "scaffolded" | "warnings">): void {
  const statePath = runStatePath(target.projectRoot, target.tsconfigPath);
  if (statePath)
    writeRunState(statePath, { fingerprint: fingerprintBefore, generated: hashOutputFolder(join(target.projectRoot, target.config.outputDir)), ...run });
}

/** The fingerprint a run of `target` records; take it before the run reads anything. */
export function runFingerprintNow(target: RunTarget, format: boolean): string {
  return fingerprintOf(target, format);
}
