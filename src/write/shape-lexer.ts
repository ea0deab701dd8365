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

const CONFLICT_MARKER = /^(?:<{7}|={7}|>{7}|\|{7})/;

// Characters by code (the scanner runs over every generated file at each `check` and each
// formatting by shape: classes by code, not a regular expression per character).
const enum Char {
  Tab = 9,
  LineFeed = 10,
  VerticalTab = 11,
  FormFeed = 12,
  CarriageReturn = 13,
  Space = 32,
  DoubleQuote = 34,
  Hash = 35,
  Dollar = 36,
  SingleQuote = 39,
  Plus = 43,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Nine = 57,
  Less = 60,
  Equals = 61,
  Greater = 62,
  UpperA = 65,
  UpperE = 69,
  UpperZ = 90,
  Backslash = 92,
  Underscore = 95,
  Backtick = 96,
  LowerA = 97,
  LowerE = 101,
  LowerZ = 122,
  OpenBrace = 123,
  Bar = 124,
  Asterisk = 42,
  LineSeparator = 0x2028,
  ParagraphSeparator = 0x2029,
}

function isIdentifierStart(code: number): boolean {
  return (code >= Char.LowerA && code <= Char.LowerZ) || (code >= Char.UpperA && code <= Char.UpperZ) || code === Char.Underscore || code === Char.Dollar;
}

function isDigit(code: number): boolean {
  return code >= Char.Zero && code <= Char.Nine;
}

function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || isDigit(code);
}

function isSpace(code: number): boolean {
  return code === Char.Space || code === Char.Tab || code === Char.VerticalTab || code === Char.FormFeed;
}

/** The file's tokens with their exact text; undefined when it holds something this scanner cannot cut alone. */
export function lexShapeTokens(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const length = text.length;
  let at = 0;
  if (text.startsWith("#!")) return undefined;
  while (at < length) {
    const start = at;
    const code = text.charCodeAt(at);
    if (code === Char.LineFeed || code === Char.CarriageReturn) {
      at += code === Char.CarriageReturn && text.charCodeAt(at + 1) === Char.LineFeed ? 2 : 1;
      tokens.push({ kind: "trivia", text: text.slice(start, at) });
      const next = text.charCodeAt(at);
      if ((next === Char.Less || next === Char.Equals || next === Char.Greater || next === Char.Bar) && CONFLICT_MARKER.test(text.slice(at, at + 7))) {
        return undefined;
      }
      continue;
    }
    if (isSpace(code)) {
      while (at < length && isSpace(text.charCodeAt(at))) at++;
      tokens.push({ kind: "trivia", text: text.slice(start, at) });
      continue;
    }
    if (code === Char.Slash) {
      const next = text.charCodeAt(at + 1);
      if (next === Char.Slash) {
        for (; at < length; at++) {
          const inComment = text.charCodeAt(at);
          if (inComment === Char.LineFeed || inComment === Char.CarriageReturn) break;
          // TypeScript ends a line comment at U+2028 and U+2029 too.
          if (inComment === Char.LineSeparator || inComment === Char.ParagraphSeparator) return undefined;
        }
        tokens.push({ kind: "comment", text: text.slice(start, at) });
        continue;
      }
      if (next === Char.Asterisk) {
        const end = text.indexOf("*/", at + 2);
        if (end === -1) return undefined;
        at = end + 2;
        tokens.push({ kind: "comment", text: text.slice(start, at) });
        continue;
      }
      return undefined;
    }
    if (code === Char.DoubleQuote || code === Char.SingleQuote) {
      at++;
      for (;;) {
        if (at >= length) return undefined;
        const inString = text.charCodeAt(at);
        if (inString === code) break;
        if (inString === Char.LineFeed || inString === Char.CarriageReturn) return undefined;
        at += inString === Char.Backslash ? (text.charCodeAt(at + 1) === Char.CarriageReturn && text.charCodeAt(at + 2) === Char.LineFeed ? 3 : 2) : 1;
      }
      at++;
      tokens.push({ kind: "string", text: text.slice(start, at) });
      continue;
    }
    if (code === Char.Backtick) {
      at++;
      for (;;) {
        if (at >= length) return undefined;
        const inTemplate = text.charCodeAt(at);
        if (inTemplate === Char.Backtick) break;
        if (inTemplate === Char.Dollar && text.charCodeAt(at + 1) === Char.OpenBrace) return undefined;
        at += inTemplate === Char.Backslash ? 2 : 1;
      }
      at++;
      // A template without substitutions: TypeScript's NoSubstitutionTemplateLiteral, fixed text.
      tokens.push({ kind: "fixed", text: text.slice(start, at) });
      continue;
    }
    if (isIdentifierStart(code) || (code === Char.Hash && isIdentifierStart(text.charCodeAt(at + 1)))) {
      at++;
      while (at < length && isIdentifierPart(text.charCodeAt(at))) at++;
      const after = text.charCodeAt(at);
      if (after === Char.Backslash || after > 0x7f) return undefined;
      const word = text.slice(start, at);
      tokens.push({ kind: code !== Char.Hash && !KEYWORD_KINDS.has(word) ? "identifier" : "fixed", text: word });
      continue;
    }
    if (isDigit(code) || (code === Char.Dot && isDigit(text.charCodeAt(at + 1)))) {
      const second = text.charCodeAt(at + 1) | 0x20;
      const hex = code === Char.Zero && (second === 0x78 || second === 0x62 || second === 0x6f); // x, b, o (either case)
      at++;
      for (; at < length; at++) {
        const inNumber = text.charCodeAt(at);
        if (isIdentifierPart(inNumber) && inNumber !== Char.Dollar) continue;
        if (inNumber === Char.Dot) continue;
        const previous = text.charCodeAt(at - 1);
        if (!hex && (inNumber === Char.Plus || inNumber === Char.Minus) && (previous === Char.LowerE || previous === Char.UpperE)) continue;
        break;
      }
      tokens.push({ kind: "fixed", text: text.slice(start, at) });
      continue;
    }
    if (code > 0x7f || code === Char.Backslash || code === Char.Hash) return undefined;
    at++;
    tokens.push({ kind: "fixed", text: text[start]! });
  }
  return tokens;
}
