import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { InputError } from "../errors.js";
import { toPosixPath } from "../analyze/paths.js";
import type { McpConformConfig } from "./config.js";
import { didYouMean } from "./did-you-mean.js";
import { configSchema, knownKeysAt } from "./schema.js";

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
  validateConfig(raw, file, path);
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The line where the key at `path` is written in a config's text (`"rules": { "MCPC1O8": ... }` or
 * `rules: { MCPC1O8: ... }`): each key searched after the one before it. Undefined when the text
 * does not spell it (a key built at run time in a `.ts` config).
 */
export function keyLine(text: string, path: readonly string[]): number | undefined {
  let from = 0;
  for (const key of path) {
    const match = new RegExp(`(["']?)${escapeRegExp(key)}\\1\\s*:`, "g");
    match.lastIndex = from;
    const found = match.exec(text);
    if (!found) return undefined;
    from = found.index;
  }
  return path.length === 0 ? undefined : text.slice(0, from).split("\n").length;
}

/** `{ file, line }` of the key at `path` when the config's text is at hand, `{ file }` otherwise. */
function at(file: string, sourcePath: string | undefined, path: readonly string[]): { file: string; line?: number } {
  if (sourcePath === undefined || !existsSync(sourcePath)) return { file };
  const line = keyLine(readFileSync(sourcePath, "utf8"), path);
  return line === undefined ? { file } : { file, line };
}

/** Check a loaded config against the schema; `sourcePath`, when given, is read to say on which line a bad key is. */
export function validateConfig(raw: unknown, file: string, sourcePath?: string): asserts raw is McpConformConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new InputError("the config must export an object (use `export default defineConfig({...})`)", { file });
  const parsed = configSchema.safeParse(raw);
  if (parsed.success) return;
  // An unknown key first (a typo explains the rest), then the first problem in key order.
  const issue = parsed.error.issues.find((candidate) => candidate.code === "unrecognized_keys") ?? parsed.error.issues[0]!;
  const keys = issue.path.map(String);
  const dotted = keys.join(".");
  const prefix = dotted === "" ? "" : `${dotted}.`;
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0]!;
    const suggestion = didYouMean(key, knownKeysAt(issue.path));
    throw new InputError(
      `unknown config key "${prefix}${key}"${suggestion ? `; did you mean "${prefix}${suggestion}"?` : ""}`,
      at(file, sourcePath, [...keys, key]),
    );
  }
  throw new InputError(issue.message.startsWith("must") ? `config key "${dotted}" ${issue.message}` : issue.message, at(file, sourcePath, keys));
}
