import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { packageRoot } from "../../../src/package-root.js";
import { strictCompilerOptions, type TscOutcome } from "../../helpers/tsc.js";

/**
 * The generated runtime must also type-check under TypeScript 7 (installed as `typescript7`, a
 * native binary with no JavaScript API), so the same strict options are run through its `tsc`.
 * Belongs beside `runTsc` in test/helpers once that helper learns to pick a compiler.
 */
export function runTsc7(rootFiles: readonly string[]): TscOutcome {
  const dir = mkdtempSync(join(tmpdir(), "mcp-conform-tsc7-"));
  try {
    const tsconfigPath = join(dir, "tsconfig.json");
    const files = rootFiles.map((file) => resolve(packageRoot, file));
    writeFileSync(tsconfigPath, JSON.stringify({ compilerOptions: strictCompilerOptions, files }, null, 2));
    const run = spawnSync(join(packageRoot, "node_modules", "typescript7", "bin", "tsc"), ["-p", tsconfigPath, "--pretty", "false"], {
      cwd: packageRoot,
      encoding: "utf8",
    });
    if (run.error) throw run.error;
    return { exitCode: run.status ?? -1, diagnostics: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
