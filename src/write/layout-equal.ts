import type { ts } from "../compiler.cjs";
import { SyntaxKind } from "../analyze/engine/ts6-enums.generated.js";
import { LayoutScanner } from "./layout-scanner.js";

/**
 * Whether two TypeScript texts differ in layout only: the same tokens in the same order, where
 * these do not count, being what a formatter such as Prettier changes and never what code means:
 * - whitespace and line breaks (but where a line break ends a statement, after `return` say), and
 *   the blanks inside a comment (a formatter re-indents them);
 * - the quotes of a string literal and the spelling of a number;
 * - a trailing comma before a closing bracket, and a semicolon before a closing brace (never needed there);
 * - the leading `|` or `&` of a union or intersection type broken over lines;
 * - parentheses around a returned expression, and around an arrow function's one plain parameter;
 * - the quotes of a property name that is an identifier (`"id": 1` and `id: 1`).
 *
 * `check` asks this of the output on disk against the unformatted output `generate` would write:
 * equal means the output is fresh however the user's Prettier laid it out, without running it (on
 * a fresh clone that would be a second or more at 1,000 tools). Unequal is no verdict: the caller
 * formats and compares bytes. So a text this cannot read exactly (a `/` after a `}`, which may
 * start a regular expression or divide, an unterminated literal) is unequal.
 */
export function equalModuloLayout(a: string, b: string, tokensOfB: (text: string) => string[] | undefined = significantTokens): boolean {
  if (a === b) return true;
  const left = significantTokens(a);
  const right = left && tokensOfB(b);
  if (!left || !right || left.length !== right.length) return false;
  return left.every((token, index) => token === right[index]);
}

/**
 * Texts' significant tokens, each read once. `check`'s worker reads the output on disk into one
 * while it waits for the inventory (the disk's half of every comparison), and the comparison then
 * finds them here: `equalModuloLayout(generated, onDisk, memo.tokensOf)`.
 */
export class LayoutTokenMemo {
  private readonly known = new Map<string, string[] | undefined>();

  /** How many texts were read (for tests). */
  get size(): number {
    return this.known.size;
  }

  has(text: string): boolean {
    return this.known.has(text);
  }

  readonly tokensOf = (text: string): string[] | undefined => {
    if (this.known.has(text)) return this.known.get(text);
    const tokens = significantTokens(text);
    this.known.set(text, tokens);
    return tokens;
  };
}

/** The first tokens where two texts differ beyond layout (for messages and tests); undefined when they are equal modulo layout. */
export function firstLayoutDifference(a: string, b: string): { left: string | undefined; right: string | undefined } | undefined {
  const left = significantTokens(a);
  const right = significantTokens(b);
  if (!left || !right) return { left: left ? undefined : "(unreadable)", right: right ? undefined : "(unreadable)" };
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    if (left[index] !== right[index])
      return { left: left.slice(Math.max(0, index - 3), index + 3).join(" "), right: right.slice(Math.max(0, index - 3), index + 3).join(" ") };
  }
  return undefined;
}

interface Token {
  kind: ts.SyntaxKind;
  /** What is compared. */
  key: string;
  /** For a string literal: its value. */
  value?: string;
}

