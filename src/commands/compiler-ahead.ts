import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { engineForProject } from "../analyze/engine/select.js";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import { engineFlag } from "./engine-option.js";

/**
 * Starts the TypeScript 7 compiler on the project a command will analyse, before the command's
 * analysis modules load (src/analyze/engine/ts7-head-start.ts says why). The engine adopts the
 * process only for the tsconfig it opens, from the same folder: a wrong guess costs the
 * compiler's work on the side, never the answer. Each returns what ends an unadopted one.
 */

const nothing = () => {};

/** For `tsconfigPath`, when the project's engine (or `--engine`) is TypeScript 7. */
export async function startCompilerAheadFor(tsconfigPath: string, cwd: string, engineFlag: string | undefined): Promise<() => void> {
  try {
    if (engineForProject(dirname(tsconfigPath), engineFlag) !== "ts7") return nothing;
  } catch {
    // An unknown --engine: the command says so, in its own words.
    return nothing;
  }
  const { startTs7Ahead, dropTs7HeadStart } = await import("../analyze/engine/ts7-head-start.js");
  await startTs7Ahead(tsconfigPath, cwd);
  return dropTs7HeadStart;
}

/** `run` with the compiler started ahead on `tsconfigPath` (for `--engine` in `values`), and ended after it if unused. */
export async function withCompilerAhead<T>(tsconfigPath: string, cwd: string, values: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
  const end = await startCompilerAheadFor(tsconfigPath, cwd, engineFlag(values));
  try {
    return await run();
  } finally {
    end();
  }
}

/**
 * For the project the arguments name, or the nearest tsconfig upward: the command line's guess,
 * made before the command loads. A config's `project` is not read for it (loading the config is
 * part of what the head start overlaps); with several projects there is no guess.
 */
export async function startCompilerAhead(args: readonly string[], cwd: string): Promise<() => void> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      project: { type: "string", multiple: true },
      engine: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
    allowPositionals: true,
    strict: false,
  });
  const projects = (values.project ?? []).filter((project): project is string => typeof project === "string");
  if (values.help || values.version || projects.length > 1 || typeof values.engine === "boolean") return nothing;
  let tsconfigPath: string;
  try {
    tsconfigPath = resolveTsconfigPath(projects[0], cwd);
  } catch {
    return nothing;
  }
  return startCompilerAheadFor(tsconfigPath, cwd, values.engine);
}
