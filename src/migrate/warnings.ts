import { ts } from "../compiler.cjs";
import { messageText } from "../analyze/relations/scan.js";
import { unwrapExpression } from "../analyze/syntax.js";
import type { TextEdit } from "./text-edits.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/** The array name the analyser harvests warnings from (`warnings.push(...)`). */
const WARNINGS_NAME = "warnings";
const STRING_ARRAY = /^(string\[\]|Array<string>|readonly string\[\]|ReadonlyArray<string>)$/;
/** An array a migration already moved onto the generated warnings (`warning("WARN_…", "text")` pushes). */
const WARNING_ARRAY = /^(Warning\[\]|Array<Warning>|readonly Warning\[\]|ReadonlyArray<Warning>)$/;

export interface WarningEdit extends TextEdit {
  fileName: string;
  /** Files that now name `Warning` or `warning` and must import them. */
  needs: "warning" | "Warning";
}

export type WarningPlan = { edits: WarningEdit[]; count: number } | { reason: string; node: ts.Node };

function isProjectFile(file: ts.SourceFile): boolean {
  return !file.isDeclarationFile && !/[\\/]node_modules[\\/]/.test(file.fileName);
}

function typeEdit(typeNode: ts.TypeNode): WarningEdit {
  const file = typeNode.getSourceFile();
  const readonly = /^readonly |^ReadonlyArray/.test(typeNode.getText(file));
  return {
    fileName: file.fileName,
    start: typeNode.getStart(file),
    end: typeNode.getEnd(),
    text: readonly ? "readonly Warning[]" : "Warning[]",
    needs: "Warning",
  };
}

/**
 * The string-warning arrays of one handler (`const warnings: string[] = []` filled with
 * `warnings.push("text")`), rewritten to the generated warning constants: each push becomes
 * `warning("WARN_…", "text")`, the array's type `Warning[]`, and so does the declared type of
 * every property the array is stored in (the V1 `metadata.warnings`, a payload's `warnings`).
 * An array used any other way is left alone, with the reason.
 */
export function planWarnings(scope: ts.Node, checker: AnalysisChecker, idOf: (message: string) => string | undefined): WarningPlan {
  const arrays = new Map<ts.Symbol, ts.Identifier[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === WARNINGS_NAME) {
      // A shorthand `{ warnings }` names the property; the array is its value symbol.
      const symbol = ts.isShorthandPropertyAssignment(node.parent) ? checker.getShorthandAssignmentValueSymbol(node.parent) : checker.getSymbolAtLocation(node);
      const declaration = symbol?.valueDeclaration;
      // Only arrays the handler itself declares: a module-level or imported list belongs to more than one tool.
      if (
        symbol &&
        declaration &&
        ts.isVariableDeclaration(declaration) &&
        declaration.getStart() >= scope.getStart() &&
        declaration.getEnd() <= scope.getEnd()
      ) {
        arrays.set(symbol, [...(arrays.get(symbol) ?? []), node]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);

  const edits: WarningEdit[] = [];
  let count = 0;
  for (const [symbol, references] of arrays) {
    const declaration = symbol.valueDeclaration as ts.VariableDeclaration;
    const file = declaration.getSourceFile();
    // Migrated before, for this protocol or another: its pushes are the generated warnings already.
    if (declaration.type && WARNING_ARRAY.test(declaration.type.getText(file))) continue;
    if (!declaration.type || !STRING_ARRAY.test(declaration.type.getText(file))) {
      if (references.some((reference) => isPushArgument(reference)))
        return { reason: "a warnings array without a `string[]` type annotation", node: declaration };
      continue;
    }
    edits.push(typeEdit(declaration.type));
    for (const reference of references) {
      if (reference.parent === declaration) continue;
      const parent = reference.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === reference) {
        if (parent.name.text === "length") continue;
        const call = parent.parent;
        if (parent.name.text === "push" && ts.isCallExpression(call) && call.expression === parent) {
          for (const argument of call.arguments) {
            const message = messageText(unwrapExpression(argument));
            const id = message === undefined ? undefined : idOf(message);
            if (id === undefined) return { reason: "pushes a warning that is not written out as text", node: argument };
            edits.push({
              fileName: file.fileName,
              start: argument.getStart(file),
              end: argument.getEnd(),
              text: `warning(${JSON.stringify(id)}, ${argument.getText(file)})`,
              needs: "warning",
            });
            count++;
          }
          continue;
        }
        return { reason: `the warnings array is used as \`${parent.getText(file)}\``, node: parent };
      }
      if (ts.isShorthandPropertyAssignment(parent) || (ts.isPropertyAssignment(parent) && parent.initializer === reference)) {
        const stored = storedPropertyType(parent, checker);
        if (stored === "inferred") continue;
        if (stored === null) return { reason: "the warnings array is stored in a property whose type is not `string[]` in the project", node: parent };
        edits.push(typeEdit(stored));
        continue;
      }
      return { reason: `the warnings array is used as \`${parent.getText(file)}\``, node: parent };
    }
  }
  return { edits, count };
}

function isPushArgument(reference: ts.Identifier): boolean {
  const parent = reference.parent;
  return ts.isPropertyAccessExpression(parent) && parent.name.text === "push";
}

/** The declared type of the property an object literal stores the array in; "inferred" when nothing declares it. */
function storedPropertyType(property: ts.ObjectLiteralElementLike, checker: AnalysisChecker): ts.TypeNode | "inferred" | null {
  const object = property.parent;
  if (!ts.isObjectLiteralExpression(object)) return null;
  const contextual = checker.getContextualType(object);
  if (!contextual) return "inferred";
  const name = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
  const member = name ? checker.getPropertyOfType(contextual, name) : undefined;
  const declaration = member?.declarations?.[0];
  if (!declaration) return "inferred";
  if (!(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) || !declaration.type) return null;
  if (!isProjectFile(declaration.getSourceFile())) return null;
  return STRING_ARRAY.test(declaration.type.getText(declaration.getSourceFile())) ? declaration.type : null;
}
