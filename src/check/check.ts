import { join, resolve, sep } from "node:path";
import { ts } from "ts-morph";
import type { Inventory, ToolEntry } from "../analyze/inventory.js";
import { collectExitPoints } from "../analyze/resolve/return-paths.js";
import type { AnalysisSession } from "../analyze/session.js";
import type { GenerateConfig } from "../generate/config.js";
import { readySchemaForms } from "../generate/output-schema.js";
import { didYouMean } from "../config/did-you-mean.js";
import { fileStems } from "../generate/paths.js";
import { CheckCodes } from "./codes.js";
import { readGeneratedOutput, type GeneratedOutput } from "./generated-output.js";
import { readStub } from "./guidance.js";
import { placeholdersOf } from "./placeholders.js";
import { DispatchIndex } from "./dispatchers.js";
import { misfitCalls, protocolSwitchMisfits } from "./protocol-switch.js";
import { indexConformCalls, locateHandler } from "./locate.js";
import { judgeDeclaredOutputSchema } from "./output-schema.js";
import { type CheckProblem, type CheckResult, type GuidanceState, type ToolCheck, coverageCount } from "./result.js";
import { type NodeFacts, collectToolMentions } from "./tool-mentions.js";
import { compareStrings } from "../compare-strings.js";
import { helperThrows } from "./helper-throws.js";

function toPosix(path: string): string {
  return path.split("\\").join("/");
}

export interface CheckOptions {
  config: Pick<GenerateConfig, "protocol" | "guidance" | "outputDir" | "guidanceDir">;
  /** Fail below this percentage of conforming tools; null for no bar. */
  minCoverage: number | null;
}

interface PathTally {
  errorPaths: number;
  errorPathsConforming: number;
  /** Parts sent as placeholders on any path (see placeholders.ts). */
  placeholders: Set<string>;
  /** Whether an error path sends a placeholder (its recovery is not written yet). */
  errorPlaceholders: boolean;
}

/**
 * Judge every tool of an analysed project against its generated output. Conformance is the
 * checker's answer to "is this return's (awaited) type assignable to `ConformingResults[tool]`",
 * asked of every exit of the handler.
 */
