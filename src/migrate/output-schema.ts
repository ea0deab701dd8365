import { posix } from "node:path";
import { ts } from "../compiler.cjs";
import type { ToolEntry } from "../analyze/inventory.js";
import { findOutputSchemaProperty, outputSchemaExpression } from "../analyze/resolve/declared-output-schema.js";
import type { AnalysisSession } from "../analyze/session.js";
import { readySchemaExpression, readySchemaReference, type ReadySchemaForm } from "../generate/output-schema.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { getProtocol } from "../protocols/registry.js";
import type { TextEdit } from "./text-edits.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * The tool's declared `outputSchema`, moved onto the envelope with the rest of the tool. A schema
 * the author wrote for the bare payload rejects every envelope (issue #12, point 2), so it is
 * replaced by the generated one in the form the registration takes: `OUTPUT_ZOD_SCHEMAS.x` for
 * SDK 1.x's `registerTool` (a raw shape or a zod object alike), `OUTPUT_STANDARD_SCHEMAS.x` for
 * 2.x's (any Standard Schema), `OUTPUT_SCHEMAS.x` in a low-level ListTools entry. It is removed
 * where nothing fits: under AOP/ACOR (their results carry no `structuredContent`, so any
 * `outputSchema` fails them) and for the frameworks (their `outputSchema` takes a form nothing is
 * generated in). A const that held the old schema and is used nowhere else goes with it (and the
 * imports only it used), so a project with `noUnusedLocals` still compiles.
 */

export interface OutputSchemaPlan {
  edits: { fileName: string; edit: TextEdit }[];
  /** Generated modules (project-relative) and the names the edited file imports from them. */
  needs: { fileName: string; module: string; name: string }[];
  /** In words, for the summary; null when there is nothing to do. */
  change: string | null;
}

export interface OutputSchemaOptions {
  protocol: ProtocolId;
  /** Project-relative folder of the generated output. */
  outputDir: string;
  forms: ReadonlyMap<string, ReadySchemaForm>;
}

const NOTHING: OutputSchemaPlan = { edits: [], needs: [], change: null };

/** A module-level `const x = ...` used only at `use`: its statement, which may go once `use` does. */
function soleUseConst(use: ts.Expression, checker: AnalysisChecker): ts.VariableStatement | undefined {
  if (!ts.isIdentifier(use)) return undefined;
  const symbol = checker.getSymbolAtLocation(use);
  const declaration = symbol?.valueDeclaration;
  if (!symbol || !declaration || !ts.isVariableDeclaration(declaration)) return undefined;
  const list = declaration.parent;
  if (!ts.isVariableDeclarationList(list)) return undefined;
  const statement = list.parent;
  if (!ts.isVariableStatement(statement) || !ts.isSourceFile(statement.parent)) return undefined;
  if (list.declarations.length !== 1 || !(list.flags & ts.NodeFlags.Const) || declaration.getSourceFile() !== use.getSourceFile()) return undefined;
  if (statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  let uses = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node !== declaration.name && node.text === use.text && checker.getSymbolAtLocation(node) === symbol) uses++;
    ts.forEachChild(node, visit);
  };
  visit(use.getSourceFile());
  return uses === 1 ? statement : undefined;
}

/** The range of a property with its separating comma, so the object reads as if it never had it. */
function propertyRemoval(property: ts.ObjectLiteralElementLike, file: ts.SourceFile): TextEdit {
  let end = property.getEnd();
  const after = file.text.slice(end).match(/^\s*,/);
  if (after) end += after[0].length;
  return { start: property.getFullStart(), end, text: "" };
}

/**
 * The edits that put `tool`'s declared `outputSchema` right, given its registration (the
 * `registerTool` call, the ListTools entry or the tool object); a reason when it cannot be done.
 */
export function planOutputSchema(
  session: AnalysisSession,
  tool: ToolEntry,
  registration: ts.Node | null,
  options: OutputSchemaOptions,
): OutputSchemaPlan | { reason: string; node: ts.Node | undefined } {
  const declared = tool.declaredOutputSchema;
  const textProtocol = getProtocol(options.protocol).kind === "text";
  if (!declared || (declared.generatedFor === tool.name && !textProtocol)) return NOTHING;
  const property = registration ? findOutputSchemaProperty(registration, undefined, session.checker) : undefined;
  if (!property || session.relativePath(property.getSourceFile().fileName) !== declared.file || session.lineOf(property) !== declared.line) {
    return {
      reason: `its outputSchema (${declared.file}:${declared.line}) is not written in the registration, so it cannot be replaced`,
      node: registration ?? undefined,
    };
  }
  const file = property.getSourceFile();
  const fileName = file.fileName;
  const value = outputSchemaExpression(property);
  const edits: OutputSchemaPlan["edits"] = [];
  const needs: OutputSchemaPlan["needs"] = [];
  const reference = textProtocol ? null : readySchemaReference(tool, options.forms);
  if (reference === null) {
    edits.push({ fileName, edit: propertyRemoval(property, file) });
  } else {
    const replacement = readySchemaExpression(reference, tool.name);
    edits.push({
      fileName,
      edit: ts.isPropertyAssignment(property)
        ? { start: property.initializer.getStart(file), end: property.initializer.getEnd(), text: replacement }
        : { start: property.getStart(file), end: property.getEnd(), text: `outputSchema: ${replacement}` },
    });
    needs.push({ fileName, module: posix.join(options.outputDir, reference.file), name: reference.exportName });
  }
  // Generated schemas are the output's own; anything else of the project's that only held the old schema goes.
  const orphan = declared.generatedFor === null ? soleUseConst(value, session.checker) : undefined;
  if (orphan) edits.push({ fileName, edit: { start: orphan.getFullStart(), end: orphan.getEnd(), text: "" } });
  return { edits, needs, change: reference === null ? "outputSchema removed" : "outputSchema replaced" };
}
