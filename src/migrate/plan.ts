import { posix } from "node:path";
import { compareStrings } from "../compare-strings.js";
import { ts } from "../compiler.cjs";
import type { Inventory } from "../analyze/inventory.js";
import { toPosixPath } from "../analyze/paths.js";
import type { AnalysisSession } from "../analyze/session.js";
import { collectExitPoints, exitSite, recordedPaths } from "../analyze/resolve/return-paths.js";
import { indexConformCalls, locateHandler } from "../check/locate.js";
import { fileStems, pascalCase } from "../generate/paths.js";
import { readySchemaForms } from "../generate/output-schema.js";
import { warningConstants } from "../generate/warning-ids.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { type ExitRewrite, type InsideHelper, isInsideTry, planExit, projectFunctionName } from "./exit-rewrites.js";
import type { MigrationPlan, SkippedTool } from "./outcome.js";
import { CannotRewrite, type CallContext, freeName, type SuccessExit } from "./formatter-call-parts.js";
import { errorCall, successCall } from "./formatter-calls.js";
import type { StubHints } from "../generate/generate.js";
import { addImports, importedNameUses, type Needs, removeImportsMadeUnused } from "./imports.js";
import { applyEdits, constThenReturn, EditSet, type TextEdit } from "./text-edits.js";
import { rewrittenRanges } from "./format-rewrites.js";
import { planWrap, usesOf, withoutDeclaredReturnType, type WrapPlan } from "./wrap.js";
import { planOutputSchema } from "./output-schema.js";
import { planWarnings } from "./warnings.js";
import { LegacySteps } from "./legacy-steps.js";
import { awaitPayload } from "./awaited-payload.js";
import { insideOutcomeEdits, type OutcomeMode, outcomeRewrite } from "./outcome-helpers.js";
import { planDispatchers } from "./dispatchers.js";
import { ForeignCalls } from "./foreign-calls.js";
import { GeneratedSymbols } from "./generated.js";
import { asksForInput } from "./input-required.js";
import { inputRequiredTools } from "../generate/input-required.js";
import { callSitesBreak, outputVariant, variantOf } from "../check/protocol-switch.js";
import { awaitedPayloads, catchableThrows, catchHelperThrows } from "./helper-throws.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/** A carried note's text when its source is a plain string literal (a stub cannot hold an expression of the handler's). */
function plainText(source: string): string | null {
  const literal = /^(["'`])(.*)\1$/s.exec(source);
  if (!literal || (literal[1] === "`" && literal[2]!.includes("${"))) return null;
  try {
    return literal[1] === "`" ? literal[2]! : (JSON.parse(literal[1] === "'" ? `"${literal[2]!.replace(/"/g, '\\"')}"` : source) as string);
  } catch {
    return null;
  }
}

/** Whether the file writes its imports' specifiers in single quotes (the file's quote style wins over ours). */
function usesSingleQuotes(file: ts.SourceFile): boolean {
  let single = 0;
  let double = 0;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (file.text[statement.moduleSpecifier.getStart(file)] === "'") single++;
    else double++;
  }
  return single > double;
}

/**
 * The string literals migrate wrote (`"get_task"`, `"\n"`) in single quotes; a literal that was in
 * the text it replaces is the author's, moved as it is.
 */
function singleQuoted(text: string, replaced: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  let out = "";
  let last = 0;
  // Open template substitutions, each with the braces opened inside it, so `}` ends the right one.
  const templates: number[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.TemplateHead) templates.push(0);
    else if (token === ts.SyntaxKind.OpenBraceToken && templates.length > 0) templates[templates.length - 1]!++;
    else if (token === ts.SyntaxKind.CloseBraceToken && templates.length > 0) {
      if (templates[templates.length - 1]! > 0) templates[templates.length - 1]!--;
      else if (scanner.reScanTemplateToken(false) === ts.SyntaxKind.TemplateTail) templates.pop();
    }
    if (token !== ts.SyntaxKind.StringLiteral) continue;
    const raw = scanner.getTokenText();
    if (!raw.startsWith('"') || raw.includes("'") || replaced.includes(raw)) continue;
    out += `${text.slice(last, scanner.getTokenStart())}'${raw.slice(1, -1).replace(/\\"/g, '"')}'`;
    last = scanner.getTokenEnd();
  }
  return out + text.slice(last);
}

