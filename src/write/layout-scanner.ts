/**
 * The scanner layout-equal.ts reads TypeScript text with: TypeScript 6's `createScanner` as that
 * module uses it (standard variant, trivia kept), with its kind numbers, written here so that
 * `check` on the TypeScript 7 engine loads no TypeScript 6 (about 0.2 s). It reads what a
 * scanner reads without a parser: the caller decides when a `}` continues a template and when a
 * `/` starts a regular expression, as it did with TypeScript's (`reScanTemplateToken`,
 * `reScanSlashToken`). test/write/layout-scanner.test.ts holds it to TypeScript 6's scanner token
 * for token on every TypeScript file of the fixtures and on Prettier's layouts of them.
 */
import type { ts } from "../compiler.cjs";
import { KEYWORD_KINDS, PUNCTUATION_KINDS, SyntaxKind } from "../analyze/engine/ts6-enums.generated.js";

const ID_START = /[\p{ID_Start}$_]/u;
const ID_PART = /[\p{ID_Continue}$_\u200c\u200d]/u;
/** Single-line white space as TypeScript counts it (`isWhiteSpaceSingleLine`). */
const BLANK = /[\t\v\f \u00a0\u0085\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff]/;
const LINE_BREAK = /[\n\r\u2028\u2029]/;
/**
 * Longest punctuation first. TypeScript's scanner reads `>` alone (the parser joins `>>=` and the
 * like), and `</` only in JSX.
 */
const PUNCTUATION = [...PUNCTUATION_KINDS.keys()]
  .filter((text) => (!text.startsWith(">") || text === ">") && text !== "</")
  .sort((a, b) => b.length - a.length);
const SIMPLE_ESCAPES: Record<string, string> = { b: "\b", t: "\t", n: "\n", v: "\v", f: "\f", r: "\r", "0": "\0" };

export class LayoutScanner {
  private at = 0;
  private start = 0;
  private value = "";
  private unterminated = false;

  constructor(private readonly text: string) {}

  getTokenText(): string {
    return this.text.slice(this.start, this.at);
  }

  /** A string's or template's cooked value, a number's digits without separators. */
  getTokenValue(): string {
    return this.value;
  }

  isUnterminated(): boolean {
    return this.unterminated;
  }

  scan(): ts.SyntaxKind {
    const { text } = this;
    // TypeScript passes over U+2028 and U+2029 without a token, trivia kept or not.
    while (text[this.at] === "\u2028" || text[this.at] === "\u2029") this.at++;
    this.start = this.at;
    this.unterminated = false;
    this.value = "";
    if (this.at >= text.length) return SyntaxKind.EndOfFileToken;
    const char = text[this.at]!;
    if (char === "\r" && text[this.at + 1] === "\n") {
      this.at += 2;
      return SyntaxKind.NewLineTrivia;
    }
    if (char === "\n" || char === "\r") {
      this.at++;
      return SyntaxKind.NewLineTrivia;
    }
    if (BLANK.test(char)) {
      while (this.at < text.length && BLANK.test(text[this.at]!)) this.at++;
      return SyntaxKind.WhitespaceTrivia;
    }
    if (this.atConflictMarker(this.at)) {
      // `<<<<<<<` and `>>>>>>>` end with their line; `=======` and `|||||||` run to the next marker of either kind.
      if (char === "<" || char === ">") while (this.at < text.length && !LINE_BREAK.test(text[this.at]!)) this.at++;
      else {
        this.at++;
        while (this.at < text.length && !((text[this.at] === "=" || text[this.at] === ">") && this.atConflictMarker(this.at))) this.at++;
      }
      return SyntaxKind.ConflictMarkerTrivia;
    }
    if (char === "/" && text[this.at + 1] === "/") {
      while (this.at < text.length && !LINE_BREAK.test(text[this.at]!)) this.at++;
      return SyntaxKind.SingleLineCommentTrivia;
    }
    if (char === "/" && text[this.at + 1] === "*") {
      const end = text.indexOf("*/", this.at + 2);
      this.unterminated = end === -1;
      this.at = end === -1 ? text.length : end + 2;
      return SyntaxKind.MultiLineCommentTrivia;
    }
    if (char === '"' || char === "'") return this.scanString(char);
    if (char === "`") {
      this.at++;
      return this.scanTemplate(SyntaxKind.NoSubstitutionTemplateLiteral, SyntaxKind.TemplateHead);
    }
    if (/\d/.test(char) || (char === "." && /\d/.test(text[this.at + 1] ?? ""))) return this.scanNumber();
    if (char === "#" && this.at === 0 && text[1] === "!") {
      while (this.at < text.length && !LINE_BREAK.test(text[this.at]!)) this.at++;
      return SyntaxKind.ShebangTrivia;
    }
    if (char === "#") {
      this.at++;
      if (!this.scanIdentifier()) return SyntaxKind.Unknown;
      return SyntaxKind.PrivateIdentifier;
    }
    if (this.scanIdentifier()) {
      return KEYWORD_KINDS.get(this.getTokenText()) ?? SyntaxKind.Identifier;
    }
    // `?.` before a digit is a `?` then a number (`a?.5:b`).
    for (const punctuation of PUNCTUATION) {
      if (!text.startsWith(punctuation, this.at)) continue;
      if (punctuation === "?." && /\d/.test(text[this.at + 2] ?? "")) continue;
      this.at += punctuation.length;
      return PUNCTUATION_KINDS.get(punctuation)!;
    }
    this.at += char.length;
    return SyntaxKind.Unknown;
  }

