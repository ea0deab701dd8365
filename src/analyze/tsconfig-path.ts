import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { InputError } from "../errors.js";
import { toPosixPath } from "./paths.js";

// Finding the tsconfig loads no compiler: generate's skip of an unchanged run (src/incremental/stamps.ts) starts here.

/**
 * Resolve `--project` (a tsconfig file or its folder) or, without it, the nearest tsconfig.json
 * upward from `cwd`, the way `tsc` does.
 */
export function resolveTsconfigPath(projectArg: string | undefined, cwd: string): string {
  if (projectArg !== undefined) {
    const given = resolve(cwd, projectArg);
    if (!existsSync(given)) throw new InputError(`--project ${projectArg}: no such file or folder`);
    if (statSync(given).isDirectory()) {
      const inside = join(given, "tsconfig.json");
      if (!existsSync(inside)) throw new InputError(`no tsconfig.json in ${projectArg}`, { file: projectArg });
      return inside;
    }
    return given;
  }
  const nearest = nearestTsconfig(cwd);
  if (nearest === null) {
    throw new InputError(`no tsconfig.json found in ${toPosixPath(cwd)} or any folder above it; pass --project <tsconfig.json or its folder>`);
  }
  return nearest;
}

/** The nearest tsconfig.json in `cwd` or a folder above it, or null outside any project. */
export function nearestTsconfig(cwd: string): string | null {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, "tsconfig.json");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}
