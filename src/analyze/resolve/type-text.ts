import { ts } from "ts-morph";

const FULL = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
/** Beyond this, a type is unreadable in a table and risky to embed: fall back to TypeScript's own truncation. */
const MAX_TYPE_TEXT = 4000;

/** A type as TypeScript text, written as it reads from `enclosing` (so in-scope names print plainly). */
export function typeText(type: ts.Type, checker: ts.TypeChecker, enclosing: ts.Node | undefined): string {
  const full = checker.typeToString(type, enclosing, FULL);
  return full.length <= MAX_TYPE_TEXT ? full : checker.typeToString(type, enclosing, ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope);
}

export function isAnyType(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.Any) !== 0;
}

/** The members of a union as printed, split at top-level ` | ` only (not inside `{}`, `()`, `<>`, `[]` or strings). */
function splitTopLevelUnion(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === "\\") i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if (char === "(" || char === "{" || char === "[" || char === "<") depth++;
    else if (char === ")" || char === "}" || char === "]" || (char === ">" && text[i - 1] !== "=")) depth--;
    else if (depth === 0 && text.startsWith(" | ", i)) {
      parts.push(text.slice(start, i));
      start = i + 3;
      i += 2;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * `T | undefined` without the `undefined`: optionality is recorded separately. Printed whole and
 * then trimmed, so members keep the order the checker prints them in (`string | null`).
 */
export function withoutUndefined(type: ts.Type, checker: ts.TypeChecker, enclosing: ts.Node | undefined): string {
  const text = typeText(type, checker, enclosing);
  if (!type.isUnion()) return text;
  const members = splitTopLevelUnion(text).filter((member) => member !== "undefined");
  return members.length === 0 ? "undefined" : members.join(" | ");
}