const CLOSERS = new Set([SyntaxKind.CloseBraceToken, SyntaxKind.CloseBracketToken, SyntaxKind.CloseParenToken, SyntaxKind.GreaterThanToken]);
/** Tokens after which a type operand must come: a `|` or `&` there can only lead a broken union or intersection. */
const BEFORE_OPERAND = new Set([
  SyntaxKind.EqualsToken,
  SyntaxKind.ColonToken,
  SyntaxKind.OpenParenToken,
  SyntaxKind.LessThanToken,
  SyntaxKind.CommaToken,
  SyntaxKind.OpenBracketToken,
  SyntaxKind.EqualsGreaterThanToken,
  SyntaxKind.BarToken,
  SyntaxKind.AmpersandToken,
  SyntaxKind.ExtendsKeyword,
  SyntaxKind.QuestionToken,
]);
/** Tokens after which a string followed by `:` is a property name. */
const BEFORE_PROPERTY_NAME = new Set([SyntaxKind.OpenBraceToken, SyntaxKind.CommaToken, SyntaxKind.SemicolonToken, SyntaxKind.ReadonlyKeyword]);
/** Tokens after which a `/` divides: what ends an operand. After any other but `}`, it starts a regular expression. */
const BEFORE_DIVISION = new Set([
  SyntaxKind.Identifier,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateTail,
  SyntaxKind.RegularExpressionLiteral,
  SyntaxKind.CloseParenToken,
  SyntaxKind.CloseBracketToken,
  SyntaxKind.ThisKeyword,
  SyntaxKind.SuperKeyword,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
  SyntaxKind.PlusPlusToken,
  SyntaxKind.MinusMinusToken,
]);
const IDENTIFIER_NAME = /^[A-Za-z_$][\w$]*$/;
/** Where a line break is meaning (automatic semicolon insertion): after these, and before a postfix `++`/`--`. */
const LINE_BREAK_ENDS_AFTER = new Set([
  SyntaxKind.ReturnKeyword,
  SyntaxKind.BreakKeyword,
  SyntaxKind.ContinueKeyword,
  SyntaxKind.ThrowKeyword,
  SyntaxKind.YieldKeyword,
  SyntaxKind.AsyncKeyword,
]);

/** What layout-equal reads TypeScript with: LayoutScanner, or (in its test) TypeScript 6's own scanner. */
export type TokenScanner = Pick<LayoutScanner, "scan" | "getTokenText" | "getTokenValue" | "isUnterminated" | "reScanSlashToken" | "reScanTemplateToken">;

/** The tokens that carry meaning, each as a comparable string; undefined when the text cannot be read exactly. */
export function significantTokens(text: string, scanner: TokenScanner = new LayoutScanner(text)): string[] | undefined {
  const tokens = scan(scanner);
  if (!tokens) return undefined;
  const code = tokens.filter((token) => !isComment(token.kind));
  const dropped = optionalParentheses(code);
  const keys: string[] = [];
  let codeIndex = -1;
  for (const token of tokens) {
    if (isComment(token.kind)) {
      keys.push(token.key);
      continue;
    }
    codeIndex++;
    if (dropped.has(codeIndex)) continue;
    const previous = code[codeIndex - 1]?.kind;
    const next = code[codeIndex + 1]?.kind;
    if (token.kind === SyntaxKind.CommaToken && next !== undefined && CLOSERS.has(next)) continue;
    if (token.kind === SyntaxKind.SemicolonToken && next === SyntaxKind.CloseBraceToken) continue;
    if ((token.kind === SyntaxKind.BarToken || token.kind === SyntaxKind.AmpersandToken) && previous !== undefined && BEFORE_OPERAND.has(previous)) continue;
    if (
      token.kind === SyntaxKind.StringLiteral &&
      IDENTIFIER_NAME.test(token.value!) &&
      previous !== undefined &&
      BEFORE_PROPERTY_NAME.has(previous) &&
      (next === SyntaxKind.ColonToken || next === SyntaxKind.QuestionToken)
    ) {
      keys.push(`k${token.value}`);
      continue;
    }
    keys.push(token.key);
  }
  return keys;
}

/**
 * Indices of parentheses a formatter adds or removes without changing meaning: those around a
 * whole returned expression (`return (a && b);`) and around an arrow function's one plain
 * parameter (`(x) => x`).
 */
function optionalParentheses(code: readonly Token[]): Set<number> {
  const dropped = new Set<number>();
  const open: number[] = [];
  for (let index = 0; index < code.length; index++) {
    const kind = code[index]!.kind;
    if (kind === SyntaxKind.OpenParenToken) open.push(index);
    if (kind !== SyntaxKind.CloseParenToken) continue;
    const start = open.pop();
    if (start === undefined) continue;
    const before = code[start - 1]?.kind;
    const after = code[index + 1]?.kind;
    const wholeReturn =
      before === SyntaxKind.ReturnKeyword && (after === undefined || after === SyntaxKind.SemicolonToken || after === SyntaxKind.CloseBraceToken);
    const plainParameter =
      index === start + 2 && code[start + 1]!.kind === SyntaxKind.Identifier && after === SyntaxKind.EqualsGreaterThanToken && before !== SyntaxKind.Identifier;
    if (wholeReturn || plainParameter) {
      dropped.add(start);
      dropped.add(index);
    }
  }
  return dropped;
}

