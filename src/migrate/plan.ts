import { posix } from "node:path";
import { ts } from "ts-morph";
import type { Inventory, ToolEntry } from "../analyze/inventory.js";
import { toPosixPath } from "../analyze/paths.js";
import type { AnalysisSession } from "../analyze/session.js";
import { collectExitPoints } from "../analyze/resolve/return-paths.js";
import { indexConformCalls, locateHandler } from "../check/locate.js";
import { fileStems, pascalCase } from "../generate/paths.js";
import { warningConstants } from "../generate/warning-ids.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { type ExitRewrite, isInsideTry, planExit } from "./exit-rewrites.js";
import type { MigrationPlan, SkippedTool } from "./outcome.js";
import { CannotRewrite, type CallContext, errorCall, successCall } from "./formatter-calls.js";
import { addImports, importedNameUses, type Needs, removeImportsMadeUnused } from "./imports.js";
import { applyEdits, EditSet } from "./text-edits.js";
import { planWrap, type WrapPlan } from "./wrap.js";
import { planWarnings } from "./warnings.js";

export interface MigrateOptions {
  protocol: ProtocolId;
  guidance: boolean;
  /** Project-relative folder of the generated output (`src/generated/mcp-conform`). */
  outputDir: string;
}

/** Styles whose handlers return the payload itself and let the framework serialise it (the analyser's "raw" mode). */
const RAW_PAYLOAD_STYLES = new Set(["fastmcp", "mcp-framework", "xmcp"]);


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
  const skipped: SkippedTool[] = [];
  const migrated: MigrationPlan["migrated"] = [];
  const upToDate: string[] = [];
  const edits = new EditSet();
  const needs = new Map<string, Needs>();
  const stems = fileStems(inventory.tools.map((tool) => tool.name));
  // Compiler file names use `/` on every platform.
  const outputRoot = `${posix.join(toPosixPath(session.rootDir), options.outputDir)}/`;
  const projectFiles = session.userSourceFiles().filter((file) => !file.fileName.startsWith(outputRoot));
  const conformCalls = indexConformCalls(projectFiles);
  const idByMessage = new Map(warningConstants(inventory.tools).map((constant) => [constant.message, constant.id]));
  const module = (name: string): string => posix.join(options.outputDir, name);

  // One handler may serve several tools (a registration function called twice, one tool on two
  // servers): it is migrated once when they are one tool name, and left alone when they are not.
  const handlerKey = (tool: (typeof inventory.tools)[number]): string | null => (tool.handler ? `${tool.handler.file}:${tool.handler.line}` : null);
  const namesByHandler = new Map<string, Set<string>>();
  for (const tool of inventory.tools) {
    const key = handlerKey(tool);
    if (key) namesByHandler.set(key, (namesByHandler.get(key) ?? new Set()).add(tool.name));
  }
  const plannedHandlers = new Set<string>();

  for (const tool of [...inventory.tools].sort((a, b) => a.name.localeCompare(b.name))) {
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
    const located = locateHandler(session, tool, conformCalls);
    if (!located.scope) {
      skip("the handler cannot be found");
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
    const exits = collectExitPoints(scope).map((exit) => planExit(exit, checker, exit.isThrow && isInsideTry(exit.node, exitScope), raw));
    if (located.wrapper && exits.every((exit) => exit.kind === "done")) {
      upToDate.push(tool.name);
      continue;
    }
    const unreadable = exits.find((exit): exit is Extract<ExitRewrite, { kind: "skip" }> => exit.kind === "skip");
    if (unreadable) {
      skip(unreadable.reason, unreadable.exit.node);
      continue;
    }
    if (exits.length === 0) {
      skip("the handler has no return paths");
      continue;
    }
    const anyPayload = exits.find((exit) => exit.kind === "success" && (checker.getTypeAtLocation(exit.payloadNode).flags & ts.TypeFlags.Any) !== 0);
    if (anyPayload?.kind === "success") {
      skip("the payload is typed `any`, so its formatter cannot be typed: give it a type first", anyPayload.payloadNode);
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
      const context: CallContext = { protocol: options.protocol, guidance: options.guidance, formatter, name: JSON.stringify(tool.name), checker };
      const changes = { paths: 0, throws: 0 };
      for (const exit of exits) {
        if (exit.kind === "done" || exit.kind === "skip") continue;
        const made =
          exit.kind === "error" ? errorCall(exit.message, context) : successCall({ payload: exit.payload, payloadNode: exit.payloadNode, notes: exit.notes }, context);
        need(needs, fileName, formatterModule, exit.kind === "error" ? `${formatter}Error` : formatter);
        for (const kitName of made.kit) need(needs, fileName, module("kit.ts"), kitName);
        const call = made.text;
        const file = exit.exit.node.getSourceFile();
        if (exit.exit.isThrow) {
          changes.throws++;
          edits.add(fileName, { start: exit.exit.node.getStart(file), end: exit.exit.node.getEnd(), text: `return ${call};` });
        } else {
          changes.paths++;
          const target = exit.exit.expression!;
          edits.add(fileName, { start: target.getStart(file), end: target.getEnd(), text: call });
        }
      }
      for (const edit of warnings.edits) {
        edits.add(edit.fileName, edit);
        need(needs, edit.fileName, module("warnings.ts"), edit.needs === "Warning" ? "type Warning" : "warning");
      }
      if (wrap) {
        for (const edit of wrap.edits) {
          edits.add(edit.fileName, edit);
          need(needs, edit.fileName, module("conform.ts"), "conform");
        }
      }
      const words = [
        changes.paths > 0 ? `${changes.paths} return path${changes.paths === 1 ? "" : "s"}` : "",
        changes.throws > 0 ? `${changes.throws} throw${changes.throws === 1 ? "" : "s"} to error results` : "",
        warnings.count > 0 ? `${warnings.count} warning${warnings.count === 1 ? "" : "s"} to IDs` : "",
        wrap ? "wrapped with conform()" : "",
      ].filter((word) => word !== "");
      migrated.push({ tool: tool.name, ...session.where(scope), changes: words });
    } catch (error) {
      if (!(error instanceof CannotRewrite)) throw error;
      edits.restore(before);
      needs.clear();
      for (const [file, byModule] of beforeNeeds) needs.set(file, byModule);
      skip(error.message, error.node);
    }
  }

  const files = new Map<string, { before: string; after: string }>();
  for (const fileName of new Set([...edits.files(), ...needs.keys()])) {
    const file = project.getSourceFileOrThrow(fileName);
    const before = file.getFullText();
    const used = importedNameUses(file);
    applyEdits(file, edits.editsOf(fileName));
    addImports(file, session.relativePath(fileName), needs.get(fileName) ?? new Map());
    removeImportsMadeUnused(file, used);
    const after = file.getFullText();
    // Leave the Project as it was read: the plan is data; writing is the caller's business.
    file.replaceWithText(before);
    if (after !== before) files.set(fileName, { before, after });
  }
  return { files, migrated, skipped: skipped.sort((a, b) => a.tool.localeCompare(b.tool)), upToDate: upToDate.sort() };
}

