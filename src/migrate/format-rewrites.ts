import { ts } from "../compiler.cjs";
import type { TextEdit } from "./text-edits.js";

/** A span of a rewritten file's final text that migrate wrote (an edit's new text, an added or changed import). */
export interface TextRange {
  start: number;
  end: number;
}

/**
 * Where migrate's writing is in `after`: each edit's new text, and every import declaration that
 * is not in `edited` as it stands there. `edited` is `before` with `edits` applied; `after` is
 * `edited` with its imports added and pruned, which touches the import lines only, so every edit
 * past them keeps its place counted from the end of the file.
 */
export function rewrittenRanges(fileName: string, before: string, edits: readonly TextEdit[], edited: string, after: string): TextRange[] {
  const ranges: TextRange[] = [];
  let shift = 0;
  let spliced = "";
  let last = 0;
  const inEdited: TextRange[] = [];
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    spliced += before.slice(last, edit.start) + edit.text;
    last = edit.end;
    inEdited.push({ start: edit.start + shift, end: edit.start + shift + edit.text.length });
    shift += edit.text.length - (edit.end - edit.start);
  }
  // Edits applied otherwise than by splicing would leave these ranges meaningless: none then.
  if (spliced + before.slice(last) === edited) {
    let common = 0;
    while (common < edited.length && common < after.length && edited.charCodeAt(edited.length - 1 - common) === after.charCodeAt(after.length - 1 - common))
      common++;
    const delta = after.length - edited.length;
    for (const range of inEdited) if (range.start >= edited.length - common) ranges.push({ start: range.start + delta, end: range.end + delta });
  }
  const imports = (text: string): ts.ImportDeclaration[] => parse(fileName, text).statements.filter(ts.isImportDeclaration);
  const kept = new Set(imports(edited).map((declaration) => declaration.getText()));
  for (const declaration of imports(after)) if (!kept.has(declaration.getText())) ranges.push({ start: declaration.getStart(), end: declaration.getEnd() });
  return ranges.sort((a, b) => a.start - b.start);
}

function parse(fileName: string, text: string): ts.SourceFile {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(fileName) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

/** `(source, indent) => formatted`: Prettier for one statement, as `Formatter.formatPiece`. */
export type FormatPiece = (source: string, indent: string) => Promise<string>;

function isStatementList(node: ts.Node): node is ts.SourceFile | ts.Block | ts.ModuleBlock | ts.CaseOrDefaultClause {
  return ts.isSourceFile(node) || ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node);
}

/** A statement (in a list, or the body of an `if`, a loop or a label). */
function isStatement(node: ts.Node): boolean {
  const parent = node.parent;
  if (isStatementList(parent)) return (parent.statements as ts.NodeArray<ts.Node>).includes(node);
  if (ts.isIfStatement(parent)) return parent.thenStatement === node || parent.elseStatement === node;
  return (ts.isIterationStatement(parent, false) || ts.isLabeledStatement(parent)) && parent.statement === node;
}

/** An argument of a call (the handler `conform()` now wraps, when it is one expression). */
function isArgument(node: ts.Node): node is ts.Expression {
  const parent = node.parent;
  return (ts.isCallExpression(parent) || ts.isNewExpression(parent)) && (parent.arguments ?? []).some((argument) => argument === node);
}

/**
 * `after` with Prettier run over what migrate wrote, and nothing else: each largest statement, or
 * call argument, alone on lines that all hold part of a rewritten range, formatted on its own to
 * the indentation of its line; the string literals migrate wrote elsewhere (`conform("x", `) take
 * the quotes Prettier gives them. Every other line keeps its bytes, so a file that was never
 * formatted is not reformatted; a statement that only partly moved (the handler `conform()` now
 * wraps) stays as migrate wrote it. What Prettier cannot read alone, or a statement marked
 * `prettier-ignore`, is left as it is.
 */
