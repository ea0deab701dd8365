import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomically } from "../write/atomic-file.js";

/**
 * The contents of some folders and files as they were, to put back on rollback: files that
 * existed get their bytes back, files that did not are removed.
 */
export class FileSnapshot {
  private readonly before = new Map<string, string | null>();
  private readonly folders: string[] = [];
  /** Folders that existed when they were first seen: any other folder a run creates goes on restore. */
  private readonly existing = new Set<string>();

  /** Remember every file under `folder` (recursively); files and folders created there later are removed on restore. */
  folder(folder: string): this {
    this.folders.push(folder);
    this.ancestors(folder);
    for (const directory of listDirectories(folder)) this.existing.add(directory);
    for (const file of listFiles(folder)) this.file(file);
    return this;
  }

  file(path: string): this {
    if (!this.before.has(path)) {
      this.ancestors(dirname(path));
      this.before.set(path, existsSync(path) ? readFileSync(path, "utf8") : null);
    }
    return this;
  }

  /** Which of `folder` and its parents exist now, up to the first that does. */
  private ancestors(folder: string): void {
    for (let current = folder; ; current = dirname(current)) {
      if (existsSync(current)) {
        this.existing.add(current);
        return;
      }
      if (dirname(current) === current) return;
    }
  }

  restore(): void {
    const created = new Set<string>();
    for (const folder of this.folders) {
      for (const file of listFiles(folder)) if (!this.before.has(file)) rmSync(file, { force: true });
      for (const directory of [folder, ...listDirectories(folder)]) if (!this.existing.has(directory)) created.add(directory);
    }
    for (const [path, content] of this.before) {
      if (content === null) {
        rmSync(path, { force: true });
        for (let current = dirname(path); !this.existing.has(current) && dirname(current) !== current; current = dirname(current)) created.add(current);
      } else writeFileAtomically(path, content);
    }
    for (const folder of this.folders)
      for (let current = dirname(folder); !this.existing.has(current) && dirname(current) !== current; current = dirname(current)) created.add(current);
    // Deepest first, and only when empty: a folder the run created holds nothing of anyone else's.
    for (const directory of [...created].sort((a, b) => b.length - a.length)) {
      if (existsSync(directory) && readdirSync(directory).length === 0) rmdirSync(directory);
    }
  }
}

function listDirectories(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name));
}

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