export function checkProject(session: AnalysisSession, inventory: Inventory, options: CheckOptions): CheckResult {
  const { config } = options;
  const generated = readGeneratedOutput(session, inventory, config.outputDir);
  const toolNames = new Set(inventory.tools.map((tool) => tool.name));
  const stems = fileStems(inventory.tools.map((tool) => tool.name));
  const withGuidance = config.protocol === "guidance" || config.guidance;
  const outputRoot = resolve(session.rootDir, config.outputDir) + sep;
  const inOutput = (fileName: string): boolean => resolve(fileName).startsWith(outputRoot);

  const readyForms = readySchemaForms(inventory.tools);
  const projectFiles = session.userSourceFiles().filter((file) => !inOutput(file.fileName));
  const conformCalls = indexConformCalls(projectFiles);
  const dispatches = new DispatchIndex(session.checker, projectFiles);
  const switched = protocolSwitchMisfits(session, config);
  const mentionCache = new Map<ts.Node, NodeFacts>();
  const tools: ToolCheck[] = [];
  let guidanceComplete = 0;
  let errorPaths = 0;
  let errorPathsWithGuidance = 0;
  let warnings = 0;
  let structuredWarnings = 0;
  for (const tool of inventory.tools) {
    const problems: CheckProblem[] = [];
    const located = locateHandler(session, tool, conformCalls);
    const tally: PathTally = { errorPaths: 0, errorPathsConforming: 0, placeholders: new Set(), errorPlaceholders: false };
    const judged = judgePaths(session, tool, located.scope, generated, problems, tally, (file) => !file.isDeclarationFile && !inOutput(file.fileName) && !/[\\/]node_modules[\\/]/.test(file.fileName));
    const { successConforms } = judged;
    if (!located.wrapper) {
      problems.push({ code: CheckCodes.notWrapped, message: `tool "${tool.name}" is not wrapped with conform("${tool.name}", handler), so tsc does not hold it to the protocol`, file: tool.file, line: tool.line });
    }

    let guidance: GuidanceState;
    let errorGuidanceFilled = !tally.errorPlaceholders;
    const stubPath = join(config.guidanceDir, `${stems.get(tool.name) ?? tool.name}.ts`);
    const stubFile = join(session.rootDir, stubPath);
    if (withGuidance) {
      const stub = readStub(stubFile);
      errorGuidanceFilled &&= stub.exists && stub.errorUnfilled === 0;
      // An unfilled rule sends its "TODO: ..." to the model: placeholder content like any other.
      if (stub.exists && stub.successUnfilled > 0) tally.placeholders.add("guidance");
      if (stub.exists && stub.errorUnfilled > 0) tally.placeholders.add("errorGuidance");
      if (!stub.exists) {
        guidance = "missing";
        problems.push({ code: CheckCodes.guidanceMissing, message: `tool "${tool.name}" has no guidance stub ${stubPath}: run \`mcp-conform generate\` to scaffold it`, file: tool.file, line: tool.line });
      } else if (stub.successUnfilled > 0) {
        guidance = "stub";
        problems.push({ code: CheckCodes.guidanceUnfilled, message: `the guidance of tool "${tool.name}" is still unfilled (${stub.successUnfilled + stub.errorUnfilled} unfilled marker${stub.successUnfilled + stub.errorUnfilled === 1 ? "" : "s"})`, file: stubPath, line: stub.firstSuccessUnfilledLine ?? 1 });
      } else if (stub.errorUnfilled > 0) {
        guidance = "partial";
        problems.push({ code: CheckCodes.errorGuidanceUnfilled, message: `tool "${tool.name}" has no recovery guidance on its error paths: errorGuidance in ${stubPath} is still unfilled`, file: stubPath, line: stub.firstErrorUnfilledLine ?? 1 });
      } else {
        guidance = judged.conforms && tally.placeholders.size === 0 ? "complete" : successConforms ? "partial" : "missing";
      }
    } else {
      // Without the Guidance Pattern, a protocol's own envelope is the guidance (next steps, recovery).
      guidance = judged.conforms && tally.placeholders.size === 0 ? "complete" : successConforms ? "partial" : "missing";
    }
    // Handlers (and stubs) written for another protocol's formatters: tsc fails on them even where their types look conforming.
    const handlerFile = located.scope ? session.where(located.scope).file : null;
    const misfits = [
      ...switched.filter((misfit) => misfit.file === handlerFile || misfit.file === toPosix(stubPath)),
      ...(located.scope ? misfitCalls(session, located.scope, config) : []),
    ];
    const stubSource = session.program.getSourceFile(stubFile);
    if (stubSource && !misfits.some((misfit) => misfit.file === toPosix(stubPath))) misfits.push(...misfitCalls(session, stubSource, config, { stub: true }));
    // Names of tools the server lacks (MCPC110 below) are a reason of their own for an argument not to fit.
    const unknownMentions = collectToolMentions(session, [...(located.scope ? [located.scope] : []), ...(withGuidance && stubSource ? [stubSource] : [])], inOutput, mentionCache).filter((mention) => !toolNames.has(mention.name));
    const explained = (misfit: (typeof misfits)[number]): boolean =>
      misfit.argument !== undefined && unknownMentions.some((mention) => mention.node.getSourceFile() === misfit.argument!.getSourceFile() && mention.node.pos >= misfit.argument!.pos && mention.node.end <= misfit.argument!.end);
    for (let i = misfits.length - 1; i >= 0; i--) if (explained(misfits[i]!)) misfits.splice(i, 1);
    for (const misfit of misfits) problems.push({ code: CheckCodes.otherProtocol, file: misfit.file, line: misfit.line, message: `tool "${tool.name}": ${misfit.message}` });

    // A dispatcher that serialises the handler's result sends the client a result inside a text block.
    let reserialised = false;
    if (located.wrapper || judged.conforms) {
      for (const dispatch of dispatches.serialising(located.registration)) {
        reserialised = true;
        const where = session.where(dispatch.result);
        problems.push({
          code: CheckCodes.reserialised,
          message: `this dispatcher puts what tool "${tool.name}"'s handler returns inside a text block: the client gets the JSON of a whole result, with no structuredContent and no isError; return the handler's result as it is (mcp-conform migrate does it)`,
          ...where,
        });
      }
    }
    // Placeholder content is not what the model needs, and a re-serialised result is not the protocol on the wire.
    const conforms = judged.conforms && tally.placeholders.size === 0 && !reserialised && misfits.length === 0;
    if (!conforms && guidance === "complete") guidance = "partial";
    if (guidance === "complete") guidanceComplete++;
    errorPaths += tally.errorPaths;
    // Error paths that do not reach the client as the protocol's error envelope recover nobody.
    if (errorGuidanceFilled && !reserialised && misfits.length === 0) errorPathsWithGuidance += tally.errorPathsConforming;

    for (const warning of tool.warnings) {
      warnings++;
      if (warning.id === null) {
        problems.push({ code: CheckCodes.unstructuredWarning, message: `tool "${tool.name}" emits the plain-string warning "${warning.message}": use an ID from WARNINGS (warnings.ts)`, file: warning.file, line: warning.line });
      } else if (!generated.warningIds.has(warning.id)) {
        problems.push({ code: CheckCodes.unknownWarningId, message: `tool "${tool.name}" emits warning ID ${warning.id}, which is not in the generated WARNINGS: run \`mcp-conform generate\``, file: warning.file, line: warning.line });
      } else {
        structuredWarnings++;
      }
    }

    const reported = new Set<string>();
    for (const mention of unknownMentions) {
      const where = session.where(mention.node);
      const key = `${mention.name}\0${where.file}\0${where.line}`;
      if (reported.has(key)) continue;
      reported.add(key);
      // Two edits at most: a slip of the keys, not another action (`rate_recipe` is not `get_recipe`).
      const nearest = didYouMean(mention.name, [...toolNames], 2);
      problems.push({ code: CheckCodes.unknownTool, message: `tool "${tool.name}" points the model at "${mention.name}", which is not a tool of this server${nearest ? `; did you mean "${nearest}"?` : ""}`, ...where });
    }

    const outputSchemaProblem = judgeDeclaredOutputSchema(tool, config, readyForms);
    if (outputSchemaProblem) problems.push(outputSchemaProblem);

    problems.sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line || compareStrings(a.code, b.code) || compareStrings(a.message, b.message));
    tools.push({ name: tool.name, file: tool.file, line: tool.line, conforms, guidance, placeholders: [...tally.placeholders].sort(), problems });
  }

  const coverage = {
    conforming: coverageCount(tools.filter((tool) => tool.conforms).length, tools.length),
    guidance: coverageCount(guidanceComplete, tools.length),
    errorPathsWithGuidance: coverageCount(errorPathsWithGuidance, errorPaths),
    structuredWarnings: coverageCount(structuredWarnings, warnings),
  };
  const belowBar = options.minCoverage !== null && coverage.conforming.percent < options.minCoverage;
  const ok = !belowBar && tools.every((tool) => tool.problems.length === 0);
  return { ok, minCoverage: options.minCoverage, coverage, tools };
}

