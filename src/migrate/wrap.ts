import { basename } from "node:path";
import { ts } from "../compiler.cjs";
import { resolveFunction } from "../analyze/resolve/handler.js";
import { isFunctionNode } from "../analyze/syntax.js";
import type { TextEdit } from "./text-edits.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * How a handler gets its `conform("tool", ...)`, by where it stands:
 * - an inline function of the registration: wrapped where it stands;
 * - a function passed by reference (`handler: getAgentOutput`): the reference is wrapped, and
 *   the function's own returns are rewritten (only when no other code refers to it);
 * - a function stored in a variable (`const handler = async () => {...}`): wrapped there;
 * - a method (`async execute(input) { ... }`, `async handler(args) { ... }`), a function
 *   declaration (xmcp's `export default async function`) or a low-level server's `case` / `if`
 *   branch: its body runs inside `return conform("tool", async () => { ... })()`, which keeps
 *   `this`, the parameters, hoisting and the method's place in its class.
 */
export interface WrapPlan {
  /** Where the exits to rewrite are. */
  scope: ts.Node;
  edits: (TextEdit & { fileName: string })[];
}

function conformCall(name: string): string {
  return `conform(${JSON.stringify(name)}, `;
}

/**
 * A declared `Promise<CallToolResult>` (or `: CallToolResult`) on the function conform() wraps
 * would hide that every path now returns the formatter's result, and `conform` would reject it:
 * the return type is left to inference.
 */
export function withoutDeclaredReturnType(fn: ts.SignatureDeclaration): WrapPlan["edits"] {
  if (!fn.type) return [];
  const file = fn.getSourceFile();
  const colon = file.text.lastIndexOf(":", fn.type.getStart(file));
  return [{ fileName: file.fileName, start: colon, end: fn.type.getEnd(), text: "" }];
}

/** `{ return conform("x", async () => {` … `})(); }` inside a block, around its statements. */
function wrapBlock(block: ts.Block, name: string, isAsync: boolean): WrapPlan["edits"] {
  const file = block.getSourceFile();
  const fileName = file.fileName;
  const open = block.getStart(file) + 1;
  const close = block.getEnd() - 1;
  // The added lines take the indentation of the block's statements, and the closing brace keeps
  // its own line and indentation, so that the diff is two added lines where no Prettier reflows it.
  const text = file.text;
  const first = block.statements[0];
  const bodyIndent = first ? indentationAt(text, first.getStart(file)) : `${indentationAt(text, close)}  `;
  const closeLineStart = text.lastIndexOf("\n", close - 1) + 1;
  const braceOnItsOwnLine = /^[ \t]*$/.test(text.slice(closeLineStart, close));
  return [
    { fileName, start: open, end: open, text: `\n${bodyIndent}return ${conformCall(name)}${isAsync ? "async " : ""}() => {` },
    braceOnItsOwnLine
      ? { fileName, start: closeLineStart, end: closeLineStart, text: `${bodyIndent}})();\n` }
      : { fileName, start: close, end: close, text: `})(); ` },
  ];
}

/** The whitespace that starts the line `position` is on. */
function indentationAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf("\n", position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

export function isAsyncFunction(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
}

/** The registration's argument or property value that refers to `fn` by name. */
function referenceTo(registration: ts.Node | null, fn: ts.Node, checker: AnalysisChecker): ts.Identifier | null {
  if (!registration) return null;
  const candidates: ts.Node[] = ts.isCallExpression(registration)
    ? [...registration.arguments]
    : ts.isObjectLiteralExpression(registration)
      ? registration.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) ? [property.initializer] : ts.isShorthandPropertyAssignment(property) ? [property.name] : [],
        )
      : [];
  for (const candidate of candidates) {
    if (ts.isIdentifier(candidate) && resolveFunction(candidate, checker) === fn) return candidate;
  }
  return null;
}

/** How many identifiers in `files` denote the same symbol as `name` (its declaration included). */
function referenceCount(name: ts.Identifier, files: readonly ts.SourceFile[], checker: AnalysisChecker): number {
  const target = checker.getSymbolAtLocation(name);
  if (!target) return Infinity;
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name.text) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol === target) count++;
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return count;
}

/** Every use of `name` that is not its declaration or an import/export of it. */
export function usesOf(name: ts.Identifier, files: readonly ts.SourceFile[], checker: AnalysisChecker): ts.Identifier[] {
  const target = checker.getSymbolAtLocation(name);
  const found: ts.Identifier[] = [];
  if (!target) return found;
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) &&
      node !== name &&
      node.text === name.text &&
      !ts.isImportSpecifier(node.parent) &&
      !ts.isExportSpecifier(node.parent) &&
      !ts.isImportClause(node.parent)
    ) {
      let symbol = checker.getSymbolAtLocation(node);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol === target) found.push(node);
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return found;
}

/**
 * The function's one use is `return fn(...)` in its own tool's branch of a low-level dispatcher
 * (`case "search_notes": return searchNotes(args)`, or `if (name === "search_notes")`).
 */
