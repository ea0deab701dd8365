import { join, resolve, sep } from "node:path";
import type { ts } from "../compiler.cjs";
import { TypeFlags } from "../analyze/engine/ts6-enums.generated.js";
import type { HarvestedWarning, Inventory, ToolEntry } from "../analyze/inventory.js";
import { collectExitPoints, exitSite, recordedPaths } from "../analyze/resolve/return-paths.js";
import { toPosixPath } from "../analyze/paths.js";
import { typeText } from "../analyze/resolve/type-text.js";
import { unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisSession } from "../analyze/session.js";
import { didYouMean } from "../config/did-you-mean.js";
import type { GenerateConfig } from "../generate/config.js";
import { readySchemaForms } from "../generate/output-schema.js";
import { fileStems } from "../generate/paths.js";
import { carriesGuidance } from "../protocols/registry.js";
import { DispatchIndex } from "./dispatchers.js";
import { readGeneratedOutput, type GeneratedOutput } from "./generated-output.js";
import { readStub, type StubState } from "./guidance.js";
import { helperThrows } from "./helper-throws.js";
import { type LocatedHandler, indexConformCalls, locateHandler } from "./locate.js";
import { judgeDeclaredOutputSchema, type OutputSchemaProblem } from "./output-schema.js";
import { returnedLiteralText } from "./returned-literal.js";
import { isLiteralWithoutBrand } from "./brand.js";
import { declaredNames, mayCallDeclared } from "./declared-names.js";
import { placeholdersOf } from "./placeholders.js";
import { type Misfit, importedNames, misfitCalls, protocolSwitchMisfits } from "./protocol-switch.js";
import { type NodeFacts, collectToolMentions } from "./tool-mentions.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import {
  forEachChild,
  isAsExpression,
  isAwaitExpression,
  isCallExpression,
  isIdentifier,
  isParenthesizedExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isSatisfiesExpression,
  isVariableDeclaration,
} from "../analyze/engine/ast.js";

/**
 * What `check` collects about each tool, before any rule judges it: the collection half of `check`
 * (as knip keeps collection apart from its rules). Rules (rules/) turn these facts into problems;
 * check.ts turns them into the verdicts (conforms, guidance state, coverage).
 */

/** How much of a returned type a message quotes (MCPC101): no more is put in order (typeText). */
export const QUOTED_TYPE_CHARS = 80;

export interface Where {
  file: string;
  line: number;
}

export type CheckConfig = Pick<GenerateConfig, "protocol" | "guidance" | "outputDir" | "guidanceDir">;

/** One exit (`return` or `throw`) of the handler, judged against the tool's `ConformingResult`. */
export interface JudgedExit {
  where: Where;
  isError: boolean;
  verdict: "throws" | "conforming" | "placeholder" | "non-conforming";
  /** For a non-conforming exit: its (awaited) type as the checker prints it. */
  shown?: string;
  /** For a placeholder exit: the parts sent as neutral values, and the call that takes them. */
  placeholders?: { parts: string[]; source: string };
}

/** A throw in a project function the handler calls outside any try/catch. */
export interface ThrowInCallee {
  where: Where;
  calleeName: string;
  calledAt: Where;
}

export interface ExitFacts {
  /** Whether the handler's exits (or the tool's target type) could be found at all. */
  found: boolean;
  exits: JudgedExit[];
  throwsInCallees: ThrowInCallee[];
}

export interface StubFacts extends StubState {
  /** The stub's path relative to the project, as the config names it. */
  path: string;
}

export interface UnknownMention {
  name: string;
  where: Where;
  /** A tool of the server two edits away, for "did you mean". */
  nearest: string | null;
}

export interface WarningFacts extends HarvestedWarning {
  /** Whether its ID is among the generated `WARNINGS`. */
  known: boolean;
}

export interface ToolFacts {
  tool: ToolEntry;
  wrapped: boolean;
  exits: ExitFacts;
  /** The guidance stub, when the configuration uses guidance. */
  stub: StubFacts | null;
  /** Handlers or stubs written for another protocol's generated output. */
  misfits: Misfit[];
  /** Dispatchers that put the handler's result inside a text block. */
  reserialisedAt: Where[];
  unknownMentions: UnknownMention[];
  warnings: WarningFacts[];
  declaredOutputSchema: OutputSchemaProblem | null;
}