/** Every exit of the handler against the tool's target type; problems are appended. */
function judgePaths(
  session: AnalysisSession,
  tool: ToolEntry,
  scope: ts.Node | null,
  generated: GeneratedOutput,
  problems: CheckProblem[],
  tally: PathTally,
  isProjectFile: (file: ts.SourceFile) => boolean,
): { conforms: boolean; successConforms: boolean } {
  const { checker } = session;
  const targetSymbol = checker.getPropertyOfType(generated.conformingResults, tool.name);
  const exits = scope ? collectExitPoints(scope) : [];
  if (!targetSymbol || exits.length === 0) {
    problems.push({ code: CheckCodes.unknownPaths, message: `the return paths of tool "${tool.name}" cannot be found, so its conformance cannot be judged`, file: tool.handler?.file ?? tool.file, line: tool.handler?.line ?? tool.line });
    return { conforms: false, successConforms: false };
  }
  const target = checker.getTypeOfSymbol(targetSymbol);
  let conforms = true;
  let successConforms = true;
  for (const exit of exits) {
    const where = session.where(exit.node);
    const recorded = tool.returns.find((path) => path.file === where.file && path.line === where.line);
    const isError = exit.isThrow || recorded?.kind === "error" || callsErrorFormatter(exit.expression);
    if (isError) tally.errorPaths++;
    if (exit.isThrow) {
      conforms = false;
      problems.push({ code: CheckCodes.throws, message: `tool "${tool.name}" throws instead of returning an error envelope (return its error formatter's result)`, ...where });
      continue;
    }
    const pathConforms = exit.expression !== undefined && isConforming(checker, exit.expression, target);
    if (pathConforms) {
      const placeholders = placeholdersOf(checker, exit.expression, generated.placeholderBrand);
      if (placeholders) {
        for (const part of placeholders.parts) tally.placeholders.add(part);
        if (isError) tally.errorPlaceholders = true;
        problems.push({
          code: CheckCodes.placeholder,
          message: `tool "${tool.name}" sends placeholder ${placeholders.parts.join(", ")} on ${isError ? "an error" : "a success"} path: neutral values the legacy response never said; give each in the second argument of ${placeholders.source}`,
          ...where,
        });
      } else if (isError) tally.errorPathsConforming++;
      continue;
    }
    conforms = false;
    if (!isError) successConforms = false;
    const shown = exit.expression ? checker.typeToString(awaited(checker, checker.getTypeAtLocation(exit.expression)), undefined, ts.TypeFormatFlags.NoTruncation) : "void";
    problems.push({
      code: CheckCodes.nonConformingReturn,
      message: `tool "${tool.name}" returns \`${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}\` on ${isError ? "an error" : "a success"} path, not ConformingResult<"${tool.name}">: return its formatter's result`,
      ...where,
    });
  }
  // A throw that leaves the handler through a project function it calls reaches the client as the
  // SDK's (or framework's) own error text: an error path that cannot conform on the wire.
  if (scope) {
    for (const thrown of helperThrows(scope, checker, isProjectFile)) {
      conforms = false;
      tally.errorPaths++;
      const calledAt = session.where(thrown.callee);
      problems.push({
        code: CheckCodes.throws,
        message: `tool "${tool.name}" throws in ${functionName(thrown.callee)} (${calledAt.file}:${calledAt.line}), which its handler calls outside any try/catch: the client gets that error's text, not an error envelope; catch it in the handler and return its error formatter's result`,
        ...session.where(thrown.node),
      });
    }
  }
  return { conforms, successConforms };
}

/**
 * The analyser does not see through `conform(...)`, so the paths of a wrapped handler are not in the
 * inventory: there, a return of a generated error formatter (`format<Tool>Error(...)`) is the error path.
 */
function callsErrorFormatter(expression: ts.Expression | undefined): boolean {
  let node = expression;
  while (node && (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))) node = node.expression;
  if (!node || !ts.isCallExpression(node)) return false;
  const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
  return ts.isIdentifier(callee) && /^format[A-Za-z0-9_$]*Error$/.test(callee.text);
}

function awaited(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  return checker.getAwaitedType(type) ?? type;
}

function isConforming(checker: ts.TypeChecker, expression: ts.Expression, target: ts.Type): boolean {
  const type = awaited(checker, checker.getTypeAtLocation(expression));
  // `any` is assignable to everything; it proves nothing about the response.
  if (type.flags & ts.TypeFlags.Any) return false;
  return checker.isTypeAssignableTo(type, target);
}

/** `run`, `Quotes.fetch`: how a called function is named in a message. */
function functionName(fn: ts.Node): string {
  const named = fn as ts.Node & { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  if (ts.isPropertyAssignment(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
  return "a function";
}
