/**
 * Formatting once per shape: most generated files are one template filled in with one tool's
 * names (a formatter module per tool, a guidance stub per tool), so Prettier would lay out a
 * thousand of them the same way. This module finds such twins, so Prettier formats one of each
 * shape and the rest are derived from it by putting each file's own names back in.
 *
 * Why the derived text is what Prettier would print:
 * - Prettier decides where to break lines from the widths of the texts in its document, and two
 *   files with the same shape build the same document except for those texts. The shape key keeps
 *   every token and every run of whitespace verbatim, except the *variable* tokens below, which
 *   are kept as their width and class. Equal widths give equal line breaks.
 * - Prettier's few decisions that read a token's content, not only its width, are in the class or
 *   make the token fixed:
 *   - identifiers: ASCII only; capitalised or not (Prettier treats `Foo()` calls as factories);
 *     the names its test-call, Angular and `require` rules look for are fixed;
 *   - string literals: printable ASCII without quotes, backslashes or backticks, so the quote
 *     style Prettier picks cannot depend on them; whether the text is an identifier name or
 *     starts like a number (it may unquote object keys);
 *   - comments: only comments alone on their line (printed as they are, or re-indented when they
 *     are `*`-prefixed blocks, which is checked to be a no-op), and never ones that mention
 *     `prettier`, `@format`, `@type` or `@satisfies` (ignore pragmas and type casts).
 * - Template literals and `/` (a regular expression or a division, which a scanner cannot tell
 *   apart) make a file shapeless: it is formatted on its own.
 *
 * Trust, but verify: the caller formats two files of every group and derives the second from the
 * first; only when that reproduces Prettier byte for byte are the other members derived. Options
 * with plugins never take this path (a plugin may sort imports by name, say).
 */
import { lexShapeTokens, type Token } from "./shape-lexer.js";

/** Files larger than this are aggregates (tools.ts, the schemas), never twins: not worth lexing. */
export const MAX_SHAPED_FILE_LENGTH = 64 * 1024;

export interface Shape {
  /** Equal keys: same template, same widths in every variable token. */
  readonly key: string;
  /** The identifiers, string literals and comments of the file, in order. */
  readonly contents: readonly Token[];
  /** Indices into `contents` of the variable tokens. */
  readonly variable: readonly number[];
}

/**
 * Names some Prettier rule reads, always fixed: test calls (\`it.only\`, \`test.describe.serial\`,
 * \`beforeEach\`), Angular test wrappers, a \`Boolean(...)\` callee in logical expressions, embedded
 * language tags (\`css\`, \`graphql\`), CommonJS/AMD and the contextual keywords. Every name the
 * bundled Prettier compares an identifier with must be here: test/write/prettier-names.test.ts
 * reads them out of Prettier's own source, so an upgrade that reads a new name fails loudly.
 */
export const NAMES_PRETTIER_READS: ReadonlySet<string> = new Set([
  // test calls and their modifiers
  "it",
  "test",
  "describe",
  "skip",
  "only",
  "each",
  "step",
  "serial",
  "parallel",
  "concurrent",
  "todo",
  "fixme",
  "xit",
  "xdescribe",
  "xtest",
  "fit",
  "fdescribe",
  "ftest",
  "beforeEach",
  "beforeAll",
  "afterEach",
  "afterAll",
  // Angular test wrappers
  "async",
  "inject",
  "fakeAsync",
  "waitForAsync",
  // calls and tags whose layout depends on the callee
  "Boolean",
  "require",
  "define",
  "exports",
  "module",
  "Component",
  "extend",
  "styled",
  "style",
  "styles",
  "template",
  "css",
  "gql",
  "graphql",
  "html",
  "markdown",
  "md",
  "jsx",
  "fbt",
  "track",
  "experimental",
  "then",
  // contextual keywords and literals Prettier tests by name
  "as",
  "await",
  "const",
  "else",
  "let",
  "new",
  "of",
  "type",
  "undefined",
]);

const SPECIAL_COMMENT = /prettier|@format|@type\b|@satisfies/i;
const PLAIN_STRING = /^[\x20-\x21\x23-\x26\x28-\x5b\x5d-\x5f\x61-\x7e]*$/;
const IDENTIFIER_NAME = /^[A-Za-z_$][\w$]*$/;

function isContent(token: Token): boolean {
  return token.kind === "identifier" || token.kind === "string" || token.kind === "comment";
}

