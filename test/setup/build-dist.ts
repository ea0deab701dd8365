import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Vitest global setup: a fresh `dist/` before any test runs. A fresh clone has none (`prepack`
 * builds it, not `npm ci`), and the parts that only exist built (Prettier's worker thread, the
 * language-service plugin's entry) must be what the sources say, not a stale earlier build.
 */
export default function buildDist(): void {
  const repoRoot = join(fileURLToPath(import.meta.url), "..", "..", "..");
  const build = spawnSync(process.execPath, [join(repoRoot, "scripts", "build.mjs")], { cwd: repoRoot, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`npm run build failed before the tests:\n${build.stdout}${build.stderr}`);
}
