import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Vitest global setup: after the run, the fixtures generated once per test process
 * (test/check/helpers.ts, `generatedCopy`) are removed. A test process is ended by Vitest, not
 * left to exit, so it cannot remove them itself. Each carries the Vitest process's id, so a run
 * removes its own and not those of another run in the same checkout.
 */
export default function setup(): () => void {
  const scratch = join(fileURLToPath(import.meta.url), "..", "..", "..", ".tmp");
  return () => {
    let names: string[];
    try {
      names = readdirSync(scratch);
    } catch {
      return;
    }
    for (const name of names) if (name.startsWith(`generated-${process.pid}-`)) rmSync(join(scratch, name), { recursive: true, force: true });
  };
}
