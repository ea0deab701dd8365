import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomically } from "../write/atomic-file.js";

/**
 * The contents of some folders and files as they were, to put back on rollback: files that
 * existed get their bytes back, files that did not are removed.
 */
export class FileSnapshot {
  private readonly before = new Map<string, string | null>();
  private readonly folders: string[] = [];

  /** Remember every file under `folder` (recursively); files created there later are removed on restore. */
  folder(folder: string): this {
    this.folders.push(folder);
    for (const file of listFiles(folder)) this.file(file);
    return this;
  }

  file(path: string): this {
    if (!this.before.has(path)) this.before.set(path, existsSync(path) ? readFileSync(path, "utf8") : null);
    return this;
  }

  restore(): void {
    for (const folder of this.folders) for (const file of listFiles(folder)) if (!this.before.has(file)) rmSync(file, { force: true });
    for (const [path, content] of this.before) {
      if (content === null) rmSync(path, { force: true });
      else writeAtomically(path, content);
    }
  }
}

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Migrate writes each rewritten source as every single file is written (write/atomic-file.ts). */
export const writeAtomically = writeFileAtomically;
