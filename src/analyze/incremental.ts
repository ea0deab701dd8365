import { resolve } from "node:path";
import { type AnalysisState, type FileDiscovery, analyzeSessionCore } from "./analyze.js";
import type { Inventory } from "./inventory.js";
import { toPosixPath } from "./paths.js";
import type { NodeMemo } from "./memo.js";
import type { AnalysisSession } from "./session.js";
import type { EngineProject, EngineSourceFile } from "./engine/engine.js";
import { isExternalModule, isModuleDeclaration } from "./engine/ast.js";

/**
 * Incremental analysis for watch mode. After an edit, a file is *affected* when it changed or
 * imports (transitively, through the Program's resolved imports) a file that changed. Everything
 * a tool is made of (its registration, handler, return paths, the types and constants they use)
 * is reachable through the imports of the file it is registered in, so the discoveries and
 * resolved tools of unaffected files are reused as they are: their nodes are the very same objects
 * in the next project (watch-sessions.ts opens it from the last one's compiler state: TypeScript 6's
 * compiler-host.ts, and TypeScript 7's API, hand unchanged files back as the same SourceFile).
 * Warnings and references (relations/) of reused tools are reused too while every tool's name and
 * the handlers in unaffected files are what they were (a reused tool only reaches unaffected
 * files); otherwise they are recomputed for every tool. Duplicates and unresolved modules are
 * always recomputed.
 *
 * Anything that could change beyond the import graph runs a full analysis instead: no previous
 * state, a file added or removed, a changed file that is not a project source (tsconfig,
 * package.json, a declaration file), a changed or formerly-changed file that is a global script
 * or augments a module (`declare module`, `declare global`), a change to a dependency's
 * declarations.
 *
 * Tools assembled across files (a low-level server's, from its ListTools and CallTool handlers;
 * registrations a function forwards, from that function's calls) are made from the files that feed
 * the assembly. While none of them is affected and no walked file comes to feed it, the previous
 * assembly is reused; otherwise it is made again, those files being walked once more for what they
 * feed it (the other tools of an unaffected one are still reused). Every file that feeds it is
 * either one of them or affected: a call of a forwarding function imports the file that declares it.
 * Answers about single nodes (memo.ts: a ListTools handler's listings, what a handler delegates to)
 * are carried over for the nodes of unaffected files.
 *
 * Inside a changed file, the unit of reuse is the tool: when the edit lies in one registration call
 * statement, the file's other tools keep their resolutions (carry-resolutions.ts), provided the
 * file is affected by its own edit alone (every other changed file it imports declares what it did).
 */

export interface PreviousAnalysis {
  inventory: Inventory;
  /** Files that changed since that inventory was made (absolute, or relative to `cwd`). */
  changedFiles: readonly string[];
}

export type FallbackReason = "no-previous-state" | "file-set-changed" | "non-source-changed" | "global-declarations";

export interface IncrementalOutcome {
  inventory: Inventory;
  /** Why a full analysis ran; null when the previous results were reused. */
  fallback: FallbackReason | null;
  /** Files walked again (all of them after a fallback). */
  affected: number;
  /** Whether the cross-file assembly (low-level servers, forwarded registrations) was made again rather than reused (always after a fallback). */
  reassembled: boolean;
  /** Answers about nodes of affected but unchanged files (memo.ts) kept because every changed file declares what it did. */
  kept: number;
  /** Tools of changed files whose resolutions were kept (carry-resolutions.ts): the edit was in another tool's registration. */
  carried: number;
}

const states = new WeakMap<Inventory, AnalysisState>();

/** A full analysis that leaves what the next `reanalyzeSession` needs. */
export function analyzeSessionForReuse(session: AnalysisSession, cwd: string = process.cwd()): Inventory {
  return full(session, cwd, "no-previous-state").inventory;
}

/** The same inventory `analyzeSession` gives, reusing the previous one where nothing it depends on changed. */
export function reanalyzeSession(session: AnalysisSession, cwd: string, previous: PreviousAnalysis | undefined): Inventory {
  return reanalyzeSessionExplained(session, cwd, previous).inventory;
}