/** Everything shared by the facts of one project's tools: indexed once per run. */
export class ProjectFacts {
  readonly generated: GeneratedOutput;
  readonly withGuidance: boolean;
  private readonly toolNames: Set<string>;
  private readonly stems: Map<string, string>;
  private readonly outputRoot: string;
  private readonly readyForms;
  private readonly conformCalls;
  /** What the project and its output declare: a call of any other name reaches none of their functions (declared-names.ts). */
  private readonly declared: ReadonlySet<string>;
  private readonly dispatches: DispatchIndex;
  private readonly switched: Misfit[];
  private readonly mentionCache = new Map<ts.Node, NodeFacts>();

  constructor(
    private readonly session: AnalysisSession,
    inventory: Inventory,
    private readonly config: CheckConfig,
  ) {
    this.generated = readGeneratedOutput(session, inventory, config.outputDir);
    this.toolNames = new Set(inventory.tools.map((tool) => tool.name));
    this.stems = fileStems(inventory.tools.map((tool) => tool.name));
    this.withGuidance = carriesGuidance(config);
    this.outputRoot = resolve(session.rootDir, config.outputDir) + sep;
    this.readyForms = readySchemaForms(inventory.tools);
    const projectFiles = session.userSourceFiles().filter((file) => !this.inOutput(file.fileName));
    this.conformCalls = indexConformCalls(projectFiles);
    this.declared = declaredNames(
      session.userSourceFiles(),
      session.engine
        .sourceFiles()
        .filter((file) => file.generated)
        .map((file) => file.text),
    );
    this.dispatches = new DispatchIndex(session.checker, projectFiles);
    this.switched = protocolSwitchMisfits(session, config);
  }

  private inOutput(fileName: string): boolean {
    return resolve(fileName).startsWith(this.outputRoot);
  }

  private isProjectFile(file: ts.SourceFile): boolean {
    return !file.isDeclarationFile && !this.inOutput(file.fileName) && !/[\\/]node_modules[\\/]/.test(file.fileName);
  }

  /**
   * What `of` will ask the checker for every tool, asked at once: the symbols of the functions the
   * handlers call and the types of their exits (on TypeScript 7, a few round trips instead of some
   * per tool; TypeScript 6 has no use for it).
   */
  prefetch(tools: readonly ToolEntry[]): void {
    const { checker } = this.session;
    if (!checker.prefetchSymbols && !checker.prefetchTypes) return;
    const callees: ts.Node[] = [];
    const exits: ts.Node[] = [];
    for (const tool of tools) {
      const { scope } = this.located(tool);
      if (!scope) continue;
      const imported = importedNames(scope.getSourceFile());
      const visit = (node: ts.Node): void => {
        // Only a call that may reach a declared function is ever asked about (declared-names.ts).
        if (isCallExpression(node) && mayCallDeclared(node, this.declared)) {
          const callee = unwrapExpression(node.expression);
          if (isIdentifier(callee)) callees.push(callee);
          else if (isPropertyAccessExpression(callee)) callees.push(callee.name);
        }
        // What misfitCalls asks: the names a file imports, wherever the handler uses them.
        if (isIdentifier(node) && imported.has(node.text)) callees.push(node);
        forEachChild(node, visit);
      };
      visit(scope);
      // A literal that cannot carry the brand is neither judged nor quoted by its type (judgeExits).
      for (const exit of collectExitPoints(scope)) if (exit.expression && !this.cannotConform(exit.expression)) exits.push(exit.expression);
    }
    checker.prefetchSymbols?.(callees);
    checker.prefetchTypes?.(exits);
    // Each tool's target is a property of this one type: its properties come in one answer.
    checker.getPropertiesOfType(this.generated.conformingResults);
  }

  private readonly locatedHandlers = new Map<ToolEntry, LocatedHandler>();
  private located(tool: ToolEntry): LocatedHandler {
    let located = this.locatedHandlers.get(tool);
    if (!located) {
      located = locateHandler(this.session, tool, this.conformCalls);
      this.locatedHandlers.set(tool, located);
    }
    return located;
  }

