import { join } from "node:path";
import type { ts } from "../compiler.cjs";
import { TypeFlags } from "../analyze/engine/ts6-enums.generated.js";
import type { ToolEntry } from "../analyze/inventory.js";
import { resolveFunction } from "../analyze/resolve/handler.js";
import type { AnalysisSession } from "../analyze/session.js";
import { isFunctionNode, literalText, unwrapExpression } from "../analyze/syntax.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";
import { fileNodes } from "../analyze/file-nodes.js";
import {
  forEachChild,
  isCallExpression,
  isCaseClause,
  isClassLike,
  isIdentifier,
  isIfStatement,
  isNoSubstitutionTemplateLiteral,
  isObjectLiteralExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isSourceFile,
  isStringLiteral,
} from "../analyze/engine/ast.js";

/** Where a tool's paths are judged: the function (or low-level branch) whose exits are its returns. */
export interface LocatedHandler {
  /** The function or branch whose `return`/`throw` statements are the tool's exits; null when not found. */
  scope: ts.Node | null;
  /** The `conform(name, handler)` call that wraps it, when there is one. */
  wrapper: ts.CallExpression | null;
  /** The registration (the call or object literal that names the tool), for the syntactic searches. */
  registration: ts.Node | null;
}

function sourceFile(session: AnalysisSession, file: string): ts.SourceFile | undefined {
  return session.program.getSourceFile(join(session.rootDir, file));
}

/** The outermost node starting on `line` that satisfies `accept`, in source order. */
function outermostAt(file: ts.SourceFile, line: number, accept: (node: ts.Node) => boolean): ts.Node | null {
  let found: ts.Node | null = null;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const end = file.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
    if (line < start || line > end) return;
    if (start === line && accept(node)) {
      found = node;
      return;
    }
    forEachChild(node, visit);
  };
  forEachChild(file, visit);
  return found;
}

/** A `conform("<name>", handler)` call: the wrapper generated `conform.ts` exports. */
export function isConformCall(node: ts.Node, name: string): node is ts.CallExpression {
  if (!isCallExpression(node)) return false;
  const callee = unwrapExpression(node.expression);
  const calleeName = isIdentifier(callee) ? callee.text : isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  return calleeName === "conform" && node.arguments.length >= 2 && literalText(node.arguments[0]!) === name;
}

function findConformCall(root: ts.Node, name: string): ts.CallExpression | null {
  let found: ts.CallExpression | null = null;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (isConformCall(node, name)) {
      found = node;
      return;
    }
    forEachChild(node, visit);
  };
  visit(root);
  return found;
}

/** `QUOTE_TOOL` (`as const`) or `ToolName.Build` (an enum member): a name the checker knows to be `name`. */
function namesByConstant(node: ts.Node, name: string, checker: AnalysisChecker): boolean {
  if (!isIdentifier(node) && !isPropertyAccessExpression(node)) return false;
  // A property's own key (`name:` in `{ name: ... }`) is not a value.
  const parent = node.parent;
  if ((isPropertyAssignment(parent) || isPropertyAccessExpression(parent)) && parent.name === node) return false;
  const type = checker.getTypeAtLocation(node);
  return (type.flags & TypeFlags.StringLiteral) !== 0 && (type as ts.StringLiteralType).value === name;
}

/**
 * The registration: from the tool's name (the inventory's line) up to the nearest call, object
 * literal or class around it. The name is a literal, or a constant or enum member that holds it.
 */
function findRegistration(session: AnalysisSession, tool: ToolEntry): ts.Node | null {
  const file = sourceFile(session, tool.file);
  if (!file) return null;
  const literal =
    outermostAt(file, tool.line, (node) => (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) && node.text === tool.name) ??
    outermostAt(file, tool.line, (node) => namesByConstant(node, tool.name, session.checker));
  for (let node = literal?.parent; node; node = node.parent) {
    if (isCallExpression(node) || isObjectLiteralExpression(node) || isClassLike(node)) return node;
    if (isSourceFile(node)) break;
  }
  return null;
}

function findHandlerScope(session: AnalysisSession, tool: ToolEntry): ts.Node | null {
  if (!tool.handler) return null;
  const file = sourceFile(session, tool.handler.file);
  if (!file) return null;
  return outermostAt(file, tool.handler.line, (node) => isFunctionNode(node) || isCaseClause(node) || isIfStatement(node));
}

/**
 * Follow a tool from the inventory back to its nodes. The analyser does not look through
 * `conform(...)` (it is a plain call), so a wrapped handler is found here, from the registration.
 */
export function locateHandler(session: AnalysisSession, tool: ToolEntry, elsewhere: ReadonlyMap<string, ts.CallExpression> = new Map()): LocatedHandler {
  const registration = findRegistration(session, tool);
  const analysed = findHandlerScope(session, tool);
  const wrapper =
    (registration && findConformCall(registration, tool.name)) ?? (analysed && findConformCall(analysed, tool.name)) ?? elsewhere.get(tool.name) ?? null;
  if (wrapper) {
    const inner = resolveFunction(wrapper.arguments[1]!, session.checker);
    if (inner) return { scope: inner, wrapper, registration };
  }
  return { scope: analysed, wrapper, registration };
}

/**
 * Every `conform("<literal>", fn)` call in the project, by tool name (the first of each name): for
 * handlers wrapped away from their registration (`export default conform("x", ...)` in an xmcp tool
 * file, `const handler = conform("x", ...)` passed by reference), which the analyser cannot follow.
 */
export function indexConformCalls(files: readonly ts.SourceFile[]): Map<string, ts.CallExpression> {
  const found = new Map<string, ts.CallExpression>();
  for (const file of files) {
    for (const call of fileNodes(file).calls) {
      if (call.arguments.length < 2) continue;
      const callee = unwrapExpression(call.expression);
      const name = literalText(call.arguments[0]!);
      if (
        name !== undefined &&
        ((isIdentifier(callee) && callee.text === "conform") || (isPropertyAccessExpression(callee) && callee.name.text === "conform")) &&
        !found.has(name)
      )
        found.set(name, call);
    }
  }
  return found;
}
