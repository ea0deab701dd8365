import { dirname } from "node:path";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import { analyze } from "../analyze/analyze.js";
import { checkProject } from "../check/check.js";
import { describeStaleOutput, generatedOutputFiles } from "../check/generated-output.js";
import { startStaleOutputSearch } from "../check/stale-output-search.js";
import type { CheckResult } from "../check/result.js";
import { loadConfig } from "../config/load-config.js";
import { InputError } from "../errors.js";
import { stageText } from "../progress/analysis-text.js";
import { REPORTERS, type ReporterName } from "../reporters/index.js";
import type { Command } from "./command.js";
import { assertGeneratable } from "../generate/generatable.js";
import { analysisEngine, ENGINE_OPTION } from "./engine-option.js";
import { resolveProjectArgs } from "./project-args.js";
import { resolveGenerateConfig } from "./resolve-generate-config.js";

function parseMinCoverage(flag: unknown, fromConfig: number | null | undefined): number | null {
  if (flag === undefined) return fromConfig ?? null;
  const value = Number(flag);
  if (typeof flag !== "string" || flag.trim() === "" || !Number.isFinite(value) || value < 0 || value > 100) {
    throw new InputError(`--min-coverage takes a percentage from 0 to 100, not "${String(flag)}"`);
  }
  return value;
}

export const checkCommand: Command = {
  name: "check",
  usage:
    "mcp-conform check [--project <tsconfig or dir>] [--config <file>] [--protocol <id>] [--format text|json|markdown|sarif|github] [--min-coverage N] [--engine ts6|ts7]",
  options: { format: { type: "string" }, "min-coverage": { type: "string" }, ...ENGINE_OPTION },
  async run({ io, values, progress }) {
    const format = (values["format"] as string | undefined) ?? "text";
    if (!(format in REPORTERS)) throw new InputError(`unknown --format "${format}": use ${Object.keys(REPORTERS).join(", ")}`);
    const reporter = REPORTERS[format as ReporterName];
    const { config, path: configPath } = await loadConfig(values["config"] as string | undefined, io.cwd);
    const projects = await resolveProjectArgs(values, io.cwd);
    const generateConfig = resolveGenerateConfig(values, config, configPath, io.cwd);
    const minCoverage = parseMinCoverage(values["min-coverage"], config.check?.minCoverage);
    const color = io.isTTY && !io.env["NO_COLOR"];

    const results: CheckResult[] = [];
    for (const project of projects) {
      const tsconfigPath = resolveTsconfigPath(project, io.cwd);
      const extraRoots = generatedOutputFiles(dirname(tsconfigPath), generateConfig.outputDir);
      const engine = await analysisEngine(values, tsconfigPath, io.stderr);
      // The output on disk is compared with what generate would write now on a second thread: it
      // reads the output folder while this one analyses, and compares while this one checks the
      // tools (the comparison needs the inventory, not the compiler).
      const staleSearch = startStaleOutputSearch({
        projectRoot: dirname(tsconfigPath),
        tsconfigPath,
        config: generateConfig,
        engine: engine === "ts6" ? "ts6" : engine.id,
      });
      let result: CheckResult;
      try {
        const { inventory, session } = analyze({ project: tsconfigPath, cwd: io.cwd, onProgress: progress?.onAnalysis, extraRoots, engine });
        try {
          assertGeneratable(inventory, "check");
          progress?.stage(stageText("checking", inventory.tools.length));
          staleSearch.compare(inventory);
          // checkProject first: it names a missing output or a changed tool list more precisely.
          result = checkProject(session, inventory, { config: generateConfig, minCoverage, rules: config.rules ?? {} });
        } finally {
          // Done with the compiler (TypeScript 7 stops its process); what follows reads files.
          session.close();
        }
      } catch (error) {
        staleSearch.cancel();
        throw error;
      }
      // Stale output can make check pass falsely (a tool judged against the types of its old
      // payload or another protocol): a pass is only trusted against fresh output. A failing run
      // is reported as it is, with a note: a non-conforming return changes the payload the
      // analyser infers, so output that "would change" is the usual company of the very problems
      // check exists to show, and hiding them behind "regenerate" would help nobody.
      const stale = await staleSearch.result();
      if (stale.length > 0 && result.ok) throw new InputError(describeStaleOutput(stale));
      if (stale.length > 0) io.stderr(`note: ${describeStaleOutput(stale)}\n`);
      results.push(result);
    }
    // Like `analyze --json`: one object per project, an array with several.
    if (format === "json" && results.length > 1) io.stdout(`${JSON.stringify(results, null, 2)}\n`);
    else for (const result of results) io.stdout(reporter(result, { color }));
    return results.every((result) => result.ok) ? 0 : 1;
  },
};