/** Comments, and the line breaks kept where they are meaning: tokens that are not code. */
function isComment(kind: ts.SyntaxKind): boolean {
  return kind === SyntaxKind.SingleLineCommentTrivia || kind === SyntaxKind.MultiLineCommentTrivia || kind === SyntaxKind.NewLineTrivia;
}

function lastCode(tokens: readonly Token[]): ts.SyntaxKind | undefined {
  for (let index = tokens.length - 1; index >= 0; index--) if (!isComment(tokens[index]!.kind)) return tokens[index]!.kind;
  return undefined;
}

function scan(scanner: TokenScanner): Token[] | undefined {
  const tokens: Token[] = [];
  /** Per template substitution open: the depth of braces inside it, so that its `}` is told from an object's. */
  const substitutions: number[] = [];
  let lineBreak = false;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === SyntaxKind.CloseBraceToken && substitutions.length > 0 && substitutions.at(-1) === 0) {
      kind = scanner.reScanTemplateToken();
      if (kind === SyntaxKind.TemplateTail) substitutions.pop();
    } else if (kind === SyntaxKind.OpenBraceToken && substitutions.length > 0) {
      substitutions[substitutions.length - 1]!++;
    } else if (kind === SyntaxKind.CloseBraceToken && substitutions.length > 0) {
      substitutions[substitutions.length - 1]!--;
    }
    if (scanner.isUnterminated()) return undefined;
    if (kind === SyntaxKind.NewLineTrivia) lineBreak = true;
    else if (kind !== SyntaxKind.WhitespaceTrivia && !isComment(kind)) {
      const previous = lastCode(tokens);
      const meaningful =
        lineBreak &&
        ((previous !== undefined && LINE_BREAK_ENDS_AFTER.has(previous)) || kind === SyntaxKind.PlusPlusToken || kind === SyntaxKind.MinusMinusToken);
      lineBreak = false;
      if (meaningful) tokens.push({ kind: SyntaxKind.NewLineTrivia, key: "\n" });
    }
    switch (kind) {
      case SyntaxKind.WhitespaceTrivia:
      case SyntaxKind.NewLineTrivia:
        continue;
      case SyntaxKind.SingleLineCommentTrivia:
      case SyntaxKind.MultiLineCommentTrivia:
        tokens.push({ kind, key: `c${scanner.getTokenText().replace(/\s+/g, " ").trim()}` });
        continue;
      case SyntaxKind.StringLiteral:
        tokens.push({ kind, key: `s${scanner.getTokenValue()}`, value: scanner.getTokenValue() });
        continue;
      case SyntaxKind.NumericLiteral: {
        const value = Number(scanner.getTokenValue());
        tokens.push({ kind, key: Number.isNaN(value) ? `k${scanner.getTokenText()}` : `n${value}` });
        continue;
      }
      case SyntaxKind.TemplateHead:
        substitutions.push(0);
        tokens.push({ kind, key: `k${scanner.getTokenText()}` });
        continue;
      case SyntaxKind.SlashToken:
      case SyntaxKind.SlashEqualsToken: {
        const previous = lastCode(tokens);
        if (previous === SyntaxKind.CloseBraceToken) return undefined;
        if (previous !== undefined && BEFORE_DIVISION.has(previous)) {
          tokens.push({ kind, key: `k${scanner.getTokenText()}` });
          continue;
        }
        kind = scanner.reScanSlashToken();
        if (kind !== SyntaxKind.RegularExpressionLiteral || scanner.isUnterminated()) return undefined;
        tokens.push({ kind, key: `r${scanner.getTokenText()}` });
        continue;
      }
      case SyntaxKind.ConflictMarkerTrivia:
      case SyntaxKind.Unknown:
        return undefined;
      default:
        tokens.push({ kind, key: `k${scanner.getTokenText()}` });
    }
  }
  return substitutions.length === 0 ? tokens : undefined;
}
