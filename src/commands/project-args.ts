import { loadConfig } from "../config/load-config.js";
import { dirname, resolve } from "node:path";

/**
 * The projects a command runs on: every `--project` flag, else the config's `project` (relative
 * to the config file), else `[undefined]`, meaning the nearest tsconfig upward from cwd.
 */
export async function resolveProjectArgs(values: Record<string, unknown>, cwd: string): Promise<(string | undefined)[]> {
  // The config is loaded (and validated) even when flags override it: a typo in it is an error either way.
  const { config, path } = await loadConfig(values["config"] as string | undefined, cwd);
  const flags = values["project"];
  if (Array.isArray(flags) && flags.length > 0) return flags.map(String);
  const fromConfig = config.project;
  if (fromConfig !== undefined && path !== null) {
    const base = dirname(path);
    const list = Array.isArray(fromConfig) ? fromConfig : [fromConfig];
    return list.map((p) => resolve(base, p));
  }
  return [undefined];
}
