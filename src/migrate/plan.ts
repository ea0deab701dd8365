import { posix } from "node:path";
import { SyntaxKind, ts, type SourceFile } from "ts-morph";
import type { Inventory, ToolEntry } from "../analyze/inventory.js";
import type { AnalysisSession } from "../analyze/session.js";
import { collectExitPoints } from "../analyze/resolve/return-paths.js";
import { indexConformCalls, locateHandler } from "../check/locate.js";
import { fileStems, importSpecifier, pascalCase } from "../generate/paths.js";
import { warningConstants } from "../generate/warning-ids.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { type ExitRewrite, isInsideTry, planExit } from "./exit-rewrites.js";
import type { MigrationPlan, SkippedTool } from "./outcome.js";
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

/** What a rewritten file must import, by project-relative generated module. */
type Needs = Map<string, Set<string>>;

function need(needs: Map<string, Needs>, fileName: string, module: string, name: string): void {
  const byModule = needs.get(fileName) ?? new Map<string, Set<string>>();
  byModule.set(module, (byModule.get(module) ?? new Set()).add(name));
  needs.set(fileName, byModule);
}

/** A payload that is a SmartResponse V1 object: summary with key findings, recommendations, context. */
function isSmartResponseV1(type: ts.Type, checker: ts.TypeChecker): boolean {
  const has = (of: ts.Type, name: string): ts.Type | undefined => {
    const symbol = checker.getPropertyOfType(of, name);
    return symbol ? checker.getNonNullableType(checker.getTypeOfSymbol(symbol)) : undefined;
  };
  const summary = has(type, "summary");
  const recommendations = has(type, "recommendations");
  return summary !== undefined && has(summary, "keyFindings") !== undefined && recommendations !== undefined && has(recommendations, "investment") !== undefined && has(type, "context") !== undefined && has(type, "data") !== undefined;
}

