import ts from "typescript";

/**
 * The code blocks of a protocol document, read the way its authors wrote them: a fence with an
 * info string (```json) inside an open block nests (the ACOR document shows messages whose own
 * code blocks sit inside a ```markdown example), a bare fence closes the innermost block, and a
 * block indented under a list item ends where the item does (a line indented less than its fence),
 * as CommonMark ends it, even without a closing fence (the AOP document leaves one open).
 */
export interface DocumentBlock {
  /** 1-based lines of the opening fence and of the closing fence (or of the last line, when unclosed). */
  from: number;
  to: number;
  language: string;
  /** The nearest heading above the block. */
  heading: string;
  /** The lines between the fences, without the fence's indentation. */
  lines: string[];
  closed: boolean;
}

export function documentBlocks(text: string): DocumentBlock[] {
  const lines = text.split("\n");
  const blocks: DocumentBlock[] = [];
  const open: { language: string; indent: number; from: number; heading: string }[] = [];
  let heading = "";
  const close = (lastLine: number, closed: boolean): void => {
    const block = open.pop();
    if (block === undefined || open.length > 0) return;
    const inside = lines.slice(block.from + 1, closed ? lastLine : lastLine + 1);
    blocks.push({
      from: block.from + 1,
      to: lastLine + 1,
      language: block.language,
      heading: block.heading,
      lines: inside.map((line) => line.slice(Math.min(block.indent, /^ */.exec(line)?.[0].length ?? 0))),
      closed,
    });
  };
  lines.forEach((line, index) => {
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    while (open.length > 0 && line.trim() !== "" && indent < (open[open.length - 1]?.indent ?? 0)) {
      let last = index - 1;
      while (last > 0 && (lines[last] ?? "").trim() === "") last--;
      close(last, false);
    }
    if (open.length === 0 && /^#{1,6} /.test(line)) heading = line;
    const fence = /^( *)```(\S*)\s*$/.exec(line);
    if (fence === null) return;
    const language = fence[2] ?? "";
    if (language !== "" || open.length === 0) open.push({ language, indent, from: index, heading });
    else close(index, true);
  });
  if (open.length > 0) throw new Error(`a code block opened at line ${(open[0]?.from ?? 0) + 1} never ends`);
  return blocks;
}

/** A nested block's lines: the fence opening at `from` (1-based, in the document) to its closing fence. */
export function innerBlock(block: DocumentBlock, from: number): string[] {
  const start = from - block.from - 1;
  const opener = block.lines[start] ?? "";
  if (!/^\s*```\S+\s*$/.test(opener)) throw new Error(`line ${from} opens no nested code block: ${opener}`);
  const indent = /^ */.exec(opener)?.[0].length ?? 0;
  const end = block.lines.findIndex((line, index) => index > start && /^\s*```\s*$/.test(line));
  return block.lines.slice(start + 1, end).map((line) => line.slice(Math.min(indent, /^ */.exec(line)?.[0].length ?? 0)));
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * The value of a JavaScript (or JSON, or Python) literal as printed in a document: objects,
 * arrays, strings, numbers, true/false/null, and Python's True/False/None; comments are ignored,
 * so `{ /* ... *\/ }` is `{}`. Anything else (a call, a variable, a spread, a syntax error) throws:
 * such a block is code or notation, not a value.
 */
export function literalValue(source: string): Json {
  const file = ts.createSourceFile("block.ts", `const value = (\n${source}\n);`, ts.ScriptTarget.Latest, true);
  const syntaxErrors = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  if (syntaxErrors.length > 0) {
    throw new Error(`not a literal: ${syntaxErrors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")).join("; ")}`);
  }
  const statement = file.statements[0];
  const initializer = statement && ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]?.initializer : undefined;
  if (initializer === undefined) throw new Error("not a literal");
  return valueOf(initializer);
}

function valueOf(node: ts.Expression): Json {
  if (ts.isParenthesizedExpression(node)) return valueOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isIdentifier(node)) {
    const python: Record<string, Json> = { True: true, False: false, None: null };
    if (node.text in python) return python[node.text] ?? null;
  }
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((element) => valueOf(element));
  if (ts.isObjectLiteralExpression(node)) {
    const object: { [key: string]: Json } = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || !(ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
        throw new Error(`not a literal: ${property.getText()}`);
      }
      object[property.name.text] = valueOf(property.initializer);
    }
    return object;
  }
  throw new Error(`not a literal: ${node.getText()}`);
}
