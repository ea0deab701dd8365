import { join } from "node:path";
import { ts } from "ts-morph";
import type { Inventory } from "../analyze/inventory.js";
import type { AnalysisSession } from "../analyze/session.js";
import { InputError } from "../errors.js";

/** What `check` reads from the generated output, through the session's checker. */
export interface GeneratedOutput {
  /** `ConformingResults` from `conform.ts`: one property per tool, its target type. */
  conformingResults: ts.Type;
  /** The keys of `WARNINGS` in `warnings.ts`. */
  warningIds: ReadonlySet<string>;
}

function moduleExport(session: AnalysisSession, file: ts.SourceFile, name: string): ts.Symbol | undefined {
  const moduleSymbol = session.checker.getSymbolAtLocation(file);
  return moduleSymbol ? session.checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === name) : undefined;
}

function stale(outputDir: string, why: string): InputError {
  return new InputError(`the generated output in ${outputDir} ${why}: run \`mcp-conform generate\` first, then \`mcp-conform check\``);
}

/**
 * Find the generated output in the session's Program (it lives under the project's sources, so the
 * Program already holds it). Missing, or written for another set of tools, is an input error (exit 2):
 * checking against stale targets would judge the wrong thing.
 */
export function readGeneratedOutput(session: AnalysisSession, inventory: Inventory, outputDir: string): GeneratedOutput {
  const { checker } = session;
  const sourceFile = (name: string): ts.SourceFile | undefined => session.program.getSourceFile(join(session.rootDir, outputDir, name)) ?? findByPath(session, join(session.rootDir, outputDir, name));
  const conform = sourceFile("conform.ts");
  const tools = sourceFile("tools.ts");
  const warnings = sourceFile("warnings.ts");
  if (!conform || !tools || !warnings) return missing(outputDir);

  const toolName = moduleExport(session, tools, "ToolName");
  if (!toolName) throw stale(outputDir, "has no `ToolName`");
  const nameType = checker.getDeclaredTypeOfSymbol(toolName);
  const members = nameType.isUnion() ? nameType.types : nameType.flags & ts.TypeFlags.Never ? [] : [nameType];
  const generatedNames = members.map((type) => (type.isStringLiteral() ? type.value : "")).sort();
  const inventoryNames = inventory.tools.map((tool) => tool.name).sort();
  if (generatedNames.join("\n") !== inventoryNames.join("\n")) {
    const added = inventoryNames.filter((name) => !generatedNames.includes(name));
    const removed = generatedNames.filter((name) => !inventoryNames.includes(name));
    throw stale(outputDir, `is stale (${[...added.map((n) => `new tool ${n}`), ...removed.map((n) => `removed tool ${n}`)].join(", ")})`);
  }

  const results = moduleExport(session, conform, "ConformingResults");
  if (!results) throw stale(outputDir, "predates `ConformingResults` in conform.ts");
  const warningsSymbol = moduleExport(session, warnings, "WARNINGS");
  const warningIds = new Set(warningsSymbol ? checker.getTypeOfSymbol(warningsSymbol).getProperties().map((p) => p.name) : []);
  return { conformingResults: checker.getDeclaredTypeOfSymbol(results), warningIds };
}

function findByPath(session: AnalysisSession, path: string): ts.SourceFile | undefined {
  const wanted = path.split("\\").join("/");
  return session.program.getSourceFiles().find((file) => file.fileName.split("\\").join("/") === wanted);
}

function missing(outputDir: string): never {
  throw new InputError(`no generated output in ${outputDir} (conform.ts, tools.ts and warnings.ts): run \`mcp-conform generate\` first, then \`mcp-conform check\``);
}