function onlyReturnedByItsBranch(name: ts.Identifier, tool: string, files: readonly ts.SourceFile[], checker: AnalysisChecker): boolean {
  const uses = usesOf(name, files, checker);
  if (uses.length !== 1) return false;
  const use = uses[0]!;
  const call = use.parent;
  if (!ts.isCallExpression(call) || call.expression !== use) return false;
  let outer: ts.Node = call;
  while (ts.isAwaitExpression(outer.parent) || ts.isParenthesizedExpression(outer.parent)) outer = outer.parent;
  if (!ts.isReturnStatement(outer.parent)) return false;
  const names = (node: ts.Expression): boolean => {
    const value = ts.isParenthesizedExpression(node) ? node.expression : node;
    if (ts.isStringLiteralLike(value)) return value.text === tool;
    return (
      ts.isBinaryExpression(value) &&
      (value.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || value.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken) &&
      (names(value.left) || names(value.right))
    );
  };
  for (let node: ts.Node = outer.parent; !ts.isSourceFile(node) && !isFunctionNode(node); node = node.parent) {
    if (ts.isCaseClause(node)) return names(node.expression);
    if (ts.isIfStatement(node)) return names(node.expression);
  }
  return false;
}

export function planWrap(
  scope: ts.Node,
  registration: ts.Node | null,
  name: string,
  checker: AnalysisChecker,
  projectFiles: readonly ts.SourceFile[],
): WrapPlan | { reason: string } {
  const file = scope.getSourceFile();
  if (isFunctionNode(scope)) {
    const parent = scope.parent;
    const inline =
      (ts.isCallExpression(parent) && parent.arguments.some((argument) => argument === scope)) ||
      (ts.isPropertyAssignment(parent) && parent.initializer === scope);
    if (inline && !ts.isMethodDeclaration(scope)) {
      const fileName = file.fileName;
      // Inside wrappers that pass its result through (`applyRateLimiting("x", async (args) => ...)`):
      // conform() goes around the outermost, so the analyser and tsc see the wrapper's result as the handler's.
      let target: ts.Node = scope;
      for (let outer = scope.parent; ts.isCallExpression(outer) && outer !== registration && resolveFunction(outer, checker) === scope; outer = outer.parent) {
        if (!ts.isCallExpression(outer.parent) && !ts.isPropertyAssignment(outer.parent)) break;
        target = outer;
      }
      return {
        scope,
        edits: [
          { fileName, start: target.getStart(file), end: target.getStart(file), text: conformCall(name) },
          { fileName, start: target.getEnd(), end: target.getEnd(), text: ")" },
          ...withoutDeclaredReturnType(scope),
        ],
      };
    }
    if (ts.isMethodDeclaration(scope) && scope.body) return { scope, edits: wrapBlock(scope.body, name, isAsyncFunction(scope)) };
    const reference = referenceTo(registration, scope, checker);
    if (reference) {
      const declaredName = ts.isFunctionDeclaration(scope)
        ? scope.name
        : ts.isVariableDeclaration(scope.parent) && ts.isIdentifier(scope.parent.name)
          ? scope.parent.name
          : undefined;
      // This one use and no other (imports and exports of it are not uses): any other caller would get the formatter's result too.
      const other = declaredName ? usesOf(declaredName, projectFiles, checker).find((use) => use !== reference) : undefined;
      if (!declaredName || other) {
        const at = other
          ? ` (${basename(other.getSourceFile().fileName)}:${other.getSourceFile().getLineAndCharacterOfPosition(other.getStart()).line + 1})`
          : "";
        return { reason: `the handler ${reference.text} is used elsewhere too${at}; wrap this registration's use with conform() by hand` };
      }
      const at = reference.getSourceFile();
      const fileName = at.fileName;
      const edits: WrapPlan["edits"] = [
        { fileName, start: reference.getStart(at), end: reference.getStart(at), text: conformCall(name) },
        { fileName, start: reference.getEnd(), end: reference.getEnd(), text: ")" },
      ];
      return { scope, edits: [...edits, ...withoutDeclaredReturnType(scope)] };
    }
    // `const handler = async (...) => {...}` (then `export default handler`, or passed on): wrapped where it is defined.
    if (ts.isVariableDeclaration(scope.parent) && scope.parent.initializer === scope) {
      const fileName = file.fileName;
      return {
        scope,
        edits: [
          { fileName, start: scope.getStart(file), end: scope.getStart(file), text: conformCall(name) },
          { fileName, start: scope.getEnd(), end: scope.getEnd(), text: ")" },
          ...withoutDeclaredReturnType(scope),
        ],
      };
    }
    // `export default async function greet(...) {...}` (xmcp): a declaration cannot be wrapped by a call, its body can.
    if (ts.isFunctionDeclaration(scope) && scope.body) {
      // Called by its low-level dispatcher's branch (`case "x": return searchNotes(args)`) and nowhere
      // else: that caller returns whatever the function returns, so the body can run inside conform().
      if (scope.name && referenceCount(scope.name, projectFiles, checker) > 1 && !onlyReturnedByItsBranch(scope.name, name, projectFiles, checker)) {
        return { reason: `the handler ${scope.name.text} is called elsewhere too; wrap it with conform() by hand` };
      }
      return { scope, edits: wrapBlock(scope.body, name, isAsyncFunction(scope)) };
    }
    return { reason: "the handler is neither an inline function, a method nor a function passed by name; wrap it with conform() by hand" };
  }
  // A low-level server: one branch of the CallTool request handler.
  const handler = ts.findAncestor(scope, isFunctionNode);
  const isAsync = handler !== undefined && isAsyncFunction(handler);
  if (ts.isIfStatement(scope) && ts.isBlock(scope.thenStatement)) return { scope: scope.thenStatement, edits: wrapBlock(scope.thenStatement, name, isAsync) };
  if (ts.isCaseClause(scope) && scope.statements.length === 1 && ts.isBlock(scope.statements[0]!)) {
    const block = scope.statements[0];
    return { scope: block, edits: wrapBlock(block, name, isAsync) };
  }
  return { reason: "a low-level branch whose statements are not one block; wrap it with conform() by hand" };
}
