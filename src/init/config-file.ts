import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ts } from "../compiler.cjs";

export interface WrittenConfig {
  /** Absolute path of the config written. */
  path: string;
  /** Why it is not `mcp-conform.config.ts`, when it is not. */
  reason?: string;
}

/** Whether tsc compiles `file` as part of the project (its `files`, `include` and `exclude`). */
function compiledBy(tsconfigPath: string, file: string): boolean {
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  return parsed?.fileNames.some((name) => resolve(name) === resolve(file)) ?? false;
}

/**
 * Writes the config as `mcp-conform.config.ts` (typed through `defineConfig`), unless the
 * project's tsc would then compile it with the sources: a tsconfig with no `include` takes every
 * .ts file of its folder, and the config would sit outside `rootDir` (an error) or move the whole
 * emitted layout under `outDir`. Then it writes `mcp-conform.config.json`, which tsc never picks
 * up, and says why. Whether tsc takes the file is asked of TypeScript itself, with the file in
 * place; only a file this call just created is ever removed. A config being replaced (`--force`)
 * keeps its name.
 */
export function writeConfigFile(dir: string, tsconfigPath: string, contents: { ts: string; json: string }, replacing?: string): WrittenConfig {
  const tsPath = join(dir, "mcp-conform.config.ts");
  const jsonPath = join(dir, "mcp-conform.config.json");
  if (replacing !== undefined && resolve(replacing) === resolve(jsonPath)) {
    writeFileSync(jsonPath, contents.json);
    return { path: jsonPath };
  }
  const existed = existsSync(tsPath);
  writeFileSync(tsPath, contents.ts);
  if (existed || !compiledBy(tsconfigPath, tsPath)) return { path: tsPath };
  rmSync(tsPath);
  writeFileSync(jsonPath, contents.json);
  return {
    path: jsonPath,
    reason:
      "your tsconfig takes every .ts file of its folder (no `include` narrower than it), so tsc would compile a mcp-conform.config.ts with your sources, outside `rootDir` or into `outDir`; tsc never picks up the .json",
  };
}
