import { ts } from "../compiler.cjs";
import { throwsByCall, type HelperThrow } from "../check/helper-throws.js";
import { isFunctionNode, unwrapExpression } from "../analyze/syntax.js";
import { type CallContext, CannotRewrite } from "./formatter-call-parts.js";
import { errorCall } from "./formatter-calls.js";
import type { EditSet, TextEdit } from "./text-edits.js";
import type { AnalysisChecker } from "../analyze/engine/engine.js";

/**
 * Throws that leave a handler through a project function it calls (`check`'s MCPC102, "which its
 * handler calls": `return formatQuote(await this.run(symbol))` where `run` throws), routed to the
 * tool's error formatter. The statements from the first such call to the end of its block go
 * inside a `try`, re-indented and otherwise as they were; the `catch` returns the error formatter's
 * result with the thrown error's message, and its `code` where every throw it catches is an
 * instance of one project error class with a string `code` (`throw notFound(...)`, a `ToolError`):
 *
 *   try {
 *     const pattern = matcher(query);
 *     ...
 *   } catch (error) {
 *     if (error instanceof ToolError) return formatSearchTasksError(legacyErrorParts("search_tasks", { message: error.message, code: error.code }));
 *     return formatSearchTasksError(legacyErrorParts("search_tasks", { message: error instanceof Error ? error.message : String(error) }));
 *   }
 *
 * Only calls the analysis says can throw are covered, and nothing is swallowed: whatever the `try`
 * catches reaches the model as an error envelope carrying its message. A call whose promise the
 * handler does not await is left as it is (a `catch` would not see its rejection), and `check` keeps
 * reporting it.
 */
export interface CaughtThrows {
  /** How many throws of called functions now reach the error formatter. */
  count: number;
  /** What the rewritten file must import: project-relative module and name. */
  needs: { module: string; name: string }[];
  /** Kit names the error calls use. */
  kit: string[];
}

/** The handler's calls that reach a throw and that a `catch` around them would see. */
export function catchableThrows(
  scope: ts.Node,
  checker: AnalysisChecker,
  isProjectFile: (file: ts.SourceFile) => boolean,
  awaited: ReadonlySet<ts.Node>,
): Map<ts.CallExpression, HelperThrow[]> {
  const found = throwsByCall(scope, checker, isProjectFile);
  for (const call of [...found.keys()]) {
    const type = checker.getTypeAtLocation(call);
    if (
      !(type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) &&
      checker.getPropertyOfType(checker.getNonNullableType(type), "then") &&
      !isAwaited(call) &&
      !awaited.has(call)
    )
      found.delete(call);
  }
  return found;
}

function isAwaited(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
  return ts.isAwaitExpression(node.parent);
}

type StatementList = ts.Block | ts.CaseClause | ts.DefaultClause;

function isStatementList(node: ts.Node): node is StatementList {
  return ts.isBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node);
}

/** Where a `try` must start for `call`: its statement in the innermost statement list, or the arrow's expression body. */
function anchorOf(call: ts.CallExpression, scope: ts.Node): { list: StatementList; statement: ts.Statement } | { body: ts.Expression } | null {
  for (let node: ts.Node = call; node !== scope && node.parent; node = node.parent) {
    if (isStatementList(node.parent) && ts.isStatement(node)) return { list: node.parent, statement: node };
    if (ts.isArrowFunction(node.parent) && node.parent === scope && node.parent.body === node) return { body: node as ts.Expression };
  }
  return null;
}

/** The file's indentation step: a tab, or the smallest indentation of its lines. */
function indentUnit(text: string): string {
  let smallest = Infinity;
  for (const match of text.matchAll(/\n([ \t]+)\S/g)) {
    if (match[1]!.startsWith("\t")) return "\t";
    smallest = Math.min(smallest, match[1]!.length);
  }
  return smallest === Infinity || smallest > 8 ? "  " : " ".repeat(smallest);
}

/** `text` one step further in, except lines inside a string or template literal (their text is data). */
function indented(text: string, unit: string): string {
  const parsed = ts.createSourceFile("fragment.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const literals: [number, number][] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node))
      literals.push([node.getStart(parsed), node.getEnd()]);
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  let out = "";
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline + 1;
    const line = text.slice(lineStart, lineEnd);
    const inLiteral = literals.some(([start, end]) => start < lineStart && lineStart < end);
    out += inLiteral || /^\r?\n?$/.test(line) ? line : unit + line;
    if (newline === -1) break;
    lineStart = lineEnd;
  }
  return out;
}

