import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
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

/**
 * Load `--config <file>`, else the first config file found in `cwd`. TypeScript configs load through
 * jiti: small, maintained by the unjs team, no build step, and it understands `defineConfig` imports.
 */
export async function loadConfig(explicit: string | undefined, cwd: string): Promise<LoadedConfig> {
  const path = explicit !== undefined ? resolve(cwd, explicit) : CONFIG_FILE_NAMES.map((name) => join(cwd, name)).find((p) => existsSync(p));
  if (path === undefined) return { config: {}, path: null };
  if (!existsSync(path)) throw new InputError(`config file not found: ${explicit ?? path}`);

  let raw: unknown;
  try {
    if (path.endsWith(".json")) {
      raw = JSON.parse(readFileSync(path, "utf8"));
    } else {
      const { createJiti } = await import("jiti");
      const jiti = createJiti(import.meta.url, { moduleCache: false });
      raw = await jiti.import(path, { default: true });
    }
  } catch (error) {
    throw new InputError(`cannot load config: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, { file: display(path, cwd) });
  }
  validateConfig(raw, display(path, cwd));
  return { config: raw as McpConformConfig, path };
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
}
