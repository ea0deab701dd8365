import { resolve } from "node:path";
import { ts } from "../compiler.cjs";
import { type AnalysisState, type FileDiscovery, analyzeSessionCore } from "./analyze.js";
import type { Inventory } from "./inventory.js";
import { toPosixPath } from "./paths.js";
import type { NodeMemo } from "./memo.js";
import type { AnalysisSession } from "./session.js";
import { forEachChild, isExportDeclaration, isExternalModule, isImportDeclaration, isModuleDeclaration } from "./engine/ast.js";

/**
 * Incremental analysis for watch mode. After an edit, a file is *affected* when it changed or
 * imports (transitively, through the Program's resolved imports) a file that changed. Everything
 * a tool is made of (its registration, handler, return paths, the types and constants they use)
 * is reachable through the imports of the file it is registered in, so the discoveries and
 * resolved tools of unaffected files are reused as they are: their nodes are the very same objects
 * in the next Program (compiler-host.ts hands unchanged files back as the same SourceFile).
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
 */

export interface PreviousAnalysis {
  inventory: Inventory;
  /** Files that changed since that inventory was made (absolute, or relative to `cwd`). */
  changedFiles: readonly string[];
}

export type FallbackReason = "no-previous-state" | "no-incremental-engine" | "file-set-changed" | "non-source-changed" | "global-declarations";

export interface IncrementalOutcome {
  inventory: Inventory;
  /** Why a full analysis ran; null when the previous results were reused. */
  fallback: FallbackReason | null;
  /** Files walked again (all of them after a fallback). */
  affected: number;
  /** Whether the cross-file assembly (low-level servers, forwarded registrations) was made again rather than reused (always after a fallback). */
  reassembled: boolean;
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

  // Reuse compares TypeScript 6 Programs; on TypeScript 7 each cycle is a full analysis.
  const program = session.compilerProgram;
  const before = state.program;
  if (!program || !before) return full(session, cwd, "no-incremental-engine");
  const oldFiles = before.getSourceFiles();
  const newFiles = program.getSourceFiles();
  if (oldFiles.length !== newFiles.length) return full(session, cwd, "file-set-changed");
  const userFiles = session.userSourceFiles();
  const userNames = new Set(userFiles.map((file) => file.fileName));
  const changed = new Set<string>();
  for (const file of newFiles) {
    const old = before.getSourceFile(file.fileName);
    if (!old) return full(session, cwd, "file-set-changed");
    if (old === file) continue;
    if (!userNames.has(file.fileName) || !state.files.has(file.fileName)) return full(session, cwd, "non-source-changed");
    if (isGlobal(old) || isGlobal(file)) return full(session, cwd, "global-declarations");
    changed.add(file.fileName);
  }
  for (const name of previous.changedFiles) {
    const path = toPosixPath(resolve(cwd, name));
    if (userNames.has(path)) {
      const file = program.getSourceFile(path);
      const old = before.getSourceFile(path);
      if ((file && isGlobal(file)) || (old && isGlobal(old))) return full(session, cwd, "global-declarations");
      changed.add(path);
    } else if (!isIgnorable(path)) {
      return full(session, cwd, "non-source-changed");
    }
  }
  if (userNames.size !== state.files.size) return full(session, cwd, "file-set-changed");
  for (const name of userNames) if (!state.files.has(name)) return full(session, cwd, "file-set-changed");
  if (
    program.getCompilerOptions() !== before.getCompilerOptions() &&
    JSON.stringify(program.getCompilerOptions()) !== JSON.stringify(before.getCompilerOptions())
  ) {
    return full(session, cwd, "non-source-changed");
  }

  const { affected, imported } = importersOf(changed, userFiles, program, before);
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
    });
  // The assembly reads its files and what they import: while none of them is affected and no walked
  // file comes to feed it, it is reused; otherwise it is made again from those files alone.
  let reassembled = [...affected].some((name) => state.assemblyFiles.has(name));
  const analyse = (memo: NodeMemo) => {
    const run = again(memo, reassembled);
    if (run) return run;
    reassembled = true;
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
  if (memo.survived > 0 && ![...changed].every((name) => !imported.has(name) || declaresAsBefore(name, before, program))) {
    run = analyse(state.memo.carry(affected));
  }
  states.set(run.inventory, run.state);
  return { inventory: run.inventory, fallback: null, affected: affected.size, reassembled };
}

function full(session: AnalysisSession, cwd: string, reason: FallbackReason): IncrementalOutcome {
  const run = analyzeSessionCore(session, cwd);
  if (!run) throw new Error("internal: a full analysis cannot fall back");
  states.set(run.inventory, run.state);
  return { inventory: run.inventory, fallback: reason, affected: session.userSourceFiles().length, reassembled: true };
}

/** `Program.emit` with its internal last parameter, `forceDtsEmit`. */
interface ForcedEmit {
  emit(
    file: ts.SourceFile,
    writeFile: ts.WriteFileCallback,
    cancellationToken: undefined,
    emitOnlyDtsFiles: true,
    transformers: undefined,
    forceDtsEmit: true,
  ): ts.EmitResult;
}

