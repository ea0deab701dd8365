import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { unwrapExpression } from "../syntax.js";
import { isBinaryExpression, isNoSubstitutionTemplateLiteral, isStringLiteral, isTemplateExpression, kindOf } from "../engine/ast.js";

/**
 * Text that reports an error by its own words, as servers write it into a plain text block: a
 * Markdown heading that says so (`## ❌ Error`, `# Failed to fetch`, `### Error: not found`), or a
 * first line that starts with ❌ or `Error:`. Only the static start of the text is read (a template
 * literal's head), so `Error: ${message}` counts and `${status}: done` does not.
 */

const ERROR_WORD = /(^|[^\p{L}])(error|errors|failed|failure|fehler|erreur)([^\p{L}]|$)/iu;
const HEADING = /^#{1,6}\s+(.*)$/;

/** The static text a text-block expression starts with: a literal's text, a template's head. */
function leadingText(node: ts.Expression): string | undefined {
  const value = unwrapExpression(node);
  if (isStringLiteral(value) || isNoSubstitutionTemplateLiteral(value)) return value.text;
  if (isTemplateExpression(value)) return value.head.text;
  if (isBinaryExpression(value) && kindOf(value.operatorToken) === SyntaxKind.PlusToken) return leadingText(value.left);
  return undefined;
}

function firstLine(text: string): string {
  return (text.trimStart().split(/\r?\n/, 1)[0] ?? "").trim();
}

/** Whether a plain text block's expression reads as an error report. */
export function isErrorText(node: ts.Expression): boolean {
  const text = leadingText(node);
  if (text === undefined) return false;
  const line = firstLine(text);
  if (line.startsWith("❌") || /^error\s*:/i.test(line)) return true;
  const heading = HEADING.exec(line);
  return heading !== null && (heading[1]!.includes("❌") || ERROR_WORD.test(heading[1]!));
}

/**
 * The words a text uses to say it is an error, when they stand before its message: a heading's text
 * (`## ❌ Error` gives "❌ Error") or a first line's `Error:` label (`Error: ${message}` gives
 * "Error"); undefined when the first line says neither.
 */
export function errorLabel(text: string): string | undefined {
  const line = firstLine(text);
  const heading = HEADING.exec(line);
  if (heading) {
    const words = heading[1]!.trim();
    return words.includes("❌") || ERROR_WORD.test(words) ? words : undefined;
  }
  return /^(❌\s*)?error\s*:/iu.exec(line)?.[0].replace(/\s*:$/u, "");
}

/** The label of a text-block expression's static start (see `errorLabel`). */
export function leadingErrorLabel(node: ts.Expression): string | undefined {
  const text = leadingText(node);
  return text === undefined ? undefined : errorLabel(text);
}

/**
 * The error text without its heading line (`## ❌ Error\n\nNo data for ${city}` gives
 * `` `No data for ${city}` ``), as source text of the same kind of literal; the text unchanged when
 * it has no heading, or nothing but one.
 */
export function withoutErrorHeading(node: ts.Expression): string {
  const value = unwrapExpression(node);
  const source = value.getText(value.getSourceFile());
  if (!(isStringLiteral(value) || isNoSubstitutionTemplateLiteral(value) || isTemplateExpression(value))) return source;
  const quote = source[0]!;
  const body = source.slice(1);
  // The heading line in source form: up to a real line break or a `\n` escape, then blank lines.
  const heading = /^\s*#{1,6}[^\n\\]*(?:\\r)?(?:\\n|\n)(?:[ \t]|\\r|\\n|\n)*/.exec(body);
  if (!heading || !HEADING.test(firstLine(leadingText(value) ?? ""))) return source;
  const rest = body.slice(heading[0].length);
  if (rest.trim() === quote) return source;
  return `${quote}${rest}`;
}