/** A payload that is itself an AORP envelope (immediate, actionable, quality, details). */
function isAorpEnvelope(type: ts.Type, checker: ts.TypeChecker): boolean {
  return ["immediate", "actionable", "quality", "details"].every((name) => checker.getPropertyOfType(type, name) !== undefined);
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
  const outputRoot = session.rootDir + "/" + options.outputDir + "/";
  const projectFiles = session.userSourceFiles().filter((file) => !file.fileName.startsWith(outputRoot));
  const conformCalls = indexConformCalls(projectFiles);
  const idByMessage = new Map(warningConstants(inventory.tools).map((constant) => [constant.message, constant.id]));
  const module = (name: string): string => posix.join(options.outputDir, name);

  for (const tool of [...inventory.tools].sort((a, b) => a.name.localeCompare(b.name))) {
    const skip = (reason: string, node?: ts.Node): void => {
      const where = node ? session.where(node) : { file: tool.handler?.file ?? tool.file, line: tool.handler?.line ?? tool.line };
      skipped.push({ tool: tool.name, ...where, reason });
    };
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
      const name = JSON.stringify(tool.name);
      const changes = { paths: 0, throws: 0 };
      for (const exit of exits) {
        if (exit.kind === "done" || exit.kind === "skip") continue;
        let call: string;
        if (exit.kind === "error") {
          need(needs, fileName, formatterModule, `${formatter}Error`);
          if (options.protocol === "aorp" || options.protocol === "acor") {
            need(needs, fileName, module("kit.ts"), "legacyErrorParts");
            call = `${formatter}Error(legacyErrorParts(${name}, ${exit.message}))`;
          } else if (options.protocol === "aop") {
            need(needs, fileName, module("kit.ts"), "legacyErrorParts");
            call = `${formatter}Error(legacyErrorParts(${exit.message}))`;
          } else if (options.protocol === "smart-v2") {
            need(needs, fileName, module("kit.ts"), "legacyErrorSections");
            // Composed with the Guidance Pattern, the error formatter also takes the error for `errorGuidance`.
            call = `${formatter}Error(legacyErrorSections(${name}, ${exit.message})${options.guidance ? `, ${exit.message}` : ""})`;
          } else call = `${formatter}Error(${exit.message})`;
        } else {
          need(needs, fileName, formatterModule, formatter);
          const payloadType = checker.getTypeAtLocation(exit.payloadNode);
          const v1 = isSmartResponseV1(payloadType, checker);
          if (options.protocol === "aorp" && isAorpEnvelope(payloadType, checker)) {
            if (!ts.isIdentifier(exit.payloadNode)) throw new SkipTool("a hand-written AORP envelope written inline in the result: store it in a const first", exit.payloadNode);
            need(needs, fileName, module("kit.ts"), "aorpLayers");
            call = `${formatter}(${exit.payload}.details.data, aorpLayers(${exit.payload}))`;
          } else if (options.protocol === "aorp" || options.protocol === "aop" || options.protocol === "acor") {
            need(needs, fileName, module("kit.ts"), "legacyParts");
            call = `${formatter}(${exit.payload}, legacyParts(${name}${exit.notes.length > 0 ? `, [${exit.notes.join(", ")}]` : ""}))`;
          } else if (options.protocol === "smart-v2" && v1) {
            if (!ts.isIdentifier(exit.payloadNode)) throw new SkipTool("a SmartResponse V1 object written inline in the result: store it in a const first", exit.payloadNode);
            need(needs, fileName, module("kit.ts"), "fromSmartResponseV1");
            call = `${formatter}(${exit.payload}.data, fromSmartResponseV1(${name}, ${exit.payload}))`;
          } else if (options.protocol === "smart-v2") {
            need(needs, fileName, module("kit.ts"), "legacySections");
            call = `${formatter}(${exit.payload}, legacySections(${name}${exit.notes.length > 0 ? `, [${exit.notes.join(", ")}]` : ""}))`;
          } else {
            // The Guidance Pattern has no slot for free text: the guidance stub says what comes next.
            const notes = exit.notes.map((note) => ` /* the legacy response also said: ${note.replace(/\*\//g, "* /")} */`).join("");
            call = `${formatter}(${exit.payload}${notes})`;
          }
        }
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
      if (!(error instanceof SkipTool)) throw error;
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

class SkipTool extends Error {
  constructor(
    message: string,
    readonly node: ts.Node,
  ) {
    super(message);
  }
}

function addImports(file: SourceFile, relativePath: string, needs: Needs): void {
  const modules = [...needs.keys()].sort();
  for (const target of modules) {
    const names = [...needs.get(target)!].sort((a, b) => a.replace(/^type /, "").localeCompare(b.replace(/^type /, "")));
    const specifier = importSpecifier(relativePath, target);
    const existing = file.getImportDeclarations().find((declaration) => declaration.getModuleSpecifierValue() === specifier && !declaration.isTypeOnly());
    const present = new Set(existing?.getNamedImports().map((named) => named.getName()) ?? []);
    const missing = names.filter((name) => !present.has(name.replace(/^type /, "")));
    if (missing.length === 0) continue;
    const typesOnly = missing.every((name) => name.startsWith("type "));
    const structures = missing.map((name) => (name.startsWith("type ") ? { name: name.slice(5), isTypeOnly: !typesOnly || existing !== undefined } : { name }));
    if (existing) existing.addNamedImports(structures);
    else file.insertImportDeclaration(file.getImportDeclarations().length, { moduleSpecifier: specifier, namedImports: structures, isTypeOnly: typesOnly });
  }
}

/** How many times each imported name is used outside its import, keyed by name. */
function importedNameUses(file: SourceFile): Map<string, number> {
  const imported = new Set(file.getImportDeclarations().flatMap((declaration) => declaration.getNamedImports().map((named) => (named.getAliasNode() ?? named.getNameNode()).getText())));
  const uses = new Map<string, number>();
  for (const identifier of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
    const name = identifier.getText();
    if (!imported.has(name) || identifier.getFirstAncestorByKind(SyntaxKind.ImportDeclaration)) continue;
    uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  return uses;
}

/** Imports the rewrite left unused (`jsonResult` once its last call became a formatter call): removed. Imports that were unused already stay. */
function removeImportsMadeUnused(file: SourceFile, usedBefore: Map<string, number>): void {
  const usedAfter = importedNameUses(file);
  for (const declaration of file.getImportDeclarations()) {
    for (const named of declaration.getNamedImports()) {
      const local = (named.getAliasNode() ?? named.getNameNode()).getText();
      if ((usedBefore.get(local) ?? 0) > 0 && (usedAfter.get(local) ?? 0) === 0) named.remove();
    }
    if (declaration.getNamedImports().length === 0 && !declaration.getDefaultImport() && !declaration.getNamespaceImport() && declaration.getImportClause()) declaration.remove();
  }
}