export function reanalyzeSessionExplained(session: AnalysisSession, cwd: string, previous: PreviousAnalysis | undefined): IncrementalOutcome {
  const state = previous ? states.get(previous.inventory) : undefined;
  if (!previous || !state) return full(session, cwd, "no-previous-state");

  // The project was opened from the last one's compiler state (watch-sessions.ts): unchanged files are the same SourceFiles.
  const project = session.engine;
  const before = state.project;
  const differing = project.filesChangedSince(before);
  if (differing === "file-set-changed") return full(session, cwd, "file-set-changed");
  // Every project file, our output included: the output is never walked, but handlers import it,
  // so a change to it affects them. Its nodes are read only when it changed (TypeScript 7 fetches
  // them on demand).
  const files = new Map(project.sourceFiles().map((file) => [file.fileName, file]));
  const oldFiles = new Map(before.sourceFiles().map((file) => [file.fileName, file]));
  const walkedNames = [...files.values()].filter((file) => !file.generated).map((file) => file.fileName);
  const changed = new Set<string>();
  for (const name of differing) {
    const file = files.get(name);
    const old = oldFiles.get(name);
    if (!file || !old || (!file.generated && !state.files.has(name))) return full(session, cwd, "non-source-changed");
    if (isGlobal(old) || isGlobal(file)) return full(session, cwd, "global-declarations");
    changed.add(name);
  }
  for (const name of previous.changedFiles) {
    const path = toPosixPath(resolve(cwd, name));
    if (files.has(path)) {
      const file = files.get(path);
      const old = oldFiles.get(path);
      if ((file && isGlobal(file)) || (old && isGlobal(old))) return full(session, cwd, "global-declarations");
      changed.add(path);
    } else if (!isIgnorable(path)) {
      return full(session, cwd, "non-source-changed");
    }
  }
  if (walkedNames.length !== state.files.size) return full(session, cwd, "file-set-changed");
  for (const name of walkedNames) if (!state.files.has(name)) return full(session, cwd, "file-set-changed");
  const options = session.program.getCompilerOptions();
  if (options !== state.options && JSON.stringify(options) !== JSON.stringify(state.options)) return full(session, cwd, "non-source-changed");

  const { affected, imported, reach } = importersOf(changed, [...files.values()], project, before, differing);
  const carryFrom = carryableFiles(changed, state, project, before, reach);
  const reuse = new Map<string, FileDiscovery>();
  for (const [name, discovery] of state.files) if (!affected.has(name)) reuse.set(name, discovery);
  const again = (memo: NodeMemo, reassemble: boolean) =>
    analyzeSessionCore(session, cwd, {
      files: reuse,
      assembled: state.assembled,
      assemblyFiles: state.assemblyFiles,
      reassemble,
      forwarders: state.forwarders,
      relations: state.relations,
      owners: state.owners,
      names: state.names,
      memo,
      changed,
      carryFrom,
    });
  // The assembly reads its files and what they import: while none of them is affected and no walked
  // file comes to feed it, it is reused; otherwise it is made again from those files alone.
  let reassembled = [...affected].some((name) => state.assemblyFiles.has(name));
  // What the engine asks about many files at once is asked about the files read again: the
  // assembly's only when it is made again (a server's 30 low-level files, batched for nothing,
  // cost 15 ms of a 1,000-tool cycle). A file outside the focus is still answered when asked.
  const focus = () => project.focusOn?.(new Set(reassembled ? [...affected, ...state.assemblyFiles] : affected));
  focus();
  const analyse = (memo: NodeMemo) => {
    const run = again(memo, reassembled);
    if (run) return run;
    reassembled = true;
    focus();
    const assembled = again(memo, true);
    if (!assembled) throw new Error("internal: reassembling cannot fall back");
    return assembled;
  };
  // Files that only import a changed file keep more answers while the changed files declare what
  // they did (memo.ts): an edit inside a function body, a description, is no edit of any type. A
  // changed file no file imports (our own output, written last cycle) is no other file's concern.
  // Assumed, then told after the analysis (whose questions to the new checker then come first, as
  // in a cold run); when a declaration changed, the analysis runs again without those answers.
  const memo = state.memo.carry(affected, changed);
  let run = analyse(memo);
  let kept = memo.survived;
  if (memo.survived > 0 && ![...changed].every((name) => !imported.has(name) || project.declaresAsIn(before, name))) {
    run = analyse(state.memo.carry(affected));
    kept = 0;
  }
  states.set(run.inventory, run.state);
  return { inventory: run.inventory, fallback: null, affected: affected.size, reassembled, kept, carried: run.carried };
}

