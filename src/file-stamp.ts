import { statSync } from "node:fs";

/**
 * What changes whenever a file's content may have: inode (an atomic save renames a new one in),
 * size, modification and change times. Undefined when there is no such file. Watch mode reads a
 * file again only when its stamp changed (analyze/compiler-host.ts, write/memo.ts).
 */
export function fileStamp(path: string): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat?.isFile() ? `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}` : undefined;
}
