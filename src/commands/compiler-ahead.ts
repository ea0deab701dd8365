import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { engineForProject } from "../analyze/engine/select.js";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import { findConfigFile } from "../config/load-config.js";
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
 * The one `project` a config file names, read without loading the config (loading it is part of
 * what the head start overlaps): `undefined` when it names none, `null` when this cannot tell
 * (several, a computed value, an unreadable file). A JSON config is parsed; a script config is
 * read as text, and only a single literal `project: "<path>"` counts. A wrong read costs the
 * compiler's work on the side, never the answer: the engine adopts only the tsconfig it opens.
 */
export function configProjectGuess(configPath: string): string | undefined | null {
  let text: string;
  try {
    text = readFileSync(configPath, "utf8");
  } catch {
    return null;
  }
  if (configPath.endsWith(".json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const project = (parsed as { project?: unknown } | null)?.project;
    if (project === undefined) return undefined;
    if (typeof project === "string") return project;
    if (Array.isArray(project) && project.length === 1 && typeof project[0] === "string") return project[0];
    return null;
  }
  const mentions = text.match(/\bproject\b/g)?.length ?? 0;
  if (mentions === 0) return undefined;
  const literal = /\bproject\s*:\s*(["'])([^"'\n]+)\1\s*[,}\n]/.exec(text);
  return mentions === 1 && literal ? literal[2]! : null;
}

/**
 * For the project the arguments name, else the one the config names, else the nearest tsconfig
 * upward: the command line's guess, made before the command loads. With several projects there
 * is no guess.
 */
export async function startCompilerAhead(args: readonly string[], cwd: string): Promise<() => void> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      project: { type: "string", multiple: true },
      config: { type: "string" },
      engine: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
    allowPositionals: true,
    strict: false,
  });
  const projects = (values.project ?? []).filter((project): project is string => typeof project === "string");
  if (values.help || values.version || projects.length > 1 || typeof values.engine === "boolean" || typeof values.config === "boolean") return nothing;
  let projectArg = projects[0];
  if (projectArg === undefined) {
    const configPath = typeof values.config === "string" ? resolve(cwd, values.config) : findConfigFile(cwd);
    const named = configPath === undefined ? undefined : configProjectGuess(configPath);
    if (named === null) return nothing;
    // As project-args.ts resolves it: relative to the config file.
    if (named !== undefined) projectArg = resolve(dirname(configPath!), named);
  }
  let tsconfigPath: string;
  try {
    tsconfigPath = resolveTsconfigPath(projectArg, cwd);
  } catch {
    return nothing;
  }
  return startCompilerAheadFor(tsconfigPath, cwd, values.engine);
}