  /** After a `}` that closes a template's substitution: the template goes on from it. */
  reScanTemplateToken(): ts.SyntaxKind {
    this.at = this.start + 1;
    return this.scanTemplate(SyntaxKind.TemplateTail, SyntaxKind.TemplateMiddle);
  }

  /** After a `/` or `/=` where an operand is expected: a regular expression literal. */
  reScanSlashToken(): ts.SyntaxKind {
    const { text } = this;
    let at = this.start + 1;
    let inClass = false;
    for (;;) {
      const char = text[at];
      if (char === undefined || LINE_BREAK.test(char)) {
        this.unterminated = true;
        break;
      }
      if (char === "\\") at++;
      else if (char === "[") inClass = true;
      else if (char === "]") inClass = false;
      else if (char === "/" && !inClass) {
        at++;
        break;
      }
      at++;
    }
    while (at < text.length && ID_PART.test(text[at]!)) at++;
    this.at = Math.min(at, text.length);
    this.value = this.getTokenText();
    return SyntaxKind.RegularExpressionLiteral;
  }

  /** Seven `<`, `=`, `>` or `|` at the start of a line (TypeScript's merge conflict markers). */
  private atConflictMarker(at: number): boolean {
    const { text } = this;
    if (at > 0 && !LINE_BREAK.test(text[at - 1]!)) return false;
    const char = text[at]!;
    if (!"<=>|".includes(char) || text.slice(at, at + 7) !== char.repeat(7)) return false;
    return char === "=" || text[at + 7] === " ";
  }

  /** An identifier from `this.at` (after a `#`, a private name); false, and nothing consumed, when none starts there. */
  private scanIdentifier(): boolean {
    const { text } = this;
    const first = text.codePointAt(this.at);
    if (first === undefined || !ID_START.test(String.fromCodePoint(first))) return false;
    this.at += first > 0xffff ? 2 : 1;
    for (;;) {
      const next = text.codePointAt(this.at);
      if (next === undefined || !ID_PART.test(String.fromCodePoint(next))) break;
      this.at += next > 0xffff ? 2 : 1;
    }
    return true;
  }

  private scanString(quote: string): ts.SyntaxKind {
    const { text } = this;
    this.at++;
    let value = "";
    for (;;) {
      const char = text[this.at];
      if (char === undefined || char === "\n" || char === "\r") {
        this.unterminated = true;
        break;
      }
      this.at++;
      if (char === quote) break;
      value += char === "\\" ? this.scanEscape() : char;
    }
    this.value = value;
    return SyntaxKind.StringLiteral;
  }

  /** A template's text from `this.at` to its end (`noSubstitution`) or to its next `${` (`head`). */
  private scanTemplate(noSubstitution: ts.SyntaxKind, head: ts.SyntaxKind): ts.SyntaxKind {
    const { text } = this;
    let value = "";
    for (;;) {
      const char = text[this.at];
      if (char === undefined) {
        this.unterminated = true;
        this.value = value;
        return noSubstitution;
      }
      this.at++;
      if (char === "`") break;
      if (char === "$" && text[this.at] === "{") {
        this.at++;
        this.value = value;
        return head;
      }
      if (char === "\\") value += this.scanEscape();
      else if (char === "\r") {
        // A template's line breaks are cooked to `\n`.
        if (text[this.at] === "\n") this.at++;
        value += "\n";
      } else value += char;
    }
    this.value = value;
    return noSubstitution;
  }

  /** The escape after a backslash, cooked. */
  private scanEscape(): string {
    const { text } = this;
    const char = text[this.at++];
    if (char === undefined) return "";
    if (char === "\r") {
      if (text[this.at] === "\n") this.at++;
      return "";
    }
    if (char === "\n" || char === "\u2028" || char === "\u2029") return "";
    if (char in SIMPLE_ESCAPES && !(char === "0" && /\d/.test(text[this.at] ?? ""))) return SIMPLE_ESCAPES[char]!;
    if (char === "x" && /^[\da-fA-F]{2}$/.test(text.slice(this.at, this.at + 2))) {
      this.at += 2;
      return String.fromCharCode(parseInt(text.slice(this.at - 2, this.at), 16));
    }
    if (char === "u") {
      const braced = /^\{([\da-fA-F]+)\}/.exec(text.slice(this.at, this.at + 10));
      if (braced && parseInt(braced[1]!, 16) <= 0x10ffff) {
        this.at += braced[0].length;
        return String.fromCodePoint(parseInt(braced[1]!, 16));
      }
      if (/^[\da-fA-F]{4}$/.test(text.slice(this.at, this.at + 4))) {
        this.at += 4;
        return String.fromCharCode(parseInt(text.slice(this.at - 4, this.at), 16));
      }
    }
    return char;
  }

  private scanNumber(): ts.SyntaxKind {
    const { text } = this;
    const radix = /^0[xXbBoO]/.test(text.slice(this.at, this.at + 2));
    this.at += radix ? 2 : 0;
    while (this.at < text.length) {
      const char = text[this.at]!;
      const exponentSign = !radix && (char === "+" || char === "-") && /[eE]/.test(text[this.at - 1]!);
      if (!/[\w.]/.test(char) && !exponentSign) break;
      // A second `.` ends the number (`1..toString()`), and so does a `.` after an exponent.
      if (char === "." && (radix || /[.eE]/.test(text.slice(this.start, this.at)))) break;
      if (/[g-zG-Z$]/.test(char) && !(char === "n" || (!radix && /[eE]/.test(char)))) break;
      this.at++;
    }
    const written = this.getTokenText().replace(/_/g, "");
    if (written.endsWith("n")) {
      this.value = written;
      return SyntaxKind.BigIntLiteral;
    }
    this.value = String(Number(written));
    return SyntaxKind.NumericLiteral;
  }
}
