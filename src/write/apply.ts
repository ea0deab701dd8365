/**
 * Puts a plan on disk so that a failure at any point leaves the previous output as it was.
 *
 * 1. Every new content goes to a temp file beside its target (`.<name>.mcp-conform-<pid>.tmp`,
 *    same folder, so the rename is atomic on every file system), creating folders as needed.
 * 2. Temps are renamed into place.
 * 3. Stale files are deleted; folders that held only them are removed.
 *
 * A failure in 1 removes the temps and the folders this run created. A failure in 2 or 3 also
 * undoes what was already renamed or deleted, from the previous contents the plan read, so no
 * mix of old and new output is left behind. Disk refusals (read-only folder, permissions, full
 * disk) become an `InputError` naming the path: exit 2.
 */
import { basename, dirname, join } from "node:path";
import { fsError, type WriteFs } from "./fs.js";
import type { Plan, PlannedWrite } from "./plan.js";
import { displayPath } from "./plan.js";
import { inParallel } from "./parallel.js";
import { tempName } from "./scan.js";

export interface ApplyResult {
  written: string[];
  deleted: string[];
  scaffolded: string[];
}

export async function applyPlan(plan: Plan, fs: WriteFs): Promise<ApplyResult> {
  const display = (absPath: string): string => displayPath(plan.projectRoot, absPath);
  const files: PlannedWrite[] = [...plan.writes, ...plan.scaffolds];
  const createdDirs: string[] = [];
  const temps = new Map<PlannedWrite, string>();
  const undo: (() => Promise<void>)[] = [];

  const rollBack = async (): Promise<void> => {
    // Best effort: a failing undo must not hide the error that caused the roll-back.
    for (const temp of temps.values()) await fs.unlink(temp).catch(() => undefined);
    for (const step of undo.reverse()) await step().catch(() => undefined);
    for (const dir of createdDirs.reverse()) await fs.rmTree(dir).catch(() => undefined);
  };

  try {
    for (const dir of [...new Set(files.map((file) => dirname(file.absPath)))].sort()) {
      const created = await attempt("create the folder", dir, () => fs.mkdir(dir));
      if (created !== undefined) createdDirs.push(created);
    }
    await inParallel(files, async (file) => {
      const temp = join(dirname(file.absPath), tempName(basename(file.absPath)));
      temps.set(file, temp);
      await attempt("write", file.absPath, () => fs.writeFile(temp, file.content));
    });
    await inParallel(files, async (file) => {
      const { absPath, previous } = file;
      await attempt("replace", absPath, () => fs.rename(temps.get(file)!, absPath));
      temps.delete(file);
      undo.push(previous === undefined ? () => fs.unlink(absPath) : () => fs.writeFile(absPath, previous));
    });
    await inParallel(plan.deletes, async ({ absPath, previous }) => {
      await attempt("delete", absPath, () => fs.unlink(absPath));
      if (previous !== undefined) undo.push(() => fs.writeFile(absPath, previous));
    });
  } catch (error) {
    await rollBack();
    const failed = error instanceof StepError ? error : undefined;
    throw failed ? fsError(failed.cause, failed.action, display(failed.path)) : error;
  }

  await removeEmptiedFolders(
    fs,
    plan.outputDir,
    plan.deletes.map((stale) => stale.absPath),
  );

  return {
    written: plan.writes.map((file) => file.path),
    deleted: plan.deletes.map((file) => file.path),
    scaffolded: plan.scaffolds.map((file) => file.path),
  };
}

/** A failed file-system step, remembering what was being done to which path. */
class StepError extends Error {
  constructor(
    readonly action: string,
    readonly path: string,
    override readonly cause: unknown,
  ) {
    super(`${action} ${path}`);
  }
}

async function attempt<T>(action: string, path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StepError(action, path, error);
  }
}

/** Folders under the output folder that our deletions emptied; the output folder itself stays. */
async function removeEmptiedFolders(fs: WriteFs, outputDir: string, deleted: string[]): Promise<void> {
  const candidates = new Set<string>();
  for (const file of deleted) {
    for (let dir = dirname(file); dir !== outputDir && dir.startsWith(outputDir); dir = dirname(dir)) candidates.add(dir);
  }
  // Deepest first, so a parent is tried after its children; rmdir refuses non-empty folders.
  for (const dir of [...candidates].sort((a, b) => b.length - a.length)) await fs.rmdir(dir).catch(() => undefined);
}
