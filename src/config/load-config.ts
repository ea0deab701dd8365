import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { InputError } from "../errors.js";
import { toPosixPath } from "../analyze/paths.js";
import type { McpConformConfig } from "./config.js";
import { escapeRegExp } from "./escape-regexp.js";

export const CONFIG_FILE_NAMES = [
  "mcp-conform.config.ts",
  "mcp-conform.config.mts",
  "mcp-conform.config.mjs",
  "mcp-conform.config.js",
  "mcp-conform.config.json",
];

export interface LoadedConfig {
  config: McpConformConfig;
  /** Absolute path of the file it came from; null when no config file exists. */
  path: string | null;
}

function display(path: string, cwd: string): string {
  return toPosixPath(relative(cwd, path) || path);
}

/** The first config file in `dir`, by CONFIG_FILE_NAMES' order. */
function configIn(dir: string): string | undefined {
  return CONFIG_FILE_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
}

/** The nearest config file from `cwd` upward, the way the tsconfig is found: a subfolder of the project runs like its root. */
export function findConfigFile(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const found = configIn(dir);
    if (found !== undefined || dirname(dir) === dir) return found;
  }
}

/**
 * Load `--config <file>`, else the nearest config file from `cwd` upward. TypeScript configs load
 * through jiti: small, maintained by the unjs team, no build step, and it understands
 * `defineConfig` imports. A syntax error is reported at its line and column.
 */
export async function loadConfig(explicit: string | undefined, cwd: string): Promise<LoadedConfig> {
  const path = explicit !== undefined ? resolve(cwd, explicit) : findConfigFile(cwd);
  if (path === undefined) return { config: {}, path: null };
  if (!existsSync(path)) throw new InputError(`config file not found: ${explicit ?? path}`);
  const file = display(path, cwd);

  let raw: unknown;
  if (path.endsWith(".json")) {
    raw = readJsonConfig(path, file);
  } else {
    try {
      const { createJiti } = await import("jiti");
      const jiti = createJiti(import.meta.url, { moduleCache: false });
      raw = await jiti.import(path, { default: true });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // jiti's syntax errors end with `<path>:<line>:<column>`.
      const at = new RegExp(`${escapeRegExp(path)}:(\\d+):(\\d+)`).exec(message);
      const first = message
        .split("\n")[0]!
        .replace(/^ParseError: /, "")
        .trim();
      if (at) throw new InputError(`syntax error: ${first}`, { file, line: Number(at[1]), column: Number(at[2]) });
      throw new InputError(`cannot load config: ${first}`, { file });
    }
  }
  // The schema (zod, about 60-90 ms to load and build) is loaded only when there is a config to check.
  const validation: typeof import("./validate-config.js") = await import("./validate-config.js");
  validation.validateConfig(raw, file, path);
  return { config: raw as McpConformConfig, path };
}

/**
 * A JSON config. JSON.parse first; when it fails, TypeScript's JSON parser, which locates the
 * error (Node's message has no position), and which also reads comments and trailing commas,
 * as tsconfig.json may have them. Synchronous, for the editor plugin too; TypeScript is loaded
 * only on that path.
 */
export function readJsonConfig(path: string, file: string): unknown {
  const text = readFileSync(path, "utf8");
  try {
    return JSON.parse(text);
  } catch (error) {
    const { ts } = createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph");
    const parsed = ts.parseConfigFileTextToJson(path, text);
    const problem = parsed.error;
    if (problem === undefined) return parsed.config;
    const where = problem.file && problem.start !== undefined ? problem.file.getLineAndCharacterOfPosition(problem.start) : undefined;
    const message = ts.flattenDiagnosticMessageText(problem.messageText, " ");
    throw new InputError(
      `syntax error: ${message || (error instanceof Error ? error.message : String(error))}`,
      where ? { file, line: where.line + 1, column: where.character + 1 } : { file },
    );
  }
}