export async function formatRewritten(fileName: string, after: string, ranges: readonly TextRange[], formatPiece: FormatPiece): Promise<string> {
  if (ranges.length === 0) return after;
  const file = parse(fileName, after);
  const lineOf = (position: number): number => file.getLineAndCharacterOfPosition(position).line;
  const rewrittenLines = new Set<number>();
  // A range that starts or ends with its line break (a line inserted whole) does not touch the line it joins.
  const trimmed = ranges.map(({ start, end }) => {
    let from = start;
    let to = end;
    while (from < to && (after[from] === "\n" || after[from] === "\r")) from++;
    while (to > from && (after[to - 1] === "\n" || after[to - 1] === "\r")) to--;
    return { start: from, end: to };
  });
  for (const { start, end } of trimmed) for (let line = lineOf(start); line <= lineOf(Math.max(start, end - 1)); line++) rewrittenLines.add(line);
  const touches = (node: ts.Node): boolean =>
    trimmed.some(({ start, end }) => (start === end ? node.getStart() <= start && start <= node.getEnd() : start < node.getEnd() && node.getStart() < end));
  const lineStartOf = (position: number): number => after.lastIndexOf("\n", position - 1) + 1;
  const lineEndOf = (position: number): number => (after.indexOf("\n", position) === -1 ? after.length : after.indexOf("\n", position));
  // Alone on its lines (a trailing `// comment`, or an argument's comma, aside): nothing else moves when it breaks into several.
  const alone = (node: ts.Node, argument: boolean): boolean =>
    /^[ \t]*$/.test(after.slice(lineStartOf(node.getStart()), node.getStart())) &&
    (argument ? /^,?[ \t]*(\/\/.*)?\r?$/ : /^[ \t]*(\/\/.*)?\r?$/).test(after.slice(node.getEnd(), lineEndOf(node.getEnd())));
  const wholeLines = (node: ts.Node): boolean => {
    for (let line = lineOf(node.getStart()); line <= lineOf(node.getEnd() - 1); line++) if (!rewrittenLines.has(line)) return false;
    return true;
  };
  const ignored = (node: ts.Node): boolean =>
    (ts.getLeadingCommentRanges(after, node.getFullStart()) ?? []).some((range) => after.slice(range.pos, range.end).includes("prettier-ignore"));
  const targets: { node: ts.Node; argument: boolean }[] = [];
  // What Prettier is told to leave alone stays as migrate wrote it, literals and all.
  const left: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    const statement = isStatement(node);
    const argument = !statement && isArgument(node);
    if (statement && ignored(node)) {
      left.push(node);
      return;
    }
    if ((statement || argument) && touches(node) && wholeLines(node) && alone(node, argument)) {
      targets.push({ node, argument });
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);

  // The string literals migrate wrote outside those (`conform("x", ` around a handler it leaves as it is).
  const literals: ts.StringLiteral[] = [];
  const inTarget = (node: ts.Node): boolean =>
    [...targets.map((target) => target.node), ...left].some((outer) => outer.getStart() <= node.getStart() && node.getEnd() <= outer.getEnd());
  const findLiterals = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) &&
      !ts.isJsxAttribute(node.parent) &&
      !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
      trimmed.some(({ start, end }) => start <= node.getStart() && node.getEnd() <= end) &&
      !inTarget(node)
    )
      literals.push(node);
    ts.forEachChild(node, findLiterals);
  };
  ts.forEachChild(file, findLiterals);

  const replacements: { start: number; end: number; text: string }[] = [];
  for (const literal of literals) {
    try {
      const quoted = /^x = (["'][^]*["']);?$/.exec(await formatPiece(`x = ${literal.getText()};`, ""))?.[1];
      if (quoted !== undefined) replacements.push({ start: literal.getStart(), end: literal.getEnd(), text: quoted });
    } catch {
      // Left in the quotes migrate gave it.
    }
  }
  for (const { node, argument } of targets) {
    const indent = after.slice(lineStartOf(node.getStart()), node.getStart());
    try {
      let formatted = await formatPiece(argument ? `${node.getText()};` : node.getText(), indent);
      if (argument) {
        // Back to the expression: no statement semicolon, no ASI guard; an expression Prettier had to parenthesise as a statement is left alone.
        formatted = formatted.replace(/^;/, "").replace(/;$/, "");
        if (formatted.startsWith("(") && !node.getText().startsWith("(")) continue;
      }
      replacements.push({ start: node.getStart(), end: node.getEnd(), text: indented(fileName, formatted, indent) });
    } catch {
      // Left as migrate wrote it.
    }
  }
  const eol = after.includes("\r\n") ? "\r\n" : "\n";
  let out = after;
  for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text.replace(/\n/g, eol) + out.slice(end);
  return out;
}

/** `text`'s lines after its first, each behind `indent`, but for the lines inside a template literal or string, which are its value. */
function indented(fileName: string, text: string, indent: string): string {
  const file = parse(fileName, text);
  const literals: TextRange[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isStringLiteral(node) ||
      ts.isJsxText(node)
    ) {
      literals.push({ start: node.getStart(), end: node.getEnd() });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = "";
  for (let index = 0; index < text.length; index++) {
    out += text[index];
    if (text[index] !== "\n" || text[index + 1] === "\n" || index + 1 === text.length) continue;
    if (!literals.some((literal) => literal.start < index + 1 && index + 1 < literal.end)) out += indent;
  }
  return out;
}