/**
 * Whether a changed file's declarations, as `tsc --declaration` writes them, are what they were:
 * then no other file can tell the change by a type or a symbol (TypeScript's own builder tells
 * which files to check again the same way). A file that augments other modules or the global
 * scope never gets here (a full analysis runs).
 */
function declaresAsBefore(fileName: string, before: ts.Program, now: ts.Program): boolean {
  if (!/\.(c|m)?tsx?$/.test(fileName) || /\.d\.[^/]*$/.test(fileName)) return false;
  const declarations = (program: ts.Program): string | undefined => {
    const file = program.getSourceFile(fileName);
    if (!file) return undefined;
    let text: string | undefined;
    // Forced: written whatever `noEmit` and `declaration` say, and without checking the whole file first.
    const result = (program as ForcedEmit).emit(file, (name, data) => (text = /\.d\.[cm]?ts$/.test(name) ? data : text), undefined, true, undefined, true);
    return result.diagnostics.length === 0 && text !== undefined ? withoutComments(text) : undefined;
  };
  const was = declarations(before);
  return was !== undefined && was === declarations(now);
}

/** Declarations as tokens: their comments (a JSDoc's words, a generated formatter's description) type nothing; triple-slash directives stay. */
function withoutComments(declarations: string): string {
  const directives = declarations.match(/^\/\/\/.*$/gm) ?? [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, declarations);
  const tokens: string[] = [...directives];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) tokens.push(scanner.getTokenText());
  return tokens.join(" ");
}

/** Our own output and editor leftovers in the watched folder: not inputs of the analysis when outside the Program. */
function isIgnorable(path: string): boolean {
  return !/\.(c|m)?tsx?$|\.json$/.test(path) || /(^|\/)node_modules\//.test(path);
}

/** A script (its declarations are global) or a file that declares into other modules or the global scope. */
function isGlobal(file: ts.SourceFile): boolean {
  if (!isExternalModule(file)) return true;
  return file.statements.some((statement) => isModuleDeclaration(statement));
}

interface ProgramInternals {
  getResolvedModuleFromModuleSpecifier?(specifier: ts.StringLiteralLike, file: ts.SourceFile): { resolvedModule?: { resolvedFileName: string } } | undefined;
}

/**
 * Each Program's project files' imports. An unchanged file (the same SourceFile) imports the same
 * in the next Program: its file set and options are the last one's (checked first), and
 * TypeScript itself hands such a file its old resolutions.
 */
const importsByProgram = new WeakMap<ts.Program, Map<ts.SourceFile, string[]>>();

/** The changed files and every project file that imports one of them, transitively; and the files some project file imports. */
function importersOf(
  changed: ReadonlySet<string>,
  files: readonly ts.SourceFile[],
  program: ts.Program,
  before: ts.Program,
): { affected: Set<string>; imported: Set<string> } {
  const importers = new Map<string, string[]>();
  const internals = program as unknown as ProgramInternals;
  const checker = program.getTypeChecker();
  const known = importsByProgram.get(before);
  const imports = new Map<ts.SourceFile, string[]>();
  importsByProgram.set(program, imports);
  for (const file of files) {
    const found = known?.get(file) ?? importsOf(file, internals, checker);
    imports.set(file, found);
    for (const imported of found) {
      const list = importers.get(imported) ?? [];
      list.push(file.fileName);
      importers.set(imported, list);
    }
  }
  const affected = new Set(changed);
  const queue = [...changed];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of importers.get(next) ?? []) {
      if (affected.has(importer)) continue;
      affected.add(importer);
      queue.push(importer);
    }
  }
  return { affected, imported: new Set(importers.keys()) };
}

function importsOf(file: ts.SourceFile, internals: ProgramInternals, checker: ts.TypeChecker): string[] {
  // `imports` (every import, export-from, require, import() and import type of the file) is internal to TypeScript.
  const specifiers = (file as unknown as { imports?: readonly ts.StringLiteralLike[] }).imports;
  const found: string[] = [];
  if (specifiers && internals.getResolvedModuleFromModuleSpecifier) {
    for (const specifier of specifiers) {
      const target = internals.getResolvedModuleFromModuleSpecifier(specifier, file)?.resolvedModule?.resolvedFileName;
      if (target) found.push(toPosixPath(target));
    }
    return found;
  }
  // Without the internals: ask the checker for each import and export declaration's module.
  const visit = (node: ts.Node): void => {
    if ((isImportDeclaration(node) || isExportDeclaration(node)) && node.moduleSpecifier) {
      const declaration = checker.getSymbolAtLocation(node.moduleSpecifier)?.declarations?.[0];
      if (declaration) found.push(declaration.getSourceFile().fileName);
    }
    forEachChild(node, visit);
  };
  visit(file);
  return found;
}
