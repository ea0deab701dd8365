import { basename, resolve } from "node:path";
import type { ts } from "../compiler.cjs";
import type { Engine, FolderEntries } from "../analyze/engine/engine.js";
import { typescript6 } from "../typescript6.js";
import { compareStrings } from "../compare-strings.js";
import { folderEntries, listingHash } from "./run-fingerprint.js";

/** What a tsconfig means for a run's fingerprint, as TypeScript reads it. */
export interface TsconfigInputs {
  /** The files its `files` and `include` select, absolute. */
  fileNames: string[];
  /** The tsconfig files it extends, absolute. */
  extended: string[];
  /**
   * Every folder its `include` patterns walked (absolute) → the hash of what it listed then: a
   * file added to one may be a new source. Null when the walk could not be watched (then no run is
   * skipped on stamps alone).
   */
  directories: Record<string, string> | null;
}

/** TypeScript's own pattern matcher; internal, so looked up rather than typed (a missing one means no stamps). */
type MatchFiles = (
  path: string,
  extensions: readonly string[] | undefined,
  excludes: readonly string[] | undefined,
  includes: readonly string[] | undefined,
  useCaseSensitiveFileNames: boolean,
  currentDirectory: string,
  depth: number | undefined,
  getFileSystemEntries: (path: string) => { files: readonly string[]; directories: readonly string[] },
  realpath: (path: string) => string,
) => string[];

/** Reads a tsconfig's inputs for the record of a run. */
export type TsconfigReader = (tsconfigPath: string) => TsconfigInputs;

/**
 * The reader for a run on `engine`: its own compiler where it can read a tsconfig (TypeScript 7,
 * in a process of its own: a run on it loads no TypeScript 6, about 0.2 s of a cold `generate`),
 * TypeScript 6 otherwise, and wherever the engine's read fails.
 */
export function tsconfigReaderFor(engine: Engine | "ts6"): TsconfigReader {
  if (engine === "ts6" || !engine.readTsconfig) return readTsconfigInputs;
  return (tsconfigPath) => readTsconfigInputsWith(engine, tsconfigPath) ?? readTsconfigInputs(tsconfigPath);
}

/**
 * The inputs as `engine`'s compiler reads them. Every folder it lists is listed here, and the
 * listing it is handed is the one recorded, as with TypeScript 6 below. What it extends is every
 * other file it read for the tsconfig, in the order read.
 */
export function readTsconfigInputsWith(engine: Engine, tsconfigPath: string): TsconfigInputs | undefined {
  const directories = new Map<string, string>();
  const read = engine.readTsconfig?.(tsconfigPath, listingInto(directories));
  if (!read) return undefined;
  const self = resolve(tsconfigPath);
  // The package.json files read to resolve an `extends` of a package's tsconfig are not what it
  // extends: TypeScript 6 does not list them either, so both engines fingerprint the same files.
  const extended = read.filesRead.filter((file) => file !== self && basename(file) !== "package.json");
  return {
    fileNames: read.fileNames,
    extended: [...new Set(extended)],
    directories: sortedListings(directories),
  };
}

export function readTsconfigInputs(tsconfigPath: string): TsconfigInputs {
  const ts = typescript6();
  const matchFiles = (ts as unknown as { matchFiles?: MatchFiles }).matchFiles;
  let directories: Map<string, string> | null = typeof matchFiles === "function" ? new Map() : null;
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
    readDirectory: (root, extensions, excludes, includes, depth) => {
      if (!matchFiles || !directories) return ts.sys.readDirectory(root, extensions, excludes, includes, depth);
      const entries = listingInto(directories);
      try {
        return matchFiles(root, extensions, excludes, includes, ts.sys.useCaseSensitiveFileNames, ts.sys.getCurrentDirectory(), depth, entries, realpath);
      } catch {
        // The internal matcher changed shape: read as TypeScript does, and skip nothing on stamps.
        directories = null;
        return ts.sys.readDirectory(root, extensions, excludes, includes, depth);
      }
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfigPath, {}, host);
  const configFile = parsed?.options.configFile as ts.TsConfigSourceFile | undefined;
  return {
    fileNames: (parsed?.fileNames ?? []).map((file) => resolve(file)),
    extended: (configFile?.extendedSourceFiles ?? []).map((file) => resolve(file)),
    directories: directories ? sortedListings(directories) : null,
  };
}

/**
 * Lists a folder for the compiler and records the hash of that listing in `listings`: the listing
 * that decided the files is the one recorded, one read with no window between them.
 */
function listingInto(listings: Map<string, string>): (path: string) => FolderEntries {
  return (path) => {
    const listed = folderEntries(path);
    listings.set(resolve(path), listingHash(listed));
    return listed;
  };
}

function sortedListings(listings: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries([...listings].sort(([a], [b]) => compareStrings(a, b)));
}

function realpath(path: string): string {
  const { sys } = typescript6();
  return sys.realpath ? sys.realpath(path) : path;
}
