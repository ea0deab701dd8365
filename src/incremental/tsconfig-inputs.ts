import { resolve } from "node:path";
import type { ts } from "../compiler.cjs";
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

export function readTsconfigInputs(tsconfigPath: string): TsconfigInputs {
  const ts = typescript6();
  const matchFiles = (ts as unknown as { matchFiles?: MatchFiles }).matchFiles;
  let directories: Map<string, string> | null = typeof matchFiles === "function" ? new Map() : null;
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
    readDirectory: (root, extensions, excludes, includes, depth) => {
      if (!matchFiles || !directories) return ts.sys.readDirectory(root, extensions, excludes, includes, depth);
      const seen = directories;
      // The listing that decided the files is the one recorded: one read, no window between them.
      const entries = (path: string) => {
        const listed = folderEntries(path);
        seen.set(resolve(path), listingHash(listed));
        return listed;
      };
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
    directories: directories ? Object.fromEntries([...directories].sort(([a], [b]) => compareStrings(a, b))) : null,
  };
}

function realpath(path: string): string {
  const { sys } = typescript6();
  return sys.realpath ? sys.realpath(path) : path;
}
