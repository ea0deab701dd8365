/**
 * The tokens format-by-shape.ts compares files by: trivia, comments, identifiers, string
 * literals, and everything else as "fixed" text. A scanner of its own rather than TypeScript's:
 * loading TypeScript 6 for its scanner cost a run on the TypeScript 7 engine about 0.2 s.
 *
 * It needs to agree with TypeScript's scanner on the tokens that vary between files (identifiers,
 * keywords, strings, comments), and to be consistent on the rest: fixed text is compared verbatim,
 * so whether `===` is one token or three changes nothing. test/write/shape-lexer.test.ts holds it
 * to TypeScript 6's scanner on every generated file of the fixtures. What it cannot cut alone
 * makes the file shapeless (undefined), and such a file is formatted on its own: a regular
 * expression or a division (`/`, which only a parser tells apart), a template with substitutions,
 * a non-ASCII character outside strings and comments, a shebang, a conflict marker, an
 * unterminated string or comment.
 */
import { KEYWORD_KINDS } from "../analyze/engine/ts6-enums.generated.js";

export type TokenKind = "trivia" | "fixed" | "identifier" | "string" | "comment";

export interface Token {
  kind: TokenKind;
  text: string;
}

const IDENTIFIER_START = /[A-Za-z_$]/;
const IDENTIFIER_PART = /[\w$]/;
const NUMBER_PART = /[\w.]/;
const CONFLICT_MARKER = /^(?:<{7}|={7}|>{7}|\|{7})/;

/** The file's tokens with their exact text; undefined when it holds something this scanner cannot cut alone. */
export function lexShapeTokens(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let at = 0;
  if (text.startsWith("#!")) return undefined;
  while (at < text.length) {
    const start = at;
    const char = text[at]!;
    if (char === "\n" || char === "\r") {
      at += char === "\r" && text[at + 1] === "\n" ? 2 : 1;
      tokens.push({ kind: "trivia", text: text.slice(start, at) });
      if (CONFLICT_MARKER.test(text.slice(at, at + 7))) return undefined;
      continue;
    }
    if (char === " " || char === "\t" || char === "\v" || char === "\f") {
      while (at < text.length && " \t\v\f".includes(text[at]!)) at++;
      tokens.push({ kind: "trivia", text: text.slice(start, at) });
      continue;
    }
    if (char === "/") {
      const next = text[at + 1];
      if (next === "/") {
        while (at < text.length && text[at] !== "\n" && text[at] !== "\r") at++;
        // TypeScript ends a line comment at U+2028 and U+2029 too.
        if (/[\u2028\u2029]/.test(text.slice(start, at))) return undefined;
        tokens.push({ kind: "comment", text: text.slice(start, at) });
        continue;
      }
      if (next === "*") {
        const end = text.indexOf("*/", at + 2);
        if (end === -1) return undefined;
        at = end + 2;
        tokens.push({ kind: "comment", text: text.slice(start, at) });
        continue;
      }
      return undefined;
    }
    if (char === '"' || char === "'") {
      at++;
      while (at < text.length && text[at] !== char) {
        if (text[at] === "\n" || text[at] === "\r") return undefined;
        at += text[at] === "\\" ? (text[at + 1] === "\r" && text[at + 2] === "\n" ? 3 : 2) : 1;
      }
      if (at >= text.length) return undefined;
      at++;
      tokens.push({ kind: "string", text: text.slice(start, at) });
      continue;
    }
    if (char === "`") {
      at++;
      while (at < text.length && text[at] !== "`") {
        if (text[at] === "$" && text[at + 1] === "{") return undefined;
        at += text[at] === "\\" ? 2 : 1;
      }
      if (at >= text.length) return undefined;
      at++;
      // A template without substitutions: TypeScript's NoSubstitutionTemplateLiteral, fixed text.
      tokens.push({ kind: "fixed", text: text.slice(start, at) });
      continue;
    }
    if (IDENTIFIER_START.test(char) || (char === "#" && IDENTIFIER_START.test(text[at + 1] ?? ""))) {
      at++;
      while (at < text.length && IDENTIFIER_PART.test(text[at]!)) at++;
      if (text[at] === "\\" || text.charCodeAt(at) > 0x7f) return undefined;
      const word = text.slice(start, at);
      tokens.push({ kind: char !== "#" && !KEYWORD_KINDS.has(word) ? "identifier" : "fixed", text: word });
      continue;
    }
    if (/\d/.test(char) || (char === "." && /\d/.test(text[at + 1] ?? ""))) {
      const hex = /^0[xXbBoO]/.test(text.slice(at, at + 2));
      at++;
      while (at < text.length && (NUMBER_PART.test(text[at]!) || (!hex && "+-".includes(text[at]!) && /[eE]/.test(text[at - 1]!)))) at++;
      tokens.push({ kind: "fixed", text: text.slice(start, at) });
      continue;
    }
    if (char.charCodeAt(0) > 0x7f || char === "\\" || char === "#") return undefined;
    at++;
    tokens.push({ kind: "fixed", text: char });
  }
  return tokens;
}
