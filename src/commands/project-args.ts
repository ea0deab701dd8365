import { dirname, resolve } from "node:path";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import { loadConfig } from "../config/load-config.js";

/**
 * The tsconfig.json of every project a command runs on: every `--project` flag, else the config's
 * `project` (relative to the config file), else the nearest tsconfig upward from cwd. Each is
 * resolved here, before anything else is asked of the user: in a folder with no project, the
 * missing tsconfig is the first thing to say, not a missing protocol.
 */
export async function resolveProjectArgs(values: Record<string, unknown>, cwd: string): Promise<string[]> {
  // The config is loaded (and validated) even when flags override it: a typo in it is an error either way.
  const { config, path } = await loadConfig(values["config"] as string | undefined, cwd);
  const flags = values["project"];
  let projects: (string | undefined)[] = [undefined];
  if (Array.isArray(flags) && flags.length > 0) projects = flags.map(String);
  else if (config.project !== undefined && path !== null) {
    const base = dirname(path);
    projects = (Array.isArray(config.project) ? config.project : [config.project]).map((p) => resolve(base, p));
  }
  return projects.map((project) => resolveTsconfigPath(project, cwd));
}
