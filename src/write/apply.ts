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

  let step: { action: string; path: string } = { action: "write", path: "" };
  try {
    for (const dir of [...new Set(files.map((file) => dirname(file.absPath)))].sort()) {
      step = { action: "create the folder", path: dir };
      const created = await fs.mkdir(dir);
      if (created !== undefined) createdDirs.push(created);
    }
    for (const file of files) {
      const temp = join(dirname(file.absPath), tempName(basename(file.absPath)));
      step = { action: "write", path: file.absPath };
      temps.set(file, temp);
      await fs.writeFile(temp, file.content);
    }
    for (const file of files) {
      step = { action: "replace", path: file.absPath };
      await fs.rename(temps.get(file)!, file.absPath);
      temps.delete(file);
      const { absPath, previous } = file;
      undo.push(previous === undefined ? () => fs.unlink(absPath) : () => fs.writeFile(absPath, previous));
    }
    for (const stale of plan.deletes) {
      step = { action: "delete", path: stale.absPath };
      await fs.unlink(stale.absPath);
      const { absPath, previous } = stale;
      if (previous !== undefined) undo.push(() => fs.writeFile(absPath, previous));
    }
  } catch (error) {
    await rollBack();
    throw fsError(error, step.action, display(step.path));
  }

  await removeEmptiedFolders(fs, plan.outputDir, plan.deletes.map((stale) => stale.absPath));

  return {
    written: plan.writes.map((file) => file.path),
    deleted: plan.deletes.map((file) => file.path),
    scaffolded: plan.scaffolds.map((file) => file.path),
  };
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
