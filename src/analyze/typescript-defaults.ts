import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ts } from "../compiler.cjs";

/**
 * The project's own TypeScript major, for the compiler defaults its `tsc` applies: the range
 * package.json declares for `typescript` (the nearest package.json upward that declares one), else
 * the version installed where the project resolves it. Undefined when neither says.
 */
export function projectTypeScriptMajor(tsconfigPath: string): number | undefined {
  for (let dir = dirname(tsconfigPath); ; dir = dirname(dir)) {
    const declared = declaredMajor(join(dir, "package.json"));
    if (declared !== undefined) return declared;
    const installed = installedMajor(join(dir, "node_modules", "typescript", "package.json"));
    if (installed !== undefined) return installed;
    if (dirname(dir) === dir) return undefined;
  }
}

function readJson(path: string): Record<string, unknown> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function declaredMajor(packageJson: string): number | undefined {
  const manifest = readJson(packageJson);
  if (!manifest) return undefined;
  for (const field of ["devDependencies", "dependencies", "peerDependencies"]) {
    const dependencies = manifest[field];
    const range = typeof dependencies === "object" && dependencies !== null ? (dependencies as Record<string, unknown>)["typescript"] : undefined;
    if (typeof range !== "string") continue;
    // `^5.6.3`, `~5.4`, `5.x`, `>=5.0 <6`; an alias (`npm:typescript@7.0.2`) says its version after the `@`.
    const major = /(?:^|@|[\s^~>=<]|^v)(\d+)(?:\.|$|\s|x)/.exec(range.includes("@") ? range.slice(range.lastIndexOf("@")) : range);
    if (major) return Number(major[1]);
  }
  return undefined;
}

function installedMajor(packageJson: string): number | undefined {
  const version = readJson(packageJson)?.["version"];
  const major = typeof version === "string" ? /^(\d+)\./.exec(version) : null;
  return major ? Number(major[1]) : undefined;
}

/**
 * Compiler options as the project's own TypeScript reads its tsconfig. mcp-conform analyses with
 * TypeScript 6, whose defaults changed: `types` is `[]` (5 loaded every `@types` package) and
 * `strict` is on (5: off). For a project on TypeScript 5 or older, an option its tsconfig leaves
 * unset takes 5's default, so `process`, `fs` and friends resolve (no false MCPA004, no `any`
 * payloads) and types print as its own `tsc` prints them.
 */
export function withProjectDefaults(options: ts.CompilerOptions, major: number | undefined): ts.CompilerOptions {
  if (major === undefined || major >= 6) return options;
  const adjusted: ts.CompilerOptions = { ...options };
  if (adjusted.types === undefined) adjusted.types = ["*"];
  if (adjusted.strict === undefined) adjusted.strict = false;
  return adjusted;
}
