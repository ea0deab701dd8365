import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { createTwoFilesPatch } from "diff";
import type { ts } from "../compiler.cjs";
import { analyze, analyzeSession, openSession } from "../analyze/analyze.js";
import { importsMissingOutput } from "../analyze/output-imports.js";
import { AnalysisSession } from "../analyze/session.js";
import { generate } from "../generate/generate.js";
import type { Inventory } from "../analyze/inventory.js";
import { toPosixPath } from "../analyze/paths.js";
import { InputError } from "../errors.js";
import type { GenerateConfig } from "../generate/config.js";
import { assertGeneratable } from "../generate/generatable.js";
import { createFormatter, loadBundledPrettier } from "../write/format.js";
import { emit } from "../emit.js";
import { assertNoProtocolSwitch } from "../check/protocol-switch.js";
import { uncommittedFiles } from "./git.js";
import type { MigrationPlan } from "./outcome.js";
import { planMigration } from "./plan.js";
import { throwAssertions } from "./test-assertions.js";
import { writeFileAtomically } from "../write/atomic-file.js";
import { FileSnapshot } from "./snapshot.js";
import { formatRewritten } from "./format-rewrites.js";
import { formatTypeError, newTypeErrors, type TypeError, typeErrors } from "./typecheck.js";

export interface MigrateRunOptions {
  /** tsconfig.json or its folder. */
  project: string;
  cwd: string;
  config: GenerateConfig;
  write: boolean;
  force: boolean;
  format: boolean;
  /** A dry run type-checks the planned result in memory unless this is false. */
  typecheck?: boolean;
}

export interface MigrateRunResult {
  plan: MigrationPlan;
  root: string;
  /** Set after `--write`: what was written, or the type errors that rolled it back. */
  written: string[];
  rolledBack: TypeError[] | null;
  /**
   * A dry run's verdict: the type errors `--write` would put everything back for (empty: it
   * would pass), from the planned sources and output type-checked in memory; null after `--write`.
   */
  wouldRollBack: TypeError[] | null;
}

/** Does the project use Prettier? A config file (or `prettier` key) that applies to its root. */
async function usesPrettier(root: string): Promise<boolean> {
  const prettier = await loadBundledPrettier();
  return (await (prettier as unknown as { resolveConfigFile(path: string): Promise<string | null> }).resolveConfigFile(join(root, "package.json"))) !== null;
}

/**
 * Plan, and with `write`: refuse a dirty tree, write the rewritten sources, regenerate the output
 * for them, type-check, and put every file back if the migration introduced a type error.
 */
export async function runMigration(options: MigrateRunOptions): Promise<MigrateRunResult> {
  const session = openSession({ project: options.project, cwd: options.cwd, editable: true });
  const inventory = analyzeSession(session, options.cwd);
  assertGeneratable(inventory, "migrate");
  // Handlers written for another protocol are moved below; guidance stubs the new protocol would not use are the user's call.
  assertNoProtocolSwitch(session, options.config, options.cwd, (misfit) => misfit.kind === "stub");
  const root = session.rootDir;
  const plan = planMigration(session, inventory, { protocol: options.config.protocol, guidance: options.config.guidance, outputDir: options.config.outputDir });
  plan.throwAssertions = throwAssertions(root, options.config.outputDir, plan.migrated);
  // Refused before anything is formatted: the answer does not wait for Prettier.
  if (options.write && !options.force && plan.files.size > 0) refuseUncommitted(root, [...plan.files.keys()], options.cwd);
  if (options.format && plan.files.size > 0 && (await usesPrettier(root))) {
    // What migrate wrote, statement by statement, with the project's own Prettier and options: the
    // rest of each file keeps its bytes, formatted or not (format-rewrites.ts).
    const formatter = createFormatter({ enabled: true });
    for (const [file, entry] of plan.files)
      entry.after = await formatRewritten(file, entry.after, entry.rewritten, (source, indent) => formatter.formatPiece(file, source, indent));
  }
  if (plan.files.size === 0) return { plan, root, written: [], rolledBack: null, wouldRollBack: null };
  if (!options.write)
    return {
      plan,
      root,
      written: [],
      rolledBack: null,
      wouldRollBack: options.typecheck === false ? null : typeCheckInMemory(session, inventory, plan, options),
    };

  const touched = [...plan.files.keys()];
  // The errors the project had before, read from the legacy Program (still the one analysed, in
  // memory) only when the migrated project has errors: a project that type-checks clean after the
  // migration needs no baseline, and that is one full type-check fewer.
  const legacyProgram = session.requireCompilerProgram("migrate");
  const snapshot = new FileSnapshot().folder(join(root, options.config.outputDir));
  for (const file of touched) snapshot.file(file);
  const emitTo = (tools: Inventory) =>
    emit(tools, {
      projectRoot: root,
      config: options.config,
      format: options.format,
      stubHints: plan.stubHints,
      beforeWrite: (scaffolded) => {
        for (const stub of scaffolded.keys()) snapshot.file(join(root, stub));
      },
    });
  try {
    for (const [file, { after }] of plan.files) writeFileAtomically(file, after);
    // The output for the tools as they were read first, as the dry run does: the rewritten
    // handlers' imports of their formatters, `conform` and the warning IDs then resolve in the
    // analysis that follows (unresolved, their parameters would lose the registration's contextual
    // types), so one analysis of the migrated project is enough. A second pass runs only if some
    // import of the output still does not resolve, as `generate` does: the result is what the next
    // `generate` would write, and that one is a no-op.
    await emitTo(inventory);
    // The Program of the last analysis, when its emit changed no file: it read the disk as the
    // type-check below would, and its checker is warm from the analysis.
    let current: ts.Program | undefined;
    for (let pass = 0; pass < 2; pass++) {
      const { inventory: migrated, session: analysed } = analyze({ project: options.project, cwd: options.cwd });
      const again = pass === 0 && importsMissingOutput(analysed, join(root, options.config.outputDir));
      const { outcome } = await emitTo(migrated);
      const unchanged = outcome.written.length === 0 && outcome.deleted.length === 0 && outcome.scaffolded.length === 0;
      current = unchanged ? analysed.compilerProgram : undefined;
      if (!current) analysed.close();
      if (!again) break;
    }
    const after = typeErrors(current ?? openSession({ project: options.project, cwd: options.cwd, engine: "ts6" }).requireCompilerProgram("migrate"), root);
    const introduced = after.length === 0 ? [] : newTypeErrors(typeErrors(legacyProgram, root), after);
    if (introduced.length > 0) {
      snapshot.restore();
      return { plan, root, written: [], rolledBack: introduced, wouldRollBack: null };
    }
  } catch (error) {
    snapshot.restore();
    throw error;
  }
  return { plan, root, written: touched.map((file) => toPosixPath(relative(root, file))).sort(), rolledBack: null, wouldRollBack: null };
}

