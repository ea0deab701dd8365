import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { analyze } from "../analyze/analyze.js";
import { emit, mergeOutcomes } from "../emit.js";
import { importsMissingOutput } from "../analyze/output-imports.js";
import { resolveTsconfigPath } from "../analyze/load-project.js";
import { toPosixPath } from "../analyze/paths.js";
import { currentLastRun, recordRun, runFingerprintNow } from "../incremental/last-run.js";
import { declaredOutputSchemaWarnings } from "../check/output-schema.js";
import { loadConfig } from "../config/load-config.js";
import { InputError } from "../errors.js";
import { relativeToOutputDir, shapesAllowed } from "../generate/config.js";
import { generate } from "../generate/generate.js";
import { assertGeneratable } from "../generate/generatable.js";
import { stageText } from "../progress/analysis-text.js";
import { formatDiagnostic } from "../report/inventory-text.js";
import { writeGeneratedOutput } from "../write/index.js";
import { assertNoProtocolSwitch } from "../check/protocol-switch.js";
import type { Command } from "./command.js";
import { analysisEngine, ENGINE_OPTION } from "./engine-option.js";
import { resolveProjectArgs } from "./project-args.js";
import { resolveGenerateConfig } from "./resolve-generate-config.js";
import { watchAndRegenerate } from "./watch.js";

const NEXT_AFTER_FIRST_GENERATE =
  "next: `mcp-conform migrate` shows how the handlers move onto these formatters (`--write` applies it); then `mcp-conform check`, which CI runs\n";

function displayProject(tsconfigPath: string, cwd: string): string {
  return toPosixPath(relative(cwd, tsconfigPath) || "tsconfig.json");
}

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

    if (values["watch"]) {
      if (projects.length !== 1) throw new InputError("--watch follows one project at a time; pass a single --project");
      // Watch reuses unchanged files' analysis across TypeScript 6 Programs; it runs on that engine.
      if (values["engine"] === "ts7")
        throw new InputError("--watch runs on the TypeScript 6 engine (it reuses unchanged files between TypeScript 6 Programs); drop --engine ts7");
      return watchAndRegenerate({ io, project: projects[0], config: generateConfig, format });
    }

    let exitCode = 0;
    let newcomer = false;
    for (const project of projects) {
      const tsconfigPath = resolveTsconfigPath(project, io.cwd);
      const projectRoot = dirname(tsconfigPath);
      const outputDir = join(projectRoot, generateConfig.outputDir);
      const runTarget = { projectRoot, tsconfigPath, config: generateConfig };
      const fingerprint = runFingerprintNow(runTarget, format);
      const previous = currentLastRun(runTarget, [format]);
      // Nothing this run depends on changed, and the output is as the last run left it: done.
      if (previous) {
        const count = Object.keys(previous.generated).length;
        for (const warning of previous.warnings) io.stderr(`${warning}\n`);
        io.stdout(
          values["check"]
            ? `generated output is fresh: ${count} files up to date (inputs unchanged)\n`
            : `${displayProject(tsconfigPath, io.cwd)}: nothing changed: 0 files written, ${count} unchanged (inputs unchanged since the last run)\n`,
        );
        continue;
      }

      const engine = await analysisEngine(values, tsconfigPath, io.stderr);
      const { inventory, session } = analyze({ project: tsconfigPath, cwd: io.cwd, onProgress: progress?.onAnalysis, engine });
      let needsSecondPass: boolean;
      try {
        assertGeneratable(inventory);
        // Output for another protocol would break the handlers written for this one: refuse, and say what moves them.
        if (!values["check"]) assertNoProtocolSwitch(session, generateConfig, io.cwd);
        // Asked before anything is written: afterwards every generated import resolves.
        needsSecondPass = !values["check"] && importsMissingOutput(session, outputDir);
      } finally {
        // The analysis is done with here (TypeScript 7 stops its compiler process).
        session.close();
      }
      progress?.stage(stageText(values["check"] ? "comparing the output of" : "generating for", inventory.tools.length));
      if (values["check"]) {
        const { generated, scaffolded } = generate(inventory, generateConfig);
        const outcome = await writeGeneratedOutput({
          projectRoot: session.rootDir,
          outputDir: generateConfig.outputDir,
          generated: relativeToOutputDir(generated, generateConfig.outputDir),
          scaffolded,
          format,
          formatByShape: shapesAllowed(generateConfig),
          mode: "check",
        });
        for (const warning of outcome.warnings) io.stderr(`${warning}\n`);
        io.stdout(outcome.stale.length > 0 ? `${outcome.report()}\n${outcome.summary()}\n` : `${outcome.summary()}\n`);
        if (outcome.stale.length > 0) exitCode = 1;
      } else {
        const target = { projectRoot: session.rootDir, config: generateConfig, format };
        // The first generate of a project is where a newcomer stands: say what comes next.
        const firstRun = !existsSync(outputDir);
        const first = await emit(inventory, target);
        let outcome = first.outcome;
        let final = inventory;
        if (needsSecondPass) {
          // The first pass analysed handlers whose generated imports did not resolve yet; the second
          // sees them resolve, so this run's output is what the next run would write (a no-op).
          const second = analyze({ project: tsconfigPath, cwd: io.cwd, engine });
          final = second.inventory;
          second.session.close();
          const again = (await emit(final, target)).outcome;
          const note = again.written.length > 0 ? ` (a second pass, once the generated imports resolved, rewrote ${again.written.join(", ")})` : "";
          outcome = { ...mergeOutcomes(first.outcome, again), summary: () => `${first.outcome.summary()}${note}` };
        }
        io.stdout(`${final.project}: ${outcome.summary()}\n`);
        // A declared outputSchema that rejects the envelope (MCPC111) fails on the wire, but must not block generating.
        const warnings = [
          ...outcome.warnings,
          ...[...final.diagnostics.filter((d) => d.severity === "warning"), ...declaredOutputSchemaWarnings(final, generateConfig)].map(formatDiagnostic),
        ];
        for (const warning of warnings) io.stderr(`${warning}\n`);
        recordRun(runTarget, fingerprint, { scaffolded: [...first.scaffolded.keys()].sort(), warnings });
        if (firstRun && outcome.written.length > 0) newcomer = true;
      }
    }
    if (newcomer) io.stdout(NEXT_AFTER_FIRST_GENERATE);
    return exitCode;
  },
};
