/**
 * The file-system operations the write pipeline uses, as an interface so tests can inject
 * failures at any step (running as root, chmod cannot make a directory read-only).
 */
import * as nodeFs from "node:fs/promises";
import type { Dirent } from "node:fs";
import { InputError } from "../errors.js";

export interface WriteFs {
  readFile(path: string): Promise<string>;
  writeFile(path: string, content: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  /** Recursive; resolves to the first directory it created, undefined when all existed. */
  mkdir(path: string): Promise<string | undefined>;
  readdir(path: string): Promise<Dirent[]>;
  /** Removes an empty directory. */
  rmdir(path: string): Promise<void>;
  /** Removes a directory tree this run created. */
  rmTree(path: string): Promise<void>;
  /** `"file"`, `"directory"`, `"other"` (links, sockets...) or undefined when absent. Never follows links. */
  kind(path: string): Promise<"file" | "directory" | "other" | undefined>;
}

export const nodeWriteFs: WriteFs = {
  readFile: (path) => nodeFs.readFile(path, "utf8"),
  writeFile: (path, content) => nodeFs.writeFile(path, content, "utf8"),
  rename: (from, to) => nodeFs.rename(from, to),
  unlink: (path) => nodeFs.unlink(path),
  mkdir: (path) => nodeFs.mkdir(path, { recursive: true }),
  readdir: (path) => nodeFs.readdir(path, { withFileTypes: true }),
  rmdir: (path) => nodeFs.rmdir(path),
  rmTree: (path) => nodeFs.rm(path, { recursive: true, force: true }),
  async kind(path) {
    try {
      const stat = await nodeFs.lstat(path);
      return stat.isFile() ? "file" : stat.isDirectory() ? "directory" : "other";
    } catch (error) {
      if (errorCode(error) === "ENOENT") return undefined;
      throw error;
    }
  },
};

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Errors that come from the user's disk, not from a bug here: reported with exit code 2. */
const ENVIRONMENT_CODES: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  ENOTDIR: "a parent path is not a directory",
  EISDIR: "the path is a directory",
  EEXIST: "the path already exists",
  EBUSY: "the path is busy",
};

/** `error` as an `InputError` naming `displayPath` when the disk refused; otherwise unchanged. */
export function fsError(error: unknown, action: string, displayPath: string): unknown {
  const code = errorCode(error);
  const reason = code === undefined ? undefined : ENVIRONMENT_CODES[code];
  if (reason === undefined) return error;
  return new InputError(`cannot ${action} ${displayPath}: ${reason} (${code})`, { file: displayPath });
}
