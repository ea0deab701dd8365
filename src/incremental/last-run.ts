/**
 * The one decision "is the output on disk what `generate` would write now, by the record of the
 * last run?", for every caller: `generate` (skip the run), `generate --check` and `check` (skip the
 * comparison). The record (run-state.ts) holds the fingerprint of every input the run read
 * (sources, config, templates, our build; run-fingerprint.ts) and the hashes of what it wrote.
 * Equal fingerprints and an untouched output mean nothing needs generating or comparing; any
 * difference, or no record (a fresh clone), means the caller does the real work.
 *
 * This module reads the tsconfig with TypeScript; stamps.ts answers the same question from the
 * record's stamps without it, and is asked first.
 */
import { join } from "node:path";
import { compareStrings } from "../compare-strings.js";
import { contentFingerprint, isOwned, ownedFolders, type RunInputs, type RunTarget, stampFingerprint, stampsSettled } from "./run-fingerprint.js";
import { hashOutputFolder, outputsUnchanged, readRunState, type RunState, runStatePath, writeRunState } from "./run-state.js";
import { readTsconfigInputs, type TsconfigInputs, type TsconfigReader } from "./tsconfig-inputs.js";

export type { RunTarget } from "./run-fingerprint.js";

/** A run's inputs as they were when it started, taken before it reads anything. */
export interface RunStart {
  format: boolean;
  /** When its sources were read: a source changed since then was perhaps not read as it is now. */
  startedAt: number;
  /** The tsconfig as read then, with the listings of the folders its patterns walked. */
  tsconfig: TsconfigInputs;
  /** How the run reads its tsconfig: again by the same compiler when it is recorded. */
  readTsconfig: TsconfigReader;
  fingerprint: string;
  inputs: RunInputs;
}

/**
 * The sources a run reads: the files the tsconfig selects, and every other file of the project
 * the last run's program read (a tsconfig with `files`, or an `include` narrower than the imports).
 * A file the program newly imports is imported from one of these, whose edit changes the
 * fingerprint. The output and the scaffolded stubs are never inputs.
 */
function inputsOf(target: RunTarget, tsconfig: TsconfigInputs, alsoRead: readonly string[]): RunInputs {
  const owned = ownedFolders(target);
  const sources = [...new Set([...tsconfig.fileNames, ...alsoRead])].filter((file) => !isOwned(file, owned)).sort(compareStrings);
  return { sources, extended: tsconfig.extended };
}

function previousRun(target: RunTarget): RunState | undefined {
  const statePath = runStatePath(target.projectRoot, target.tsconfigPath);
  return statePath ? readRunState(statePath) : undefined;
}

/**
 * The last run's record when it still holds: a run with one of `formats` (`check` cannot know
 * whether the user generates with `--no-format`, so it accepts either) read inputs equal to today's,
 * and the output is as it left it. Undefined otherwise.
 */
export function currentLastRun(target: RunTarget, formats: readonly boolean[], readTsconfig: TsconfigReader = readTsconfigInputs): RunState | undefined {
  const previous = previousRun(target);
  if (!previous) return undefined;
  const inputs = inputsOf(target, readTsconfig(target.tsconfigPath), previous.sources);
  if (!formats.some((format) => previous.fingerprint === contentFingerprint(target, format, inputs))) return undefined;
  return outputsUnchanged(previous, join(target.projectRoot, target.config.outputDir), target.projectRoot) ? previous : undefined;
}

/** The last run's record when it holds for the run `start` begins (its fingerprint, taken once, is the one compared). */
export function lastRunMatching(target: RunTarget, start: RunStart): RunState | undefined {
  const previous = previousRun(target);
  if (!previous || previous.fingerprint !== start.fingerprint) return undefined;
  return outputsUnchanged(previous, join(target.projectRoot, target.config.outputDir), target.projectRoot) ? previous : undefined;
}

/** The fingerprint a run of `target` records; take it before the run reads anything. */
export function startRun(target: RunTarget, format: boolean, readTsconfig: TsconfigReader = readTsconfigInputs): RunStart {
  const startedAt = Date.now();
  const tsconfig = readTsconfig(target.tsconfigPath);
  const inputs = inputsOf(target, tsconfig, previousRun(target)?.sources ?? []);
  return { format, startedAt, tsconfig, readTsconfig, fingerprint: contentFingerprint(target, format, inputs), inputs };
}

/**
 * Records a run that wrote the output. `programSources` are the project's own files its program
 * read. When a source changed while the run read it (or a new one appeared), the record keeps the
 * inputs as the run began, so that the next run works again.
 */
export function recordRun(target: RunTarget, start: RunStart, run: Pick<RunState, "scaffolded" | "warnings"> & { programSources: readonly string[] }): void {
  const statePath = runStatePath(target.projectRoot, target.tsconfigPath);
  if (!statePath) return;
  const generated = hashOutputFolder(join(target.projectRoot, target.config.outputDir));
  const { scaffolded, warnings } = run;
  const tsconfig = start.readTsconfig(target.tsconfigPath);
  const inputs = inputsOf(target, tsconfig, run.programSources);
  const readAtStart = new Set(start.inputs.sources);
  const readByTheRun = new Set([...readAtStart, ...run.programSources]);
  const changedDuringRun =
    contentFingerprint(target, start.format, start.inputs) !== start.fingerprint ||
    inputs.sources.some((file) => !readByTheRun.has(file)) ||
    // Sources first read by the analysis (imports outside the tsconfig's files) were read after the start.
    !stampsSettled(
      inputs.sources.filter((file) => !readAtStart.has(file)),
      start.startedAt,
    );
  if (changedDuringRun) {
    writeRunState(statePath, { fingerprint: start.fingerprint, generated, scaffolded, warnings, ...recordedInputs(start.inputs) });
    return;
  }
  const fingerprint = contentFingerprint(target, start.format, inputs);
  writeRunState(statePath, {
    fingerprint,
    generated,
    scaffolded,
    warnings,
    ...recordedInputs(inputs),
    ...stampsOf(target, start.format, inputs, tsconfig, start.startedAt),
  });
}

/**
 * A record that held on content alone for the run `start` began (the sources were touched but are
 * the same, as after a `git checkout`): its stamps are taken again from what `start` read, so the
 * next run is skipped without a compiler.
 */
export function restamp(target: RunTarget, start: RunStart, state: RunState): void {
  const statePath = runStatePath(target.projectRoot, target.tsconfigPath);
  if (!statePath || state.fingerprint !== start.fingerprint) return;
  const stamps = stampsOf(target, start.format, start.inputs, start.tsconfig, start.startedAt);
  if (stamps.stamps) writeRunState(statePath, { ...state, ...recordedInputs(start.inputs), ...stamps });
}

function recordedInputs(inputs: RunInputs): Pick<RunState, "sources" | "extended"> {
  return { sources: [...inputs.sources], extended: [...inputs.extended] };
}

/** Stamps are recorded only for sources untouched since just before `readAt`, when their content was read. */
function stampsOf(target: RunTarget, format: boolean, inputs: RunInputs, tsconfig: TsconfigInputs, readAt: number): Pick<RunState, "stamps"> {
  if (!tsconfig.directories) return {};
  const owned = ownedFolders(target);
  // The output folders are listed by the record of what was written, not by stamps.
  const directories = Object.fromEntries(Object.entries(tsconfig.directories).filter(([folder]) => !isOwned(folder, owned)));
  const fingerprint = stampFingerprint(target, format, inputs);
  if (!stampsSettled(inputs.sources, readAt)) return {};
  return { stamps: { fingerprint, directories } };
}
