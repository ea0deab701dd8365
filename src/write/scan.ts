/** What the output folder holds now: every file (read), every folder, and anything else. */
import { join } from "node:path";
import { InputError } from "../errors.js";
import { errorCode, fsError, type WriteFs } from "./fs.js";
import { inParallel } from "./parallel.js";

export interface OutputDirContents {
  /** Regular files, keyed by path relative to the output folder with `/` separators. */
  files: Map<string, string>;
  directories: Set<string>;
  /** Symbolic links, sockets...: never ours, so always conflicts. */
  others: string[];
  /** Temp files a killed run left behind (`.<name>.mcp-conform-<pid>.tmp`); ours by name. */
  leftovers: string[];
}

const TEMP_NAME = /^\..+\.mcp-conform-\d+\.tmp$/;

export function tempName(name: string, pid: number = process.pid): string {
  return `.${name}.mcp-conform-${pid}.tmp`;
}

export async function scanOutputDir(fs: WriteFs, outputDir: string, display: (absPath: string) => string): Promise<OutputDirContents> {
  const contents: OutputDirContents = { files: new Map(), directories: new Set(), others: [], leftovers: [] };
  const kind = await fs.kind(outputDir);
  if (kind === undefined) return contents;
  if (kind !== "directory") throw new InputError(`the output folder ${display(outputDir)} is not a folder`, { file: display(outputDir) });

  const toRead: [rel: string, abs: string][] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dir);
    } catch (error) {
      throw fsError(error, "read the folder", display(dir));
    }
    const subdirs: Promise<void>[] = [];
    for (const entry of entries) {
      const rel = prefix + entry.name;
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        contents.directories.add(rel);
        subdirs.push(walk(abs, `${rel}/`));
      } else if (!entry.isFile()) {
        contents.others.push(rel);
      } else if (TEMP_NAME.test(entry.name)) {
        contents.leftovers.push(rel);
      } else {
        toRead.push([rel, abs]);
      }
    }
    // allSettled: one failing branch must not leave the others' rejections unhandled.
    const results = await Promise.allSettled(subdirs);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  };
  await walk(outputDir, "");
  await inParallel(toRead, async ([rel, abs]) => {
    try {
      contents.files.set(rel, await fs.readFile(abs));
    } catch (error) {
      // Vanished between listing and reading: nothing there to protect or delete.
      if (errorCode(error) !== "ENOENT") throw fsError(error, "read", display(abs));
    }
  });
  return contents;
}
