import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { WriteFs } from "./fs.js";
import { tempName } from "./scan.js";

/**
 * Every single file mcp-conform writes outside a generated batch (write/apply.ts, which rolls a
 * whole batch back) goes through here: written beside, then renamed, so a reader or a crash never
 * sees half a file. The temp file is named as the output writer names its own (scan.ts), so a
 * killed run's leftover is recognised as ours and cleaned up.
 */
export function writeFileAtomically(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = join(dirname(path), tempName(basename(path)));
  try {
    writeFileSync(temporary, content, "utf8");
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The same through a `WriteFs` (the format cache's, which tests replace). */
export async function writeFileAtomicallyWith(fs: WriteFs, path: string, content: string): Promise<void> {
  const temporary = join(dirname(path), tempName(basename(path)));
  try {
    await fs.mkdir(dirname(path));
    await fs.writeFile(temporary, content);
    await fs.rename(temporary, path);
  } catch (error) {
    await fs.unlink(temporary).catch(() => undefined);
    throw error;
  }
}
