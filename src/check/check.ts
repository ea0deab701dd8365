import type { Inventory } from "../analyze/inventory.js";
import type { AnalysisSession } from "../analyze/session.js";
import { compareStrings } from "../compare-strings.js";
import type { RuleSeverities } from "./codes.js";
import { type CheckConfig, ProjectFacts, type ToolFacts } from "./facts.js";
import { type CheckProblem, type CheckResult, type GuidanceState, type ToolCheck, coverageCount } from "./result.js";
import { RULES } from "./rules/index.js";

export interface CheckOptions {
  config: CheckConfig;
  /** Fail below this percentage of conforming tools; null for no bar. */
  minCoverage: number | null;
  /** The config's `rules`: a severity per code; every rule not named is `error`. */
  rules?: RuleSeverities;
}

/**
 * Judge every tool of an analysed project against its generated output. Conformance is the
 * checker's answer to "is this return's (awaited) type assignable to `ConformingResults[tool]`",
 * asked of every exit of the handler (facts.ts collects it); the rules (rules/) say what is a
 * problem, at the severity the config gives them. Severities decide what fails the run, never the
 * verdicts: a tool whose problems are turned off still does not conform, and coverage says so.
 */
export function checkProject(session: AnalysisSession, inventory: Inventory, options: CheckOptions): CheckResult {
  const project = new ProjectFacts(session, inventory, options.config);
  project.prefetch(inventory.tools);
  const tools: ToolCheck[] = [];
  let guidanceComplete = 0;
  let errorPaths = 0;
  let errorPathsWithGuidance = 0;
  let warnings = 0;
  let structuredWarnings = 0;
  for (const tool of inventory.tools) {
    const facts = project.of(tool);
    const verdict = judgeTool(facts, project.withGuidance);
    if (verdict.guidance === "complete") guidanceComplete++;
    errorPaths += verdict.errorPaths;
    errorPathsWithGuidance += verdict.errorPathsWithGuidance;
    warnings += facts.warnings.length;
    structuredWarnings += facts.warnings.filter((warning) => warning.known).length;
    const problems = problemsOf(facts, options.rules ?? {});
    tools.push({
      name: tool.name,
      file: tool.file,
      line: tool.line,
      conforms: verdict.conforms,
      guidance: verdict.guidance,
      placeholders: verdict.placeholders,
      problems,
    });
  }

  const coverage = {
    conforming: coverageCount(tools.filter((tool) => tool.conforms).length, tools.length),
    guidance: coverageCount(guidanceComplete, tools.length),
    errorPathsWithGuidance: coverageCount(errorPathsWithGuidance, errorPaths),
    structuredWarnings: coverageCount(structuredWarnings, warnings),
  };
  const belowBar = options.minCoverage !== null && coverage.conforming.percent < options.minCoverage;
  const ok = !belowBar && tools.every((tool) => tool.problems.every((problem) => problem.severity !== "error"));
  return { ok, minCoverage: options.minCoverage, coverage, tools };
}

/** Every rule's findings for one tool, at its configured severity, in file/line order. */
function problemsOf(facts: ToolFacts, severities: RuleSeverities): CheckProblem[] {
  const problems: CheckProblem[] = [];
  for (const rule of RULES) {
    const severity = severities[rule.code] ?? "error";
    if (severity === "off") continue;
    for (const { message, file, line } of rule.find(facts))
      problems.push({ code: rule.code, severity: severity === "warn" ? "warning" : "error", message, file, line });
  }
  return problems.sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.code, b.code) || compareStrings(a.message, b.message));
}

interface ToolVerdict {
  conforms: boolean;
  guidance: GuidanceState;
  /** The parts still sent as placeholders, sorted. */
  placeholders: string[];
  errorPaths: number;
  /** Error paths that reach the client as the protocol's error envelope, with recovery written. */
  errorPathsWithGuidance: number;
}

/** What a tool's facts say about it, whatever rules are turned off. */
function judgeTool(facts: ToolFacts, withGuidance: boolean): ToolVerdict {
  const { exits, stub } = facts;
  const placeholders = new Set(exits.exits.flatMap((exit) => exit.placeholders?.parts ?? []));
  // An unfilled rule sends its "TODO: ..." to the model: placeholder content like any other.
  if (stub?.exists && stub.successUnfilled > 0) placeholders.add("guidance");
  if (stub?.exists && stub.errorUnfilled > 0) placeholders.add("errorGuidance");
  const typesConform =
    exits.found && exits.throwsInCallees.length === 0 && exits.exits.every((exit) => exit.verdict === "conforming" || exit.verdict === "placeholder");
  const successConforms = exits.found && exits.exits.every((exit) => exit.isError || exit.verdict === "conforming" || exit.verdict === "placeholder");
  const reserialised = facts.reserialisedAt.length > 0;
  // Placeholder content is not what the model needs, and a re-serialised result is not the protocol on the wire.
  const conforms = typesConform && placeholders.size === 0 && !reserialised && facts.misfits.length === 0;

  // Without the Guidance Pattern, a protocol's own envelope is the guidance (next steps, recovery).
  let guidance: GuidanceState = typesConform && placeholders.size === 0 ? "complete" : successConforms ? "partial" : "missing";
  if (stub && !stub.exists) guidance = "missing";
  else if (stub && stub.successUnfilled > 0) guidance = "stub";
  else if (stub && stub.errorUnfilled > 0) guidance = "partial";
  if (!conforms && guidance === "complete") guidance = "partial";

  const errorPaths = exits.exits.filter((exit) => exit.isError).length + exits.throwsInCallees.length;
  const errorPlaceholders = exits.exits.some((exit) => exit.isError && exit.verdict === "placeholder");
  const errorGuidanceFilled = !errorPlaceholders && (!withGuidance || (stub !== null && stub.exists && stub.errorUnfilled === 0));
  // Error paths that do not reach the client as the protocol's error envelope recover nobody.
  const errorPathsConforming = exits.exits.filter((exit) => exit.isError && exit.verdict === "conforming").length;
  const errorPathsWithGuidance = errorGuidanceFilled && !reserialised && facts.misfits.length === 0 ? errorPathsConforming : 0;
  return { conforms, guidance, placeholders: [...placeholders].sort(), errorPaths, errorPathsWithGuidance };
}