/** `original[start, end)` with the edits inside it applied. */
function compose(original: string, start: number, end: number, inner: readonly TextEdit[]): string {
  let out = "";
  let last = start;
  for (const edit of [...inner].sort((a, b) => a.start - b.start || a.end - b.end)) {
    out += original.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  return out + original.slice(last, end);
}

/** The first of `names` that no identifier of the function around `node` spells. */
function freeName(node: ts.Node, names: readonly string[]): string {
  const fn = ts.findAncestor(node, isFunctionNode) ?? node.getSourceFile();
  const used = new Set<string>();
  const visit = (child: ts.Node): void => {
    if (ts.isIdentifier(child)) used.add(child.text);
    ts.forEachChild(child, visit);
  };
  visit(fn);
  return names.find((name) => !used.has(name)) ?? `${names[0]}${used.size}`;
}

/**
 * The one project error class every caught throw is an instance of, when it has a string `code`
 * (`class ToolError extends Error { constructor(message, readonly code: string) }`), and how the
 * handler's file names it: already in scope, or by a named import to add.
 */
function errorClass(
  throws: readonly HelperThrow[],
  handlerFile: ts.SourceFile,
  checker: AnalysisChecker,
  isProjectFile: (file: ts.SourceFile) => boolean,
): { name: string; module?: string } | null {
  let found: ts.ClassDeclaration | null = null;
  for (const thrown of throws) {
    if (!thrown.node.expression) return null;
    const type = checker.getTypeAtLocation(thrown.node.expression);
    const declaration = type.getSymbol()?.declarations?.find(ts.isClassDeclaration);
    if (!declaration?.name || declaration.getSourceFile().isDeclarationFile || !isProjectFile(declaration.getSourceFile())) return null;
    if (found !== null && found !== declaration) return null;
    found = declaration;
    // Both read as strings (an optional `code` is `string | undefined`, which the error parts do not take).
    for (const key of ["code", "message"]) {
      const property = checker.getPropertyOfType(type, key);
      const propertyType = property ? checker.getTypeOfSymbolAtLocation(property, thrown.node) : undefined;
      if (!propertyType || (propertyType.flags & ts.TypeFlags.StringLike) === 0) return null;
    }
  }
  if (!found?.name) return null;
  const name = found.name.text;
  if (found.getSourceFile() === handlerFile) return { name };
  const target = checker.getSymbolAtLocation(found.name);
  // An import that already brings the class in as a value; any other binding of its name rules an import out.
  for (const statement of handlerFile.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const bindings = statement.importClause.namedBindings;
    const named = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    for (const element of named) {
      let symbol = checker.getSymbolAtLocation(element.name);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      if (symbol === target) return statement.importClause.isTypeOnly || element.isTypeOnly ? null : { name: element.name.text };
    }
  }
  const exported =
    (ts.getModifiers(found) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) &&
    !(ts.getModifiers(found) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
  let taken = false;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) taken = true;
    else ts.forEachChild(node, visit);
  };
  visit(handlerFile);
  return exported && !taken ? { name, module: found.getSourceFile().fileName } : null;
}

/**
 * Put the calls that reach throws inside a `try` whose `catch` returns the error formatter's result.
 * Planned after the tool's other edits (the statements it re-indents carry them).
 */
