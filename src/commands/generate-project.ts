import { existsSync } from "node:fs";
import { join } from "node:path";
import { analyze } from "../analyze/analyze.js";
import type { AnalysisSession } from "../analyze/session.js";
import { emit, mergeOutcomes } from "../emit.js";
import { importsMissingOutput } from "../analyze/output-imports.js";
import { lastRunMatching, recordRun, restamp, startRun, type RunTarget } from "../incremental/last-run.js";
import { tsconfigReaderFor } from "../incremental/tsconfig-inputs.js";
import { declaredOutputSchemaWarnings } from "../check/output-schema.js";
import { relativeToOutputDir, shapesAllowed } from "../generate/config.js";
import { generate } from "../generate/generate.js";
import { assertGeneratable } from "../generate/generatable.js";
import { stageText } from "../progress/analysis-text.js";
import { formatDiagnostic } from "../report/inventory-text.js";
import { writeGeneratedOutput } from "../write/index.js";
import { assertNoProtocolSwitch } from "../check/protocol-switch.js";
import type { CommandContext } from "./command.js";
import { analysisEngine } from "./engine-option.js";
import { reportUnchangedRun } from "./generate.js";

export interface GenerateProjectOptions extends Pick<CommandContext, "io" | "values"> {
  progress: CommandContext["progress"] | undefined;
  target: RunTarget;
  format: boolean;
  /** `--check`: compare the output on disk with what would be written, write nothing. */
  check: boolean;
}

/** The project's own files the analysis read, for the record of the run. */
function programSources(session: AnalysisSession): string[] {
  return session.engine.sourceFiles().map((file) => file.fileName);
}

/** One project's `generate` (or `generate --check`) once its stamps did not answer: analysis, output, record. */
export async function generateProject(options: GenerateProjectOptions): Promise<{ exitCode: number; newcomer: boolean }> {
  const { io, values, progress, target, format, check } = options;
  const { tsconfigPath, projectRoot, config: generateConfig } = target;
  const outputDir = join(projectRoot, generateConfig.outputDir);
  // The engine first: its compiler reads the tsconfig for the record (on TypeScript 7, no TypeScript 6 is loaded for it).
  const engine = await analysisEngine(values, tsconfigPath, io.stderr);
  const start = startRun(target, format, tsconfigReaderFor(engine));
  const previous = lastRunMatching(target, start);
  // Nothing this run depends on changed, and the output is as the last run left it: done.
  if (previous) {
    // The sources' stamps changed but not their content (a checkout, a touch): stamp them again.
    if (!check) restamp(target, start, previous);
    reportUnchangedRun(io, tsconfigPath, previous, check);
    return { exitCode: 0, newcomer: false };
  }

  const { inventory, session } = analyze({ project: tsconfigPath, cwd: io.cwd, onProgress: progress?.onAnalysis, engine });
  let needsSecondPass: boolean;
  let read: string[];
  try {
    read = programSources(session);
    assertGeneratable(inventory);
    // Output for another protocol would break the handlers written for this one: refuse, and say what moves them.
    if (!check) assertNoProtocolSwitch(session, generateConfig, io.cwd);
    // Asked before anything is written: afterwards every generated import resolves.
    needsSecondPass = !check && importsMissingOutput(session, outputDir);
  } finally {
    // The analysis is done with here (TypeScript 7 stops its compiler process).
    session.close();
  }
  progress?.stage(stageText(check ? "comparing the output of" : "generating for", inventory.tools.length));
  if (check) {
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
    return { exitCode: outcome.stale.length > 0 ? 1 : 0, newcomer: false };
  }

  const emitTarget = { projectRoot: session.rootDir, config: generateConfig, format };
  // The first generate of a project is where a newcomer stands: say what comes next.
  const firstRun = !existsSync(outputDir);
  const first = await emit(inventory, emitTarget);
  let outcome = first.outcome;
  let final = inventory;
  if (needsSecondPass) {
    // The first pass analysed handlers whose generated imports did not resolve yet; the second
    // sees them resolve, so this run's output is what the next run would write (a no-op).
    const second = analyze({ project: tsconfigPath, cwd: io.cwd, engine });
    final = second.inventory;
    read = [...read, ...programSources(second.session)];
    second.session.close();
    const again = (await emit(final, emitTarget)).outcome;
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
  recordRun(target, start, { scaffolded: [...first.scaffolded.keys()].sort(), warnings, programSources: read });
  return { exitCode: 0, newcomer: firstRun && outcome.written.length > 0 };
}
