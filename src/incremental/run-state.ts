import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { toPosixPath } from "../analyze/paths.js";
import { writeFileAtomically } from "../write/atomic-file.js";

/**
 * What the last successful `generate` of a project produced, kept beside the format cache
 * (`node_modules/.cache/mcp-conform/`): its input fingerprint and a hash of every file it owns.
 * Losing it costs one full run, never a wrong answer: a run is skipped only when the fingerprint
 * matches AND the output folder holds exactly those files with exactly those contents.
 */
export interface RunState {
  fingerprint: string;
  /** Output-folder-relative path → sha256 of the content on disk. */
  generated: Record<string, string>;
  /** Project-relative paths of scaffolded stubs that must still exist. */
  scaffolded: string[];
  /** The analysis warnings of that run, printed again when a run is skipped. */
  warnings: string[];
  /** The source files the fingerprint covers (absolute): the tsconfig's and every other one the run's program read. */
  sources: string[];
  /** The tsconfig files the project's tsconfig extends (absolute). */
  extended: string[];
  /**
   * The same inputs by stat, and the listing of every folder the tsconfig's patterns walked
   * (absolute path → listing hash); absent when they could not be trusted.
   */
  stamps?: { fingerprint: string; directories: Record<string, string> };
}

const STATE_VERSION = 2;

export function sha256(content: string | Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

export function runStatePath(projectRoot: string, tsconfigPath: string): string | undefined {
  for (let dir = projectRoot; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "mcp-conform", `generate-${sha256(tsconfigPath).slice(0, 16)}.json`);
    if (dirname(dir) === dir) return undefined;
  }
}

export function readRunState(path: string): RunState | undefined {
  try {
    const data = JSON.parse(readFileSync(path, "utf8")) as { version?: unknown } & RunState;
    return data.version === STATE_VERSION ? data : undefined;
  } catch {
    return undefined;
  }
}

export function writeRunState(path: string, state: RunState): void {
  writeFileAtomically(path, `${JSON.stringify({ version: STATE_VERSION, ...state })}\n`);
}

/** The output folder's files as they are on disk now, hashed. */
export function hashOutputFolder(outputDir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hashes[toPosixPath(relative(outputDir, path))] = sha256(readFileSync(path));
    }
  };
  walk(outputDir);
  return hashes;
}

/** True when the disk holds exactly what the recorded run produced. */
export function outputsUnchanged(state: RunState, outputDir: string, projectRoot: string): boolean {
  const onDisk = hashOutputFolder(outputDir);
  const recorded = Object.entries(state.generated);
  if (Object.keys(onDisk).length !== recorded.length) return false;
  if (!recorded.every(([path, hash]) => onDisk[path] === hash)) return false;
  return state.scaffolded.every((path) => existsSync(join(projectRoot, path)));
}