/** migrate --write needs version control to undo it, and never rewrites a file with uncommitted changes. */
function refuseUncommitted(root: string, touched: readonly string[], cwd: string): void {
  const dirty = uncommittedFiles(root, touched);
  if (dirty === null)
    throw new InputError(
      `${toPosixPath(relative(cwd, root)) || "."} is not in a git repository: migrate --write rewrites source files and needs version control to undo it; commit the project to git, or pass --force`,
    );
  if (dirty.length > 0)
    throw new InputError(`migrate --write would rewrite files with uncommitted changes: ${dirty.join(", ")}. Commit or stash them first, or pass --force`);
}

/**
 * What `--write` would do, done to the session's in-memory project instead of the disk: the
 * rewritten sources, then the output generated for them (from an analysis in which their imports
 * of the output resolve, as `--write`'s second pass), then one type-check against the project as read. The project is put back as
 * it was read before returning, whatever happens.
 */
function typeCheckInMemory(session: AnalysisSession, legacy: Inventory, plan: MigrationPlan, options: MigrateRunOptions): TypeError[] {
  const project = session.project!;
  const root = session.rootDir;
  const baseline = typeErrors(session.requireCompilerProgram("migrate"), root);
  const originals = new Map<string, string>();
  const created = new Set<string>();
  const put = (fileName: string, text: string): void => {
    const existing = project.getSourceFile(fileName);
    if (existing) {
      if (!originals.has(fileName) && !created.has(fileName)) originals.set(fileName, existing.getFullText());
      existing.replaceWithText(text);
    } else if (!existsSync(fileName)) {
      project.createSourceFile(fileName, text, { overwrite: true });
      created.add(fileName);
    }
  };
  const emitInMemory = (inventory: Inventory): void => {
    const { generated, scaffolded } = generate(inventory, options.config, plan.stubHints);
    for (const [path, text] of generated) put(join(root, path), text);
    // A stub is scaffolded only where none exists; the user's own stays as it is.
    for (const [path, text] of scaffolded) if (!existsSync(join(root, path))) put(join(root, path), text);
  };
  try {
    for (const [file, { after }] of plan.files) put(file, after);
    // The output for the tools as they were read first, so the rewritten handlers' imports resolve
    // in the one analysis that follows (what --write's second pass sees), then the output for them.
    emitInMemory(legacy);
    emitInMemory(analyzeSession(AnalysisSession.fromProject(project, session.tsconfigPath), options.cwd));
    return newTypeErrors(baseline, typeErrors(AnalysisSession.fromProject(project, session.tsconfigPath).requireCompilerProgram("migrate"), root));
  } finally {
    for (const [fileName, text] of originals) project.getSourceFileOrThrow(fileName).replaceWithText(text);
    for (const fileName of created) {
      const file = project.getSourceFile(fileName);
      if (file) project.removeSourceFile(file);
    }
  }
}

/** Each rewritten file as a unified diff, paths relative to the project. */
export function planDiff(plan: MigrationPlan, root: string): string {
  return [...plan.files]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([file, { before, after }]) => {
      const path = toPosixPath(relative(root, file));
      return createTwoFilesPatch(`a/${path}`, `b/${path}`, before, after, undefined, undefined, { context: 3 });
    })
    .join("");
}

export function planSummary(plan: MigrationPlan): string {
  const lines = [
    `${plan.migrated.length} tool${plan.migrated.length === 1 ? "" : "s"} migrated, ${plan.skipped.length} skipped, ${plan.upToDate.length} already on the formatters`,
  ];
  for (const tool of plan.migrated) lines.push(`  migrated ${tool.tool} (${tool.file}:${tool.line}): ${tool.changes.join(", ")}`);
  for (const tool of plan.skipped) lines.push(`  skipped  ${tool.tool} (${tool.file}:${tool.line}): ${tool.reason}`);
  for (const where of plan.dispatchers) lines.push(`  dispatcher ${where}: passes results through (its tools were already on the formatters)`);
  for (const { file, tools } of plan.throwAssertions ?? []) {
    lines.push(
      `  test     ${file} asserts a throw, and ${tools.join(", ")} now return${tools.length === 1 ? "s" : ""} an error result instead of throwing: its assertions keep their meaning only if they check the result's isError (migrate leaves tests alone)`,
    );
  }
  return lines.join("\n");
}

export { formatTypeError };
