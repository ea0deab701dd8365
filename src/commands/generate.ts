import { dirname, relative } from "node:path";
import { loadConfig } from "../config/load-config.js";
import { InputError } from "../errors.js";
import { toPosixPath } from "../analyze/paths.js";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import type { RunState } from "../incremental/run-state.js";
import type { RunTarget } from "../incremental/run-fingerprint.js";
import { lastRunByStamps } from "../incremental/stamps.js";
import { withCompilerAhead } from "./compiler-ahead.js";
import type { Command, CommandIo } from "./command.js";
import { analysisEngine, ENGINE_OPTION } from "./engine-option.js";
import { resolveProjectArgs } from "./project-args.js";
import { resolveGenerateConfig } from "./resolve-generate-config.js";

const NEXT_AFTER_FIRST_GENERATE =
  "next: `mcp-conform migrate` shows how the handlers move onto these formatters (`--write` applies it); then `mcp-conform check`, which CI runs\n";

function displayProject(tsconfigPath: string, cwd: string): string {
  return toPosixPath(relative(cwd, tsconfigPath) || "tsconfig.json");
}

/** What `generate` says of a project whose last run still holds: nothing to write, or (`--check`) nothing stale. */
export function reportUnchangedRun(io: CommandIo, tsconfigPath: string, previous: RunState, check: boolean): void {
  const count = Object.keys(previous.generated).length;
  for (const warning of previous.warnings) io.stderr(`${warning}\n`);
  io.stdout(
    check
      ? `generated output is fresh: ${count} files up to date (inputs unchanged)\n`
      : `${displayProject(tsconfigPath, io.cwd)}: nothing changed: 0 files written, ${count} unchanged (inputs unchanged since the last run)\n`,
  );
}

/**
 * This module loads no compiler and no Prettier: a project whose last run still holds by its
 * stamps (src/incremental/stamps.ts) is answered here, which is what a prebuild step pays on
 * every build. Everything else is in generate-project.ts, loaded when a project needs it.
 */
export const generateCommand: Command = {
  name: "generate",
  usage: "mcp-conform generate [--project <tsconfig or dir>] [--config <file>] [--protocol <id>] [--check] [--watch] [--no-format] [--engine ts6|ts7]",
  options: { check: { type: "boolean" }, watch: { type: "boolean" }, "no-format": { type: "boolean" }, ...ENGINE_OPTION },
  async run({ io, values, progress }) {
    if (values["check"] && values["watch"]) throw new InputError("--check and --watch do not go together: --check is a one-shot comparison for CI");
    const { config, path: configPath } = await loadConfig(values["config"] as string | undefined, io.cwd);
    const projects = await resolveProjectArgs(values, io.cwd);
    const generateConfig = resolveGenerateConfig(values, config, configPath, io.cwd);
    const format = !values["no-format"];
    const check = values["check"] === true;

    if (values["watch"]) {
      if (projects.length !== 1) throw new InputError("--watch follows one project at a time; pass a single --project");
      const tsconfigPath = resolveTsconfigPath(projects[0], io.cwd);
      return withCompilerAhead(tsconfigPath, io.cwd, values, async () => {
        const { watchAndRegenerate } = await import("./watch.js");
        const engine = await analysisEngine(values, tsconfigPath, io.stderr);
        return watchAndRegenerate({ io, project: projects[0], config: generateConfig, format, engine });
      });
    }

    let exitCode = 0;
    let newcomer = false;
    for (const project of projects) {
      const tsconfigPath = resolveTsconfigPath(project, io.cwd);
      const target: RunTarget = { projectRoot: dirname(tsconfigPath), tsconfigPath, config: generateConfig };
      const unchanged = lastRunByStamps(target, [format]);
      if (unchanged) {
        reportUnchangedRun(io, tsconfigPath, unchanged, check);
        continue;
      }
      // The compiler starts while the analysis and generation modules load (compiler-ahead.ts).
      const outcome = await withCompilerAhead(tsconfigPath, io.cwd, values, async () => {
        const { generateProject } = await import("./generate-project.js");
        return generateProject({ io, values, progress, target, format, check });
      });
      exitCode = Math.max(exitCode, outcome.exitCode);
      newcomer ||= outcome.newcomer;
    }
    if (newcomer) io.stdout(NEXT_AFTER_FIRST_GENERATE);
    return exitCode;
  },
};
