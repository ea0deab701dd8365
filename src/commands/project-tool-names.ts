import { relative } from "node:path";
import type { AnalysisProgress } from "../analyze/analyze.js";
import { toPosixPath } from "../analyze/paths.js";
import { InputError } from "../errors.js";

export interface ProjectToolNames {
  /** Every tool name of the projects, sorted. */
  names: string[];
  /** The tsconfig files analysed, as the user would write them. */
  sources: string[];
}

/**
 * The tool names of the project `validate` runs in, from its inventory: the `--project` flags,
 * else the config's `project`, else the nearest tsconfig.json upward from `cwd`. Without any of
 * them there is no project, and the answer is undefined rather than an error: a captured response
 * can be validated anywhere. Analysis costs a type-checked Program, which is why it runs only
 * when no `--tools` is given.
 */
export async function projectToolNames(
  values: Record<string, unknown>,
  cwd: string,
  onProgress?: (event: AnalysisProgress) => void,
): Promise<ProjectToolNames | undefined> {
  // The analyser (and its compiler) loads only here: `validate` with `--tools` must start fast.
  const { nearestTsconfig } = await import("../analyze/tsconfig-path.js");
  const { analyze } = await import("../analyze/analyze.js");
  const { resolveProjectArgs } = await import("./project-args.js");
  const explicit = Array.isArray(values["project"]) && values["project"].length > 0;
  let tsconfigs: string[];
  try {
    tsconfigs = await resolveProjectArgs(values, cwd);
  } catch (error) {
    // No tsconfig.json here or above, and none asked for: not inside a project, nothing to read.
    if (error instanceof InputError && !explicit && nearestTsconfig(cwd) === null) return undefined;
    throw error;
  }
  const names = new Set<string>();
  for (const tsconfig of tsconfigs) {
    const { inventory } = analyze({ project: tsconfig, cwd, onProgress });
    for (const tool of inventory.tools) names.add(tool.name);
  }
  return { names: [...names].sort(), sources: tsconfigs.map((file) => toPosixPath(relative(cwd, file) || file)) };
}