/** The comments written inside `node` but outside every node of `kept` (whose text moves as it is), in order. */
function commentsOutside(node: ts.Node, kept: readonly ts.Node[]): string[] {
  const file = node.getSourceFile();
  const text = file.text;
  const found: string[] = [];
  const seen = new Set<number>();
  const inside = (position: number): boolean => kept.some((each) => each.getStart(file) <= position && position < each.getEnd());
  const visit = (child: ts.Node): void => {
    for (const range of [...(ts.getLeadingCommentRanges(text, child.getFullStart()) ?? []), ...(ts.getTrailingCommentRanges(text, child.getEnd()) ?? [])]) {
      if (seen.has(range.pos) || range.pos < node.getStart(file) || range.end > node.getEnd() || inside(range.pos)) continue;
      seen.add(range.pos);
      found.push(text.slice(range.pos, range.end));
    }
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found.sort((a, b) => text.indexOf(a, node.getStart(file)) - text.indexOf(b, node.getStart(file)));
}

/** Every use of the helper is the callee of `return helper(...)` (awaited or not). */
function onlyReturnedCalls(helper: ts.SignatureDeclaration, files: readonly ts.SourceFile[], checker: AnalysisChecker): boolean {
  const name = projectFunctionName(helper);
  if (!name) return false;
  return usesOf(name, files, checker).every((use) => {
    if (!ts.isCallExpression(use.parent) || use.parent.expression !== use) return false;
    let outer: ts.Node = use.parent;
    // A branch of a returned conditional is returned too (`return ok ? okResult(x) : failed(y)`).
    while (
      ts.isAwaitExpression(outer.parent) ||
      ts.isParenthesizedExpression(outer.parent) ||
      (ts.isConditionalExpression(outer.parent) && outer.parent.condition !== outer)
    )
      outer = outer.parent;
    return ts.isReturnStatement(outer.parent) || (ts.isArrowFunction(outer.parent) && outer.parent.body === outer);
  });
}

/** The helper returns its payload instead of a CallToolResult: each exit's value, and its declared return type left to inference. */
function insideHelperEdits(inside: InsideHelper): (TextEdit & { fileName: string })[] {
  const file = inside.helper.getSourceFile();
  const fileName = file.fileName;
  const edits = inside.exits.map(({ expression, payload }) => ({ fileName, start: expression.getStart(file), end: expression.getEnd(), text: payload }));
  return [...edits, ...withoutDeclaredReturnType(inside.helper)];
}

export interface MigrateOptions {
  protocol: ProtocolId;
  guidance: boolean;
  /** Project-relative folder of the generated output (`src/generated/mcp-conform`). */
  outputDir: string;
}

/** Styles whose handlers return the payload itself and let the framework serialise it (the analyser's "raw" mode). */
const RAW_PAYLOAD_STYLES = new Set(["fastmcp", "mcp-framework", "xmcp"]);

/** Stands for the tool name in the formatter calls being planned for one handler (never in a user's file). */
const TOOL_NAME = "\u0000tool name\u0000";

/**
 * One `const tool = "get_tides";` at the top of the handler's body, for a tool name its calls would
 * otherwise repeat three times or more (`conform()` keeps its literal: that is how the tool is
 * found); one a previous run left there is used again. None for a body that is one expression.
 */
function nameBinding(scope: ts.Node, toolName: string): { name: string; insert?: TextEdit & { fileName: string } } | null {
  const block = ts.isBlock(scope) ? scope : ts.isFunctionLike(scope) && "body" in scope && scope.body && ts.isBlock(scope.body) ? scope.body : null;
  if (!block) return null;
  const file = block.getSourceFile();
  const first = block.statements[0];
  if (first && ts.isVariableStatement(first) && first.declarationList.flags & ts.NodeFlags.Const && first.declarationList.declarations.length === 1) {
    const declaration = first.declarationList.declarations[0]!;
    if (
      ts.isIdentifier(declaration.name) &&
      declaration.initializer &&
      ts.isStringLiteral(declaration.initializer) &&
      declaration.initializer.text === toolName
    )
      return { name: declaration.name.text };
  }
  const name = freeName(block, ["tool", "toolName", "conformedTool"]);
  if (name === undefined) return null;
  const text = file.text;
  const at = block.getStart(file) + 1;
  const indentOf = (position: number): string => /^[ \t]*/.exec(text.slice(text.lastIndexOf("\n", position - 1) + 1))![0];
  const indent = first ? indentOf(first.getStart(file)) : `${indentOf(block.getEnd() - 1)}  `;
  return { name, insert: { fileName: file.fileName, start: at, end: at, text: `\n${indent}const ${name} = ${JSON.stringify(toolName)};` } };
}

function need(needs: Map<string, Needs>, fileName: string, module: string, name: string): void {
  const byModule = needs.get(fileName) ?? new Map<string, Set<string>>();
  byModule.set(module, (byModule.get(module) ?? new Set()).add(name));
  needs.set(fileName, byModule);
}

/**
 * Plan the migration of every tool onto the generated formatters of `options.protocol`: pure
 * planning over the session's ts-morph Project (nothing is written). A tool is migrated whole or
 * not at all; a tool that cannot be is listed with file:line and the reason.
 */
export function planMigration(session: AnalysisSession, inventory: Inventory, options: MigrateOptions): MigrationPlan {
  const project = session.project;
  if (!project) throw new Error("planMigration needs an editable session (openSession({ editable: true }))");
  const { checker } = session;
  const stems = fileStems(inventory.tools.map((tool) => tool.name));
  // Compiler file names use `/` on every platform.
  const outputRoot = `${posix.join(toPosixPath(session.rootDir), options.outputDir)}/`;
  const projectFiles = session.userSourceFiles().filter((file) => !file.fileName.startsWith(outputRoot));
  const isProjectFile = (file: ts.SourceFile): boolean => projectFiles.includes(file);
  const conformCalls = indexConformCalls(projectFiles);
  const idByMessage = new Map(warningConstants(inventory.tools).map((constant) => [constant.message, constant.id]));
  const module = (name: string): string => posix.join(options.outputDir, name);
  const steps = new LegacySteps(inventory, session);
  const schemaOptions = { protocol: options.protocol, outputDir: options.outputDir, forms: readySchemaForms(inventory.tools) };
  // Call sites written for another protocol's output (on disk) are read back and written again.
  const onDisk = outputVariant(session.rootDir, options.outputDir);
  const foreign = onDisk && callSitesBreak(onDisk, variantOf(options)) ? new ForeignCalls(checker, session.rootDir, options.outputDir) : null;
  const generated = new GeneratedSymbols(checker, session.rootDir, options.outputDir);
  const askers = inputRequiredTools(inventory.tools);
  const tools = [...inventory.tools].sort((a, b) => compareStrings(a.name, b.name));
  const dispatchers = planDispatchers(
    session,
    tools.map((tool) => ({ name: tool.name, registration: locateHandler(session, tool, conformCalls).registration })),
    projectFiles,
    module,
  );

  // One handler may serve several tools (a registration function called twice, one tool on two
  // servers): it is migrated once when they are one tool name, and left alone when they are not.
  const handlerKey = (tool: (typeof inventory.tools)[number]): string | null => (tool.handler ? `${tool.handler.file}:${tool.handler.line}` : null);
  const namesByHandler = new Map<string, Set<string>>();
  for (const tool of inventory.tools) {
    const key = handlerKey(tool);
    if (key === null) continue;
    const names = namesByHandler.get(key) ?? new Set<string>();
    namesByHandler.set(key, names.add(tool.name));
  }

  // Tools behind one re-serialising dispatcher move together: it passes results through for all of
  // them, or for none. A tool that cannot be migrated holds its dispatcher's other tools back.
  const excluded = new Map<string, SkippedTool>();
  for (const group of dispatchers) {
    if (group.reason === null) continue;
    for (const name of group.tools) excluded.set(name, { tool: name, ...group.where, reason: group.reason });
  }
  for (;;) {
    const attempt = planTools(excluded);
    const done = new Set([...attempt.migrated.map((tool) => tool.tool), ...attempt.upToDate]);
    let held = false;
    for (const group of dispatchers) {
      const stuck = group.tools.find((name) => !done.has(name));
      if (stuck === undefined) continue;
      for (const name of group.tools) {
        if (!done.has(name) || excluded.has(name)) continue;
        excluded.set(name, {
          tool: name,
          ...group.where,
          reason: `its dispatcher also runs ${stuck}, which cannot be migrated: the dispatcher can pass results through for all of its tools or for none`,
        });
        held = true;
      }
    }
    if (held) continue;
    for (const group of dispatchers) {
      if (group.tools.length === 0 || group.reason !== null) continue;
      for (const edit of group.edits) {
        attempt.edits.add(edit.fileName, edit);
        for (const [target, name] of edit.imports) need(attempt.needs, edit.fileName, target, name);
      }
      const served = attempt.migrated.filter((tool) => group.tools.includes(tool.tool));
      for (const tool of served) tool.changes.push(`its dispatcher (${group.where.file}:${group.where.line}) passes the result through`);
      if (served.length === 0) attempt.dispatchersOnly.push(`${group.where.file}:${group.where.line}`);
    }
    return finish(attempt);
  }

  function planTools(excluded: ReadonlyMap<string, SkippedTool>) {
    const skipped: SkippedTool[] = [...excluded.values()];
    const migrated: MigrationPlan["migrated"] = [];
    const upToDate: string[] = [];
    const edits = new EditSet();
    const needs = new Map<string, Needs>();
    const stubHints = new Map<string, StubHints>();
    const plannedHandlers = new Set<string>();
    for (const tool of tools) {
      if (excluded.has(tool.name)) continue;
      const skip = (reason: string, node?: ts.Node): void => {
        const where = node ? session.where(node) : { file: tool.handler?.file ?? tool.file, line: tool.handler?.line ?? tool.line };
        skipped.push({ tool: tool.name, ...where, reason });
      };
      const shared = handlerKey(tool);
      const sharers = shared ? [...(namesByHandler.get(shared) ?? [])].filter((name) => name !== tool.name) : [];
      if (sharers.length > 0) {
        skip(`its handler also handles ${sharers.map((name) => `"${name}"`).join(", ")}: one handler cannot return two tools' formatter results`);
        continue;
      }
      if (shared && plannedHandlers.has(shared)) continue;
      if (shared) plannedHandlers.add(shared);
      // `conform()` lets an SDK 2.x InputRequiredResult through only where the SDK's own tools/call runs the handler.
      const inputRequired = tool.returns.find((path) => path.via === "input-required");
      if (inputRequired && !askers.has(tool.name)) {
        skipped.push({
          tool: tool.name,
          file: inputRequired.file,
          line: inputRequired.line,
          reason: "it returns inputRequired(...), an SDK 2.x request for input that its framework does not pass to the client",
        });
        continue;
      }
      const located = locateHandler(session, tool, conformCalls);
      if (!located.scope) {
        skip("the handler cannot be found");
        continue;
      }
      // A low-level branch whose paths are what it assigns for the dispatcher to return after the
      // switch (`result = ...; break;`, analyze/resolve/assigned-results.ts): no `return` to rewrite.
      if (tool.style === "sdk-low-level" && tool.returns.length > 0 && !located.wrapper && collectExitPoints(located.scope).length === 0) {
        skip(
          "its branch hands its result to the code after the switch (`result = ...; break;`), which returns it for every tool: return the result in the branch (`return handleX(args);`) and run migrate again",
          located.scope,
        );
        continue;
      }
      let scope: ts.Node = located.scope;
      let wrap: WrapPlan | null = null;
      if (!located.wrapper) {
        const planned = planWrap(located.scope, located.registration, tool.name, checker, projectFiles);
        if ("reason" in planned) {
          skip(planned.reason, located.scope);
          continue;
        }
        wrap = planned;
        scope = planned.scope;
      }
      const raw = RAW_PAYLOAD_STYLES.has(tool.style);
      const exitScope = scope;
      const exits = collectExitPoints(scope).map((exit) =>
        askers.has(tool.name) && asksForInput(exit, checker)
          ? { kind: "done" as const, exit }
          : awaitPayload(planExit(exit, checker, exit.isThrow && isInsideTry(exit.node, exitScope), generated, raw, foreign), checker),
      );
      const outputSchema = planOutputSchema(session, tool, located.registration, schemaOptions);
      if ("reason" in outputSchema) {
        skip(outputSchema.reason, outputSchema.node);
        continue;
      }
      // Throws in the functions the handler calls, which a try/catch in the handler can route to its error formatter.
      const catchable = catchableThrows(scope, checker, isProjectFile, awaitedPayloads(exits));
      if (located.wrapper && exits.every((exit) => exit.kind === "done") && outputSchema.change === null && catchable.size === 0) {
        upToDate.push(tool.name);
        continue;
      }
      const unreadable = exits.find((exit): exit is Extract<ExitRewrite, { kind: "skip" }> => exit.kind === "skip");
      if (unreadable) {
        skip(unreadable.reason, exitSite(unreadable.exit));
        continue;
      }
      if (exits.length === 0) {
        skip("the handler has no return paths");
        continue;
      }
      // What the analyser reads as an error must reach the model as one: never a success envelope.
      const recorded = recordedPaths(
        exits.map((exit) => exit.exit),
        tool.returns,
        (node) => session.where(node),
      );
      const errorAsSuccess = exits.find((exit, index) => exit.kind === "success" && recorded[index]?.kind === "error");
      if (errorAsSuccess) {
        skip(
          "a return the analyser reads as an error, whose message migrate cannot take apart: return the error formatter's result there by hand",
          exitSite(errorAsSuccess.exit),
        );
        continue;
      }
      // A helper that returns a CallToolResult is rewritten to return its payload only when every use
      // of it is a `return helper(...)`: any other caller would get a payload where it expects a result.
      // A helper whose results are errors and successes is rewritten to return what happened when only
      // `return helper(...)` uses it; one that other code uses too stays, where its result says it all.
      const outcomeModes = new Map<ExitRewrite, OutcomeMode>();
      for (const exit of exits) {
        if (exit.kind !== "outcome") continue;
        if (onlyReturnedCalls(exit.outcome.helper, projectFiles, checker)) outcomeModes.set(exit, "rewrite-helper");
        else if (exit.outcome.readable) outcomeModes.set(exit, "read-result");
      }
      const sharedOutcome = exits.find((exit) => exit.kind === "outcome" && !outcomeModes.has(exit));
      if (sharedOutcome?.kind === "outcome") {
        const name = projectFunctionName(sharedOutcome.outcome.helper)!.text;
        skip(
          `returns ${name}(...), a helper whose results are both errors and successes, which other code uses other than as \`return ${name}(...)\`: make it return what happened (\`{ ok, payload }\`) and format that in each handler`,
          exitSite(sharedOutcome.exit),
        );
        continue;
      }
      const sharedHelper = exits.find((exit) => exit.kind === "success" && exit.inside && !onlyReturnedCalls(exit.inside.helper, projectFiles, checker));
      if (sharedHelper?.kind === "success") {
        const name = projectFunctionName(sharedHelper.inside!.helper)!.text;
        skip(
          `returns ${name}(...), a CallToolResult built by a helper that other code uses other than as \`return ${name}(...)\`: make it return the payload and format it in each handler`,
          exitSite(sharedHelper.exit),
        );
        continue;
      }
      const anyPayload = exits.find(
        (exit) =>
          (exit.kind === "success" &&
            ((exit.inside?.payloadType ?? (exit.payloadIsText ? checker.getStringType() : checker.getTypeAtLocation(exit.payloadNode))).flags &
              ts.TypeFlags.Any) !==
              0) ||
          (exit.kind === "outcome" && (exit.outcome.payloadType.flags & ts.TypeFlags.Any) !== 0),
      );
      if (anyPayload?.kind === "success" || anyPayload?.kind === "outcome") {
        skip(
          "the payload is typed `any`, so its formatter cannot be typed: give it a type first",
          anyPayload.kind === "success" ? anyPayload.payloadNode : anyPayload.call,
        );
        continue;
      }
      const warnings = planWarnings(scope, checker, (message) => idByMessage.get(message));
      if ("reason" in warnings) {
        skip(warnings.reason, warnings.node);
        continue;
      }
      const before = edits.snapshot();
      const beforeNeeds = new Map([...needs].map(([file, byModule]) => [file, new Map([...byModule].map(([m, names]) => [m, new Set(names)]))]));
      try {
        const fileName = scope.getSourceFile().fileName;
        const formatter = `format${pascalCase(tool.name)}`;
        const formatterModule = module(`formatters/${stems.get(tool.name) ?? tool.name}.ts`);
        // The calls name the tool by TOOL_NAME until it is known whether one binding stands for it.
        const context: CallContext = { protocol: options.protocol, guidance: options.guidance, formatter, name: TOOL_NAME, checker };
        const pending: (TextEdit & { fileName: string })[] = [];
        const changes = { paths: 0, throws: 0 };
        const said: { texts: (string | null)[]; actions: string[] } = { texts: [], actions: [] };
        for (const exit of exits) {
          if (exit.kind === "done" || exit.kind === "skip") continue;
          if (exit.kind === "outcome") {
            const mode = outcomeModes.get(exit)!;
            const rewrite = outcomeRewrite(exit, mode, context, tool, steps);
            pending.push(rewrite.edit);
            if (mode === "rewrite-helper") for (const edit of insideOutcomeEdits(exit.outcome)) edits.add(edit.fileName, edit);
            need(needs, fileName, formatterModule, formatter);
            need(needs, fileName, formatterModule, `${formatter}Error`);
            for (const kitName of rewrite.kit) need(needs, fileName, module("kit.ts"), kitName);
            changes.paths++;
            continue;
          }
          let made: ReturnType<typeof successCall>;
          if (exit.kind === "error") {
            made = errorCall(
              {
                message: exit.message,
                messageNode: exit.messageNode,
                steps: exit.carried?.steps ?? steps.of(tool, [exit.messageNode, ...(exit.said?.nodes ?? [])]),
                ...exit.said,
                ...(exit.labelled === undefined ? {} : { labelled: exit.labelled }),
              },
              context,
            );
          } else {
            const success: SuccessExit = exit.carried
              ? {
                  payload: exit.payload,
                  payloadNode: exit.payloadNode,
                  notes: exit.carried.notes,
                  steps: exit.carried.steps ?? steps.inTexts(exit.carried.notes, exit.payloadNode),
                }
              : {
                  payload: exit.payload,
                  payloadNode: exit.payloadNode,
                  notes: exit.notes.map((note) => note.getText(note.getSourceFile())),
                  steps: steps.of(tool, exit.notes, exit.payloadNode),
                };
            if (exit.payloadIsText) success.payloadType = checker.getStringType();
            if (exit.inside) {
              success.payloadType = exit.inside.payloadType;
              for (const edit of insideHelperEdits(exit.inside)) edits.add(edit.fileName, edit);
            }
            made = successCall(success, context);
            const [note, ...more] = exit.notes;
            said.texts.push(
              exit.carried
                ? exit.carried.notes.length === 1
                  ? plainText(exit.carried.notes[0]!)
                  : null
                : note && more.length === 0 && ts.isStringLiteralLike(note)
                  ? note.text
                  : null,
            );
            said.actions.push(...success.steps.map((step) => step.tool));
          }
          need(needs, fileName, formatterModule, exit.kind === "error" ? `${formatter}Error` : formatter);
          for (const kitName of made.kit) need(needs, fileName, module("kit.ts"), kitName);
          const call = exit.kind === "success" && "then" in exit ? `${exit.then}.then((${exit.payload}) => ${made.text})` : made.text;
          const file = exit.exit.node.getSourceFile();
          if (made.bind) {
            // `const response = helper(...);` (or the error's message) then the return that reads it twice.
            const statement = exit.exit.node;
            // A branch of a returned conditional cannot have a statement of its own before it.
            if (exit.exit.branch || (!ts.isReturnStatement(statement) && !ts.isThrowStatement(statement)))
              throw new CannotRewrite(
                `${exit.kind === "error" ? "an error message" : "a SmartResponse V1 object"} read twice where no const can be declared before it: store it in a const first`,
                statement,
              );
            if (exit.exit.isThrow) changes.throws++;
            else changes.paths++;
            pending.push(constThenReturn(statement, made.bind.name, made.bind.expression, call));
            continue;
          }
          if (exit.exit.isThrow) {
            changes.throws++;
            pending.push({ fileName, start: exit.exit.node.getStart(file), end: exit.exit.node.getEnd(), text: `return ${call};` });
          } else {
            changes.paths++;
            const target = exit.exit.expression!;
            // Comments inside the legacy result that the call does not carry: kept, above the return.
            const kept = exit.kind === "success" ? [exit.payloadNode, ...exit.notes] : [exit.messageNode];
            const dropped = commentsOutside(target, kept);
            if (dropped.length > 0 && ts.isReturnStatement(exit.exit.node)) {
              const statementStart = exit.exit.node.getStart(file);
              const lineStart = file.text.lastIndexOf("\n", statementStart - 1) + 1;
              const indent = /^[ \t]*/.exec(file.text.slice(lineStart))![0];
              if (/^[ \t]*$/.test(file.text.slice(lineStart, statementStart))) {
                edits.add(fileName, { start: lineStart, end: lineStart, text: dropped.map((comment) => `${indent}${comment}\n`).join("") });
              }
            }
            pending.push({ fileName, start: target.getStart(file), end: target.getEnd(), text: call });
          }
        }
        const uses = pending.reduce((count, edit) => count + edit.text.split(TOOL_NAME).length - 1, 0);
        const binding = uses + (wrap ? 1 : 0) >= 3 ? nameBinding(scope, tool.name) : null;
        const toolName = binding?.name ?? JSON.stringify(tool.name);
        for (const edit of pending) edits.add(edit.fileName, { ...edit, text: edit.text.split(TOOL_NAME).join(toolName) });
        let wrapEdits = wrap?.edits ?? [];
        if (binding?.insert) {
          const { insert } = binding;
          // The wrap's own line opens the body there (`return conform("x", async () => {`): the binding goes after it.
          const opening = wrapEdits.find((edit) => edit.fileName === insert.fileName && edit.start === insert.start && edit.end === insert.start);
          if (opening) wrapEdits = wrapEdits.map((edit) => (edit === opening ? { ...edit, text: edit.text + insert.text } : edit));
          else edits.add(insert.fileName, insert);
        }
        for (const edit of warnings.edits) {
          edits.add(edit.fileName, edit);
          need(needs, edit.fileName, module("warnings.ts"), edit.needs === "Warning" ? "type Warning" : "warning");
        }
        // After the edits above: the statements it puts inside a try carry them.
        const caught = catchHelperThrows(scope, catchable, edits, { ...context, name: toolName }, isProjectFile);
        if (caught.count > 0) need(needs, fileName, formatterModule, `${formatter}Error`);
        for (const kitName of caught.kit) need(needs, fileName, module("kit.ts"), kitName);
        for (const { module: from, name } of caught.needs) need(needs, fileName, session.relativePath(from), name);
        if (wrap) {
          for (const edit of wrapEdits) {
            edits.add(edit.fileName, edit);
            // Dropping a declared return type (in the handler's own file) calls nothing.
            if (edit.text !== "") need(needs, edit.fileName, module("conform.ts"), "conform");
          }
        }
        for (const { fileName: schemaFile, edit } of outputSchema.edits) edits.add(schemaFile, edit);
        for (const { fileName: schemaFile, module: schemaModule, name } of outputSchema.needs) need(needs, schemaFile, schemaModule, name);
        const words = [
          changes.paths > 0 ? `${changes.paths} return path${changes.paths === 1 ? "" : "s"}` : "",
          changes.throws > 0 ? `${changes.throws} throw${changes.throws === 1 ? "" : "s"} to error results` : "",
          caught.count > 0 ? `${caught.count} throw${caught.count === 1 ? "" : "s"} in called functions caught` : "",
          warnings.count > 0 ? `${warnings.count} warning${warnings.count === 1 ? "" : "s"} to IDs` : "",
          wrap ? "wrapped with conform()" : "",
          outputSchema.change ?? "",
        ].filter((word) => word !== "");
        migrated.push({
          tool: tool.name,
          ...session.where(scope),
          changes: words,
          ...(changes.throws + caught.count > 0 ? { throws: changes.throws + caught.count } : {}),
        });
        const text = said.texts[0];
        stubHints.set(tool.name, {
          nextAction: text !== undefined && text !== null && said.texts.every((each) => each === text) ? text : null,
          actions: [...new Set(said.actions)].sort(),
        });
      } catch (error) {
        if (!(error instanceof CannotRewrite)) throw error;
        edits.restore(before);
        needs.clear();
        for (const [file, byModule] of beforeNeeds) needs.set(file, byModule);
        skip(error.message, error.node);
      }
    }

    return { edits, needs, migrated, skipped, upToDate, stubHints, dispatchersOnly: [] as string[] };
  }

  function finish(attempt: ReturnType<typeof planTools>): MigrationPlan {
    const { edits, needs, migrated, skipped, upToDate } = attempt;
    const files: MigrationPlan["files"] = new Map();
    for (const fileName of new Set([...edits.files(), ...needs.keys()])) {
      const file = project!.getSourceFileOrThrow(fileName);
      const before = file.getFullText();
      const used = importedNameUses(file);
      const single = usesSingleQuotes(file.compilerNode);
      const applied = single
        ? edits.editsOf(fileName).map((edit) => ({ ...edit, text: singleQuoted(edit.text, before.slice(edit.start, edit.end)) }))
        : edits.editsOf(fileName);
      applyEdits(file, applied);
      const edited = file.getFullText();
      addImports(file, session.relativePath(fileName), needs.get(fileName) ?? new Map(), inventory.importSpecifiers === "extensionless", single);
      removeImportsMadeUnused(file, used);
      const after = file.getFullText();
      // Leave the Project as it was read: the plan is data; writing is the caller's business.
      file.replaceWithText(before);
      if (after !== before) files.set(fileName, { before, after, rewritten: rewrittenRanges(fileName, before, applied, edited, after) });
    }
    return {
      files,
      migrated,
      skipped: skipped.sort((a, b) => compareStrings(a.tool, b.tool)),
      upToDate: upToDate.sort(),
      dispatchers: attempt.dispatchersOnly.sort(),
      stubHints: attempt.stubHints,
    };
  }
}