  of(tool: ToolEntry): ToolFacts {
    const { session, config } = this;
    const located = this.located(tool);
    const exits = this.judgeExits(tool, located.scope);
    const stubPath = join(config.guidanceDir, `${this.stems.get(tool.name) ?? tool.name}.ts`);
    const stubFile = join(session.rootDir, stubPath);
    const stub = this.withGuidance ? { ...readStub(stubFile), path: stubPath } : null;
    const stubSource = session.program.getSourceFile(stubFile);
    const unknown = collectToolMentions(
      session,
      [...(located.scope ? [located.scope] : []), ...(this.withGuidance && stubSource ? [stubSource] : [])],
      (fileName) => this.inOutput(fileName),
      this.mentionCache,
      this.declared,
    ).filter((mention) => !this.toolNames.has(mention.name));
    return {
      tool,
      wrapped: located.wrapper !== null,
      exits,
      stub,
      misfits: this.misfits(located, stubPath, stubSource, unknown),
      reserialisedAt: this.reserialisedAt(located, exits),
      unknownMentions: this.unknownMentions(unknown),
      warnings: tool.warnings.map((warning) => ({ ...warning, known: warning.id !== null && this.generated.warningIds.has(warning.id) })),
      declaredOutputSchema: judgeDeclaredOutputSchema(tool, config, this.readyForms),
    };
  }

  /** Every exit of the handler against the tool's target type. */
  private judgeExits(tool: ToolEntry, scope: ts.Node | null): ExitFacts {
    const { session, generated } = this;
    const { checker } = session;
    const targetSymbol = checker.getPropertyOfType(generated.conformingResults, tool.name);
    const exitPoints = scope ? collectExitPoints(scope) : [];
    if (!targetSymbol || exitPoints.length === 0) return { found: false, exits: [], throwsInCallees: [] };
    const target = checker.getTypeOfSymbol(targetSymbol);
    const exits: JudgedExit[] = [];
    const paths = recordedPaths(exitPoints, tool.returns, (node) => session.where(node));
    for (const [index, exit] of exitPoints.entries()) {
      const where = session.where(exitSite(exit));
      const recorded = paths[index];
      const isError = exit.isThrow || recorded?.kind === "error" || callsErrorFormatter(exit.expression);
      if (exit.isThrow) {
        exits.push({ where, isError, verdict: "throws" });
      } else if (exit.expression !== undefined && !this.cannotConform(exit.expression) && isConforming(checker, exit.expression, target)) {
        const placeholders = placeholdersOf(checker, exit.expression, generated.placeholderBrand);
        exits.push(placeholders ? { where, isError, verdict: "placeholder", placeholders } : { where, isError, verdict: "conforming" });
      } else {
        const shown = exit.expression ? (returnedLiteralText(exit.expression) ?? this.shownType(exit.expression)) : "void";
        exits.push({ where, isError, verdict: "non-conforming", shown });
      }
    }
    // A throw that leaves the handler through a project function it calls reaches the client as the
    // SDK's (or framework's) own error text: an error path that cannot conform on the wire.
    const throwsInCallees = scope
      ? helperThrows(scope, checker, (file) => this.isProjectFile(file), this.declared).map((thrown) => ({
          where: session.where(thrown.node),
          calleeName: functionName(thrown.callee),
          calledAt: session.where(thrown.callee),
        }))
      : [];
    return { found: true, exits, throwsInCallees };
  }

  /** A returned object literal the target's brand rules out (brand.ts): no need to ask the checker. */
  private cannotConform(expression: ts.Expression): boolean {
    return this.generated.brandedTargets && isLiteralWithoutBrand(expression);
  }

  /** A returned value's type as the inventory prints types, so that both engines say the same (typeText). */
  private shownType(expression: ts.Expression): string {
    const { checker } = this.session;
    const type = checker.getTypeAtLocation(expression);
    const settled = awaited(checker, type);
    // The expression's own syntax can tell the print is in order, when the type printed is its own.
    return typeText(settled, checker, expression, QUOTED_TYPE_CHARS, settled === type ? expression : undefined);
  }

