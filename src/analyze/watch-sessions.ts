import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { SourceFileCache } from "./compiler-host.js";
import type { Engine } from "./engine/engine.js";
import type { Ts7FileChanges, Ts7Project } from "./engine/ts7.js";
import { assertTsconfigReadable, loadProgram, nextProgram, openLocatingTsconfigErrors } from "./load-project.js";
import { toPosixPath } from "./paths.js";
import { AnalysisSession } from "./session.js";

/**
 * The sessions of a watch: each one opened from the last one's compiler state, so that the files
 * that did not change come back as the very same SourceFile objects (what incremental.ts reuses
 * an unaffected file's analysis by) and only changed files are parsed again.
 * - TypeScript 6: the next Program is built from the last (`oldProgram`), with compiler-host.ts's
 *   cache of SourceFiles.
 * - TypeScript 7: one compiler process for the whole watch; each cycle is a new snapshot of it,
 *   told which files changed, and the API hands the others back as they were.
 */
export interface WatchedSessions {
  /** The session on the files as they were when the watch began. */
  readonly first: AnalysisSession;
  /** A session on the files after `changedFiles` (absolute) changed, were created or deleted on disk. */
  next(changedFiles: readonly string[]): AnalysisSession;
  /**
   * Files the watch itself wrote, scaffolded or deleted (absolute; its own output goes unseen by
   * the file watcher): the next session reads them as they are now.
   */
  wrote(files: readonly string[]): void;
  /** A session with every file read again (after the first cycle wrote its output). */
  reload(): AnalysisSession;
  /** Ends the watch (TypeScript 7 stops its compiler process). */
  close(): void;
}

export function watchSessions(tsconfigPath: string, cwd: string, engine: Engine | "ts6"): WatchedSessions {
  return engine === "ts6" || engine.id === "ts6" ? ts6Sessions(tsconfigPath, cwd) : ts7Sessions(tsconfigPath, cwd, engine);
}

function ts6Sessions(tsconfigPath: string, cwd: string): WatchedSessions {
  const sourceFiles: SourceFileCache = new Map();
  let program = loadProgram(tsconfigPath, cwd, undefined, sourceFiles);
  /**
   * Files changed since the last Program: what the watch wrote or deleted (the compiler host reads
   * every file's current text, so only a new or deleted one matters), and those of a cycle that
   * failed (a broken tsconfig), which the next cycle counts with its own.
   */
  const untold = new Set<string>();
  /** Only edits of files the Program already roots: its tsconfig need not be read again for its files. */
  const sameFileSet = (files: Iterable<string>): boolean => {
    const roots = new Set(program.getRootFileNames().map(toPosixPath));
    return [...files].every((file) => {
      const path = resolve(cwd, file);
      return !path.endsWith(".json") && roots.has(toPosixPath(path)) && existsSync(path);
    });
  };
  return {
    first: new AnalysisSession(program, tsconfigPath),
    next: (changedFiles) => {
      for (const file of changedFiles) untold.add(file);
      program = sameFileSet(untold) ? nextProgram(program, sourceFiles) : loadProgram(tsconfigPath, cwd, program, sourceFiles);
      untold.clear();
      return new AnalysisSession(program, tsconfigPath);
    },
    wrote: (files) => {
      for (const file of files) untold.add(file);
    },
    reload: () => {
      program = loadProgram(tsconfigPath, cwd, undefined, sourceFiles);
      untold.clear();
      return new AnalysisSession(program, tsconfigPath);
    },
    close: () => {},
  };
}

function ts7Sessions(tsconfigPath: string, cwd: string, engine: Engine): WatchedSessions {
  let project = openLocatingTsconfigErrors(tsconfigPath, cwd, () => engine.open(tsconfigPath, cwd) as Ts7Project);
  /** The project before the current one: kept readable until the current one has been analysed against it. */
  let previous: Ts7Project | undefined;
  /**
   * What the compiler has not been told of yet: what the watch wrote, and the files of a cycle that
   * failed before telling it (a broken tsconfig), which the next cycle tells with its own.
   */
  const untold = new Set<string>();
  const move = (files: readonly string[]): AnalysisSession => {
    for (const file of files) untold.add(toPosixPath(resolve(cwd, file)));
    const changes = classify([...untold].sort());
    // The compiler re-reads a tsconfig it is told of, but reports a broken one only as a diagnostic: read it as the first cycle did.
    if ([...changes.changed, ...changes.created, ...changes.deleted].some((file) => file.endsWith(".json"))) assertTsconfigReadable(tsconfigPath, cwd);
    const next = project.updated(changes);
    untold.clear();
    previous?.release();
    previous = project;
    project = next;
    return AnalysisSession.onEngine(project);
  };
  /** How each file changed, as the compiler is told: it reads no file, and finds no new one, it is not told of. */
  const classify = (files: readonly string[]): Ts7FileChanges => {
    const held = new Set(project.programFileNames());
    const changes: Ts7FileChanges = { changed: [], created: [], deleted: [] };
    for (const file of files) {
      if (!existsSync(file)) changes.deleted.push(file);
      else (held.has(file) ? changes.changed : changes.created).push(file);
    }
    return changes;
  };
  return {
    first: AnalysisSession.onEngine(project),
    wrote: (files) => {
      for (const file of files) untold.add(toPosixPath(resolve(cwd, file)));
    },
    next: (changedFiles) => move(changedFiles),
    // The compiler finds no new file it is not told of, even when told to read every file again:
    // what the watch wrote is what changed since the first session.
    reload: () => move([]),
    close: () => project.close(),
  };
}
