import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { packageRoot } from "../../src/package-root.js";

/**
 * Type-level tests compile real files with the real compiler: `expectTypeOf` cannot prove that
 * generated code is *rejected* under the exact options users run. The options mirror what the
 * generator promises its output survives.
 */

export interface TscOutcome {
  exitCode: number;
  /** tsc's own output (`file(line,col): error TSxxxx: ...`), paths as tsc prints them. */
  diagnostics: string;
}

export const strictCompilerOptions = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
} as const;

const tscPath = join(packageRoot, "node_modules", "typescript", "lib", "tsc.js");

/**
 * Compile `rootFiles` (absolute, or relative to the package root) with the strict options. The
 * tsconfig goes into a fresh temp dir, never beside the fixtures, and is removed afterwards.
 * `extraOptions` override or extend the strict set (e.g. `{ types: ["node"] }`).
 */
export function runTsc(rootFiles: readonly string[], extraOptions: Record<string, unknown> = {}): TscOutcome {
  const dir = mkdtempSync(join(tmpdir(), "mcp-conform-tsc-"));
  try {
    const tsconfigPath = join(dir, "tsconfig.json");
    const tsconfig = {
      compilerOptions: { ...strictCompilerOptions, ...extraOptions },
      files: rootFiles.map((file) => resolve(packageRoot, file)),
    };
    writeFileSync(tsconfigPath, JSON.stringify(tsconfig, null, 2));
    const run = spawnSync(process.execPath, [tscPath, "-p", tsconfigPath, "--pretty", "false"], {
      cwd: packageRoot,
      encoding: "utf8",
    });
    if (run.error) throw run.error;
    return { exitCode: run.status ?? -1, diagnostics: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
