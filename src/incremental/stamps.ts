/**
 * The last run's record, judged by its stamps alone: the sources by size and mtime, and the
 * listing of every folder the tsconfig's patterns walked (a file added to one may be a new source).
 * No compiler is loaded here, so a `generate` with nothing changed (a prebuild step) costs a
 * start of Node and a read of the output. A miss is never an answer: the caller asks last-run.ts,
 * which reads the tsconfig and the sources' content.
 */
import { join } from "node:path";
import { folderEntries, listingHash, type RunTarget, stampFingerprint } from "./run-fingerprint.js";
import { outputsUnchanged, readRunState, type RunState, runStatePath } from "./run-state.js";

export function lastRunByStamps(target: RunTarget, formats: readonly boolean[]): RunState | undefined {
  const statePath = runStatePath(target.projectRoot, target.tsconfigPath);
  const previous = statePath ? readRunState(statePath) : undefined;
  const stamps = previous?.stamps;
  if (!previous || !stamps) return undefined;
  if (!formats.some((format) => stamps.fingerprint === stampFingerprint(target, format, previous))) return undefined;
  if (!Object.entries(stamps.directories).every(([folder, listing]) => listingHash(folderEntries(folder)) === listing)) return undefined;
  return outputsUnchanged(previous, join(target.projectRoot, target.config.outputDir), target.projectRoot) ? previous : undefined;
}