/** What must be equal, besides the width, for two variable tokens to be laid out alike; undefined: fixed. */
function classOf(tokens: readonly Token[], index: number): string | undefined {
  const { kind, text } = tokens[index]!;
  if (kind === "identifier") {
    if (!/^[A-Za-z][\w$]*$/.test(text) || NAMES_PRETTIER_READS.has(text)) return undefined;
    return `i${text.length}${text[0]! >= "A" && text[0]! <= "Z" ? "U" : "l"}`;
  }
  if (kind === "string") {
    const inner = text.slice(1, -1);
    if (!PLAIN_STRING.test(inner)) return undefined;
    return `s${inner.length}${IDENTIFIER_NAME.test(inner) ? "I" : ""}${/^[\d.]/.test(inner) ? "N" : ""}`;
  }
  if (kind === "comment") {
    if (SPECIAL_COMMENT.test(text) || /[\u2028\u2029\r]/.test(text)) return undefined;
    const indent = ownLineIndent(tokens, index);
    if (indent === undefined) return undefined;
    const lines = text.split("\n");
    if (lines.some((line) => /\s$/.test(line))) return undefined;
    if (lines.length === 1) return "c";
    // A `*`-prefixed block is re-indented by Prettier: require the form it re-indents to.
    if (!text.startsWith("/*") || !lines.slice(1).every((line) => line.startsWith(`${indent} *`))) return undefined;
    return `c${indent}`;
  }
  return undefined;
}

/** The indentation of a comment that is alone on its line; undefined when code shares the line. */
function ownLineIndent(tokens: readonly Token[], index: number): string | undefined {
  let indent = "";
  let before = index - 1;
  if (tokens[before]?.kind === "trivia" && !tokens[before]!.text.includes("\n")) indent = tokens[before--]!.text;
  const startsLine = before < 0 || (tokens[before]!.kind === "trivia" && tokens[before]!.text.includes("\n"));
  const after = tokens[index + 1];
  const endsLine = after === undefined || (after.kind === "trivia" && after.text.includes("\n"));
  return startsLine && endsLine && /^[ \t]*$/.test(indent) ? indent : undefined;
}

/** The shape of a generated file, or undefined when it is formatted on its own. */
export function shapeOf(text: string): Shape | undefined {
  if (text.length > MAX_SHAPED_FILE_LENGTH) return undefined;
  const tokens = lexShapeTokens(text);
  if (tokens === undefined) return undefined;
  const key: string[] = [];
  const contents: Token[] = [];
  const variable: number[] = [];
  tokens.forEach((token, index) => {
    const tokenClass = isContent(token) ? classOf(tokens, index) : undefined;
    if (isContent(token)) contents.push(token);
    if (tokenClass === undefined) {
      key.push(`${token.kind[0]}${token.text}`);
    } else {
      key.push(`\u0000${tokenClass}`);
      variable.push(contents.length - 1);
    }
  });
  return { key: key.join("\u0001"), contents, variable };
}

/**
 * How to print any member of `representative`'s shape, given Prettier's output for the
 * representative: checked once (the printed text must line up token for token with its source),
 * then applied per member. Undefined when it does not line up.
 */
export function modelOf(printed: string, representative: Shape): ((member: Shape) => string | undefined) | undefined {
  const tokens = lexShapeTokens(printed);
  if (tokens === undefined) return undefined;
  const printedContents: Token[] = [];
  const ownLine = new Set<Token>();
  tokens.forEach((token, index) => {
    if (!isContent(token)) return;
    printedContents.push(token);
    if (token.kind === "comment" && ownLineIndent(tokens, index) !== undefined) ownLine.add(token);
  });
  if (printedContents.length !== representative.contents.length) return undefined;
  const variable = new Set(representative.variable);
  /** Per printed variable token: how the member's token at the same index is written there. */
  const slots = new Map<Token, { index: number; write: (replacement: Token) => string }>();
  for (const [index, source] of representative.contents.entries()) {
    const out = printedContents[index]!;
    if (!variable.has(index)) {
      // Fixed tokens are the same in both files; they only have to line up (a fixed comment may be re-indented).
      if (source.kind === "comment" ? out.kind !== "comment" : innerText(out) !== innerText(source)) return undefined;
      continue;
    }
    if (source.kind === "comment") {
      // Printed exactly as written and still alone on its line (checked), so the member's comment,
      // whatever its width, is printed as written too and moves nothing else.
      if (out.text !== source.text || !ownLine.has(out)) return undefined;
      slots.set(out, { index, write: (replacement) => replacement.text });
    } else if (out.kind === "string" && source.kind === "string") {
      if (innerText(out) !== innerText(source)) return undefined;
      const quote = out.text[0]!;
      slots.set(out, { index, write: (replacement) => `${quote}${innerText(replacement)}${quote}` });
    } else if (out.kind === "identifier" && out.text === innerText(source)) {
      // An identifier stays one; a quoted key Prettier unquoted is unquoted alike (same class).
      slots.set(out, { index, write: (replacement) => innerText(replacement) });
    } else {
      return undefined;
    }
  }
  return (member) => {
    if (member.key !== representative.key) return undefined;
    return tokens
      .map((token) => {
        const slot = slots.get(token);
        return slot ? slot.write(member.contents[slot.index]!) : token.text;
      })
      .join("");
  };
}

/** `member` as Prettier prints it, derived from the printed `representative` of the same shape (see `modelOf`). */
export function instantiate(printed: string, representative: Shape, member: Shape): string | undefined {
  return modelOf(printed, representative)?.(member);
}

/** A token's text without the quotes of a string literal, and with a comment's trailing blanks removed. */
function innerText(token: Token): string {
  if (token.kind === "string") return token.text.slice(1, -1);
  if (token.kind === "comment") return token.text.trimEnd();
  return token.text;
}
