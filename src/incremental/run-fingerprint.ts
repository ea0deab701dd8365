import { createHash, type Hash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { GenerateConfig } from "../generate/config.js";
import { packageRoot } from "../package-root.js";
import { hashOutputFolder } from "./run-state.js";

/**
 * Everything a `generate` run's output depends on, hashed: the tool's own code and templates, the
 * resolved config, the tsconfig and what it extends, every source file the run reads (those the
 * tsconfig includes and those the last run's program imported from outside them), the lock file
 * (the dependencies' types) and any Prettier or EditorConfig file on the way up. Equal
 * fingerprints mean an equal output, so a run with nothing changed can stop before opening the
 * project. No compiler here: which files a tsconfig means is tsconfig-inputs.ts's question.
 *
 * Two strengths: `contentFingerprint` reads every source; `stampFingerprint` only stats them, and
 * with the listings of the folders the tsconfig's patterns walked (`listingHash`: a file added there
 * may be a new source) a run can be skipped without loading TypeScript at all (stamps.ts).
 */

export interface RunTarget {
  projectRoot: string;
  tsconfigPath: string;
  config: GenerateConfig;
}

/** The files behind a fingerprint, all absolute. */
export interface RunInputs {
  /** Source files, sorted. */
  sources: readonly string[];
  /** The tsconfig files the project's tsconfig extends. */
  extended: readonly string[];
}

/** The folders a run writes: never inputs (generation does not read them); the output is verified file by file instead. */
export function ownedFolders(target: RunTarget): string[] {
  return [join(target.projectRoot, target.config.outputDir), join(target.projectRoot, target.config.guidanceDir)].map((folder) => `${resolve(folder)}${sep}`);
}

/** Whether `path` is in one of the folders a run writes, or is one. */
export function isOwned(path: string, owned: readonly string[]): boolean {
  const absolute = resolve(path);
  return owned.some((folder) => absolute.startsWith(folder) || `${absolute}${sep}` === folder);
}

export function contentFingerprint(target: RunTarget, format: boolean, inputs: RunInputs): string {
  return fingerprint(target, format, inputs, (add) => {
    for (const file of inputs.sources) add(file, existsSync(file) ? readFileSync(file) : "\0missing");
  });
}

/** As `contentFingerprint`, with the sources by size and mtime: no source is read. */
export function stampFingerprint(target: RunTarget, format: boolean, inputs: RunInputs): string {
  return fingerprint(target, format, inputs, (add) => {
    for (const file of inputs.sources) add(file, stampOf(file));
  });
}

function stampOf(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return "\0missing";
  }
}

/**
 * Whether the stamps of `paths` tell their content since `since`: a file written within a tick of
 * the clock of being stamped can keep its mtime, so a file changed less than a tick before `since`
 * is not trusted. On a file system that keeps mtimes in whole seconds (FAT, HFS+, some network
 * shares, files unpacked from a tarball) the tick is two seconds.
 */
export function stampsSettled(paths: readonly string[], since: number): boolean {
  const times = paths.map((path) => {
    try {
      return statSync(path).mtimeMs;
    } catch {
      return Number.NaN;
    }
  });
  if (times.some((time) => Number.isNaN(time))) return false;
  const tick = times.every((time) => time % 1000 === 0) ? 2000 : 50;
  return times.every((time) => time < since - tick);
}

/** A folder as TypeScript's `sys` lists it: symbolic links followed, an unreadable folder empty. */
export function folderEntries(path: string): { files: string[]; directories: string[] } {
  const files: string[] = [];
  const directories: string[] = [];
  try {
    for (const entry of readdirSync(path || ".", { withFileTypes: true })) {
      let stat: { isFile(): boolean; isDirectory(): boolean } = entry;
      if (entry.isSymbolicLink()) {
        try {
          stat = statSync(join(path, entry.name));
        } catch {
          continue;
        }
      }
      if (stat.isFile()) files.push(entry.name);
      else if (stat.isDirectory()) directories.push(entry.name);
    }
  } catch {
    return { files: [], directories: [] };
  }
  return { files: files.sort(), directories: directories.sort() };
}

/** A hash of what a folder lists: a file added, removed or renamed changes it (mtimes are not needed). */
export function listingHash(entries: { files: readonly string[]; directories: readonly string[] }): string {
  return createHash("sha256").update(entries.files.join("\0")).update("\0/\0").update(entries.directories.join("\0")).digest("hex");
}

function fingerprint(
  target: RunTarget,
  format: boolean,
  inputs: RunInputs,
  addSources: (add: (label: string, value: string | Buffer) => void) => void,
): string {
  const hash: Hash = createHash("sha256");
  const add = (label: string, value: string | Buffer): void => {
    hash.update(label).update("\0").update(value).update("\0");
  };
  const { config, tsconfigPath } = target;
  const templates = config.templatesDir !== undefined ? hashOutputFolder(config.templatesDir) : null;
  add("settings", JSON.stringify({ generateConfig: config, format, templates }));
  // Our own code and templates: a new build of mcp-conform regenerates (mtime and size suffice).
  for (const folder of ["dist", "src/templates", "src/protocols"]) {
    for (const file of listFiles(join(packageRoot, folder))) {
      const stat = statSync(file);
      add("tool", `${file}:${stat.size}:${stat.mtimeMs}`);
    }
  }
  add("tsconfig", existsSync(tsconfigPath) ? readFileSync(tsconfigPath) : "\0missing");
  for (const extended of inputs.extended) add("extends", existsSync(extended) ? readFileSync(extended) : "\0missing");
  addSources(add);
  for (const dir of lookedUpFolders(target)) {
    for (const name of LOOKED_UP) {
      const file = join(dir, name);
      if (existsSync(file) && statSync(file).isFile()) add(file, readFileSync(file));
    }
  }
  return hash.digest("hex");
}

/**
 * Where the files that shape the output from outside the sources are looked for: every folder from
 * the output folder up (Prettier resolves its config per generated file, so a `.prettierrc` in
 * `src/` counts) and from the tsconfig's up (the lock file), each once.
 */
function lookedUpFolders(target: RunTarget): string[] {
  const folders = new Set<string>();
  for (const start of [resolve(target.projectRoot, target.config.outputDir), dirname(resolve(target.tsconfigPath))]) {
    for (let dir = start; ; dir = dirname(dir)) {
      folders.add(dir);
      if (dirname(dir) === dir) break;
    }
  }
  return [...folders];
}

/** Files that change generated output from outside the project's sources. */
const LOOKED_UP = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "yarn.lock",
  "bun.lock",
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.yaml",
  ".prettierrc.yml",
  ".prettierrc.json5",
  ".prettierrc.js",
  ".prettierrc.cjs",
  ".prettierrc.mjs",
  ".prettierrc.toml",
  "prettier.config.js",
  "prettier.config.cjs",
  "prettier.config.mjs",
  "prettier.config.ts",
  ".editorconfig",
];

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path));
    else files.push(path);
  }
  return files.sort();
}
