import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { InputError } from "../errors.js";
import { toPosixPath } from "../analyze/paths.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import { CONFIG_KEYS, type McpConformConfig } from "./config.js";
import { didYouMean } from "./did-you-mean.js";

export const CONFIG_FILE_NAMES = ["mcp-conform.config.ts", "mcp-conform.config.mts", "mcp-conform.config.mjs", "mcp-conform.config.js", "mcp-conform.config.json"];

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
      const first = message.split("\n")[0]!.replace(/^ParseError: /, "").trim();
      if (at) throw new InputError(`syntax error: ${first}`, { file, line: Number(at[1]), column: Number(at[2]) });
      throw new InputError(`cannot load config: ${first}`, { file });
    }
  }
  validateConfig(raw, file);
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
    throw new InputError(`syntax error: ${message || (error instanceof Error ? error.message : String(error))}`, where ? { file, line: where.line + 1, column: where.character + 1 } : { file });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function checkKeys(value: Record<string, unknown>, known: Record<string, unknown>, prefix: string, file: string): void {
  for (const key of Object.keys(value)) {
    if (!(key in known)) {
      const suggestion = didYouMean(key, Object.keys(known));
      throw new InputError(`unknown config key "${prefix}${key}"${suggestion ? `; did you mean "${prefix}${suggestion}"?` : ""}`, { file });
    }
    const nested = known[key];
    const child = value[key];
    if (nested && typeof nested === "object") {
      if (typeof child !== "object" || child === null || Array.isArray(child)) throw new InputError(`config key "${prefix}${key}" must be an object`, { file });
      checkKeys(child as Record<string, unknown>, nested as Record<string, unknown>, `${prefix}${key}.`, file);
    }
  }
}

export function validateConfig(raw: unknown, file: string): asserts raw is McpConformConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new InputError("the config must export an object (use `export default defineConfig({...})`)", { file });
  const config = raw as Record<string, unknown>;
  checkKeys(config, CONFIG_KEYS, "", file);
  if (config["protocol"] !== undefined && !PROTOCOL_IDS.includes(config["protocol"] as never)) {
    throw new InputError(`unknown protocol "${String(config["protocol"])}"; expected one of ${PROTOCOL_IDS.join(", ")}`, { file });
  }
  const project = config["project"];
  if (project !== undefined && typeof project !== "string" && !(Array.isArray(project) && project.every((p) => typeof p === "string"))) {
    throw new InputError(`config key "project" must be a path or a list of paths`, { file });
  }
  if (config["guidance"] !== undefined && typeof config["guidance"] !== "boolean") throw new InputError(`config key "guidance" must be true or false`, { file });
  const minCoverage = (config["check"] as Record<string, unknown> | undefined)?.["minCoverage"];
  if (minCoverage !== undefined && (typeof minCoverage !== "number" || minCoverage < 0 || minCoverage > 100)) {
    throw new InputError(`config key "check.minCoverage" must be a number from 0 to 100`, { file });
  }
  const byShape = (config["format"] as Record<string, unknown> | undefined)?.["byShape"];
  if (byShape !== undefined && typeof byShape !== "boolean") throw new InputError(`config key "format.byShape" must be true or false`, { file });
}