  private misfits(located: LocatedHandler, stubPath: string, stubSource: ts.SourceFile | undefined, unknown: readonly { node: ts.Node }[]): Misfit[] {
    const { session, config } = this;
    // Handlers (and stubs) written for another protocol's formatters: tsc fails on them even where their types look conforming.
    const handlerFile = located.scope ? session.where(located.scope).file : null;
    const misfits = [
      ...this.switched.filter((misfit) => misfit.file === handlerFile || misfit.file === toPosixPath(stubPath)),
      ...(located.scope ? misfitCalls(session, located.scope, config, { declared: this.declared }) : []),
    ];
    if (stubSource && !misfits.some((misfit) => misfit.file === toPosixPath(stubPath)))
      misfits.push(...misfitCalls(session, stubSource, config, { stub: true, declared: this.declared }));
    // Names of tools the server lacks (MCPC110) are a reason of their own for an argument not to fit.
    const explained = (misfit: Misfit): boolean =>
      misfit.argument !== undefined &&
      unknown.some(
        (mention) =>
          mention.node.getSourceFile() === misfit.argument!.getSourceFile() &&
          mention.node.pos >= misfit.argument!.pos &&
          mention.node.end <= misfit.argument!.end,
      );
    return misfits.filter((misfit) => !explained(misfit));
  }

  /** A dispatcher that serialises the handler's result sends the client a result inside a text block. */
  private reserialisedAt(located: LocatedHandler, exits: ExitFacts): Where[] {
    const conformsByType =
      exits.found && exits.throwsInCallees.length === 0 && exits.exits.every((exit) => exit.verdict === "conforming" || exit.verdict === "placeholder");
    if (!located.wrapper && !conformsByType) return [];
    return this.dispatches.serialising(located.registration).map((dispatch) => this.session.where(dispatch.result));
  }

  private unknownMentions(unknown: readonly { name: string; node: ts.Node }[]): UnknownMention[] {
    const seen = new Set<string>();
    const mentions: UnknownMention[] = [];
    for (const mention of unknown) {
      const where = this.session.where(mention.node);
      const key = `${mention.name}\0${where.file}\0${where.line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // Two edits at most: a slip of the keys, not another action (`rate_recipe` is not `get_recipe`).
      mentions.push({ name: mention.name, where, nearest: didYouMean(mention.name, [...this.toolNames], 2) ?? null });
    }
    return mentions;
  }
}

/**
 * The analyser does not see through `conform(...)`, so the paths of a wrapped handler are not in the
 * inventory: there, a return of a generated error formatter (`format<Tool>Error(...)`) is the error path.
 */
function callsErrorFormatter(expression: ts.Expression | undefined): boolean {
  let node = expression;
  while (node && (isAwaitExpression(node) || isParenthesizedExpression(node) || isAsExpression(node) || isSatisfiesExpression(node))) node = node.expression;
  if (!node || !isCallExpression(node)) return false;
  const callee = isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
  return isIdentifier(callee) && /^format[A-Za-z0-9_$]*Error$/.test(callee.text);
}

function awaited(checker: AnalysisChecker, type: ts.Type): ts.Type {
  return checker.getAwaitedType(type) ?? type;
}

function isConforming(checker: AnalysisChecker, expression: ts.Expression, target: ts.Type): boolean {
  const type = awaited(checker, checker.getTypeAtLocation(expression));
  // `any` is assignable to everything; it proves nothing about the response.
  if (type.flags & TypeFlags.Any) return false;
  return checker.isTypeAssignableTo(type, target);
}

/** `run`, `Quotes.fetch`: how a called function is named in a message. */
function functionName(fn: ts.Node): string {
  const named = fn as ts.Node & { name?: ts.Node };
  if (named.name && isIdentifier(named.name)) return named.name.text;
  if (isVariableDeclaration(fn.parent) && isIdentifier(fn.parent.name)) return fn.parent.name.text;
  if (isPropertyAssignment(fn.parent) && isIdentifier(fn.parent.name)) return fn.parent.name.text;
  return "a function";
}