export function catchHelperThrows(
  scope: ts.Node,
  calls: ReadonlyMap<ts.CallExpression, HelperThrow[]>,
  edits: EditSet,
  context: CallContext,
  isProjectFile: (file: ts.SourceFile) => boolean,
): CaughtThrows {
  const result: CaughtThrows = { count: 0, needs: [], kit: [] };
  if (calls.size === 0) return result;
  const file = scope.getSourceFile();
  const text = file.text;
  const unit = indentUnit(text);

  // One try per statement list, from its first statement that reaches a throw to its end; a list
  // inside another's try is covered by it.
  const starts = new Map<StatementList, number>();
  let body: ts.Expression | null = null;
  const throwsOf = new Map<StatementList | ts.Expression, HelperThrow[]>();
  for (const [call, throws] of calls) {
    const anchor = anchorOf(call, scope);
    if (!anchor)
      throw new CannotRewrite(
        "a call that reaches a throw where no try/catch can go around it: catch its error in the handler and return the error formatter's result",
        call,
      );
    const key = "body" in anchor ? anchor.body : anchor.list;
    throwsOf.set(key, [...(throwsOf.get(key) ?? []), ...throws]);
    if ("body" in anchor) {
      body = anchor.body;
      continue;
    }
    const index = anchor.list.statements.indexOf(anchor.statement);
    starts.set(anchor.list, Math.min(starts.get(anchor.list) ?? Infinity, index));
  }
  const regions: { start: number; end: number; key: StatementList | ts.Expression }[] = [];
  if (body) regions.push({ start: body.getStart(file), end: body.getEnd(), key: body });
  else {
    for (const [list, index] of starts) {
      const first = list.statements[index]!;
      const last = list.statements[list.statements.length - 1]!;
      let end = last.getEnd();
      for (const comment of ts.getTrailingCommentRanges(text, end) ?? []) if (!text.slice(end, comment.pos).includes("\n")) end = comment.end;
      regions.push({ start: first.getStart(file), end, key: list });
    }
  }
  const outermost = regions.filter((region) => !regions.some((other) => other !== region && other.start <= region.start && region.end <= other.end));
  for (const region of outermost) {
    for (const other of regions)
      if (other !== region && region.start <= other.start && other.end <= region.end)
        throwsOf.set(region.key, [...throwsOf.get(region.key)!, ...throwsOf.get(other.key)!]);
  }

  const catchName = freeName(scope, ["error", "caught", "thrown"]);
  const counted = new Set<ts.Node>();
  for (const region of outermost) {
    const lineStart = text.lastIndexOf("\n", region.start - 1) + 1;
    const indent = text.slice(lineStart, region.start);
    const isBody = region.key === body;
    if (!isBody && !/^[ \t]*$/.test(indent))
      throw new CannotRewrite(
        "a call that reaches a throw in a statement that shares its line with code before it: put it on its own line so migrate can put it inside a try",
        region.key,
      );
    const start = isBody ? region.start : lineStart;
    const inner = edits.takeWithin(file.fileName, start, region.end, !isBody);
    if (!inner)
      throw new CannotRewrite("a call that reaches a throw inside code migrate rewrites around it: catch its error in the handler by hand", region.key);
    const composed = compose(text, start, region.end, inner);

    const throws = [...new Map(throwsOf.get(region.key)!.map((thrown) => [thrown.node, thrown])).values()];
    for (const thrown of throws) counted.add(thrown.node);
    result.count = counted.size;
    const known = context.protocol === "guidance" ? null : errorClass(throws, file, context.checker, isProjectFile);
    if (known?.module) result.needs.push({ module: known.module, name: known.name });
    const lines: string[] = [];
    if (known) {
      const made = errorCall({ message: `${catchName}.message`, code: `${catchName}.code`, steps: [] }, context);
      lines.push(`if (${catchName} instanceof ${known.name}) return ${made.text};`);
      result.kit.push(...made.kit);
    }
    const made = errorCall({ message: `${catchName} instanceof Error ? ${catchName}.message : String(${catchName})`, steps: [] }, context);
    lines.push(`return ${made.text};`);
    result.kit.push(...made.kit);

    if (isBody) {
      const outer = text.slice(text.lastIndexOf("\n", scope.getStart(file) - 1) + 1).match(/^[ \t]*/)![0];
      const replacement = [
        `{`,
        `${outer}${unit}try {`,
        `${outer}${unit}${unit}return ${composed};`,
        `${outer}${unit}} catch (${catchName}) {`,
        ...lines.map((line) => `${outer}${unit}${unit}${line}`),
        `${outer}${unit}}`,
        `${outer}}`,
      ].join("\n");
      edits.add(file.fileName, { start, end: region.end, text: replacement });
    } else {
      const replacement = [
        `${indent}try {`,
        indented(composed, unit),
        `${indent}} catch (${catchName}) {`,
        ...lines.map((line) => `${indent}${unit}${line}`),
        `${indent}}`,
      ].join("\n");
      edits.add(file.fileName, { start, end: region.end, text: replacement });
    }
  }
  return result;
}

/** The payload expressions whose rewrite awaits them (`await this.run(symbol)`): a catch around them sees their rejection. */
export function awaitedPayloads(exits: readonly { kind: string; payload?: string; payloadNode?: ts.Expression }[]): Set<ts.Node> {
  const found = new Set<ts.Node>();
  for (const exit of exits)
    if (exit.kind === "success" && exit.payload?.startsWith("await ") && exit.payloadNode) found.add(unwrapExpression(exit.payloadNode));
  return found;
}