function full(session: AnalysisSession, cwd: string, reason: FallbackReason): IncrementalOutcome {
  const run = analyzeSessionCore(session, cwd);
  if (!run) throw new Error("internal: a full analysis cannot fall back");
  states.set(run.inventory, run.state);
  // The import graph, while the files are at hand: the next edit's cycle then asks only for its own files' imports.
  importsOf(session.engine.sourceFiles(), session.engine, undefined, []);
  return { inventory: run.inventory, fallback: reason, affected: session.userSourceFiles().length, reassembled: true, kept: 0, carried: 0 };
}

/** Our own output and editor leftovers in the watched folder: not inputs of the analysis when outside the Program. */
function isIgnorable(path: string): boolean {
  return !/\.(c|m)?tsx?$|\.json$/.test(path) || /(^|\/)node_modules\//.test(path);
}

/** A script (its declarations are global) or a file that declares into other modules or the global scope. */
function isGlobal(entry: EngineSourceFile): boolean {
  // Our output is modules that declare nothing global: its nodes need not be read to say so.
  if (entry.generated) return false;
  const file = entry.node;
  if (!isExternalModule(file)) return true;
  return file.statements.some((statement) => isModuleDeclaration(statement));
}

/**
 * Each project's files' imports, by file name. A file that did not change imports the same in
 * the next project: its file set and options are the last one's (checked first), and the
 * compilers themselves hand such a file its old resolutions.
 */
const importsByProject = new WeakMap<EngineProject, Map<string, string[]>>();

/** Every file's imports: the last project's for files that did not change, asked of the compiler (in one go) for the others. */
function importsOf(
  files: readonly EngineSourceFile[],
  project: EngineProject,
  before: EngineProject | undefined,
  differing: readonly string[],
): Map<string, string[]> {
  const known = before ? importsByProject.get(before) : undefined;
  const changed = new Set(differing);
  const imports = new Map<string, string[]>();
  const unknown: EngineSourceFile[] = [];
  for (const file of files) {
    const list = changed.has(file.fileName) ? undefined : known?.get(file.fileName);
    if (list) imports.set(file.fileName, list);
    else unknown.push(file);
  }
  const found = project.importedFiles(unknown.map((file) => file.node));
  unknown.forEach((file, i) => imports.set(file.fileName, found[i] ?? []));
  importsByProject.set(project, imports);
  return imports;
}

/**
 * The changed files and every project file that imports one of them, transitively; the files some
 * project file imports; and `reach`, the same closure from any other files.
 */
function importersOf(
  changed: ReadonlySet<string>,
  files: readonly EngineSourceFile[],
  project: EngineProject,
  before: EngineProject,
  differing: readonly string[],
): { affected: Set<string>; imported: Set<string>; reach: (from: Iterable<string>) => Set<string> } {
  const importers = new Map<string, string[]>();
  for (const [fileName, list] of importsOf(files, project, before, differing)) {
    for (const imported of list) {
      const importersOfFile = importers.get(imported) ?? [];
      importersOfFile.push(fileName);
      importers.set(imported, importersOfFile);
    }
  }
  const reach = (from: Iterable<string>): Set<string> => {
    const reached = new Set(from);
    const queue = [...reached];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const importer of importers.get(next) ?? []) {
        if (reached.has(importer)) continue;
        reached.add(importer);
        queue.push(importer);
      }
    }
    return reached;
  };
  return { affected: reach(changed), imported: new Set(importers.keys()), reach };
}

/**
 * The changed walked files whose other tools may keep their resolutions (carry-resolutions.ts,
 * which checks the edit itself), with the last run's discovery of each: a file is affected by its
 * own edit alone, every other changed file it imports (transitively) declaring what it did.
 */
function carryableFiles(
  changed: ReadonlySet<string>,
  state: AnalysisState,
  project: EngineProject,
  before: EngineProject,
  reach: (from: Iterable<string>) => Set<string>,
): Map<string, FileDiscovery> {
  const carryable = new Map<string, FileDiscovery>();
  const walked = [...changed].filter((name) => (state.files.get(name)?.candidates.length ?? 0) > 1);
  if (walked.length === 0) return carryable;
  // Asked only of a changed file another one imports: TypeScript 6 emits a file's declarations to tell.
  const declaresAsBefore = new Map<string, boolean>();
  const declaresAsIn = (name: string): boolean => declaresAsBefore.get(name) ?? declaresAsBefore.set(name, project.declaresAsIn(before, name)).get(name)!;
  for (const name of walked) {
    const reaching = [...changed].filter((other) => other !== name && reach([other]).has(name));
    if (reaching.every(declaresAsIn)) carryable.set(name, state.files.get(name)!);
  }
  return carryable;
}
