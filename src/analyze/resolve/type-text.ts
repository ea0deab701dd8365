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

/** `T | undefined` without the `undefined`: optionality is recorded separately. */
export function withoutUndefined(type: ts.Type, checker: ts.TypeChecker, enclosing: ts.Node | undefined): string {
  if (!type.isUnion()) return typeText(type, checker, enclosing);
  const kept = type.types.filter((member) => (member.flags & ts.TypeFlags.Undefined) === 0);
  if (kept.length === type.types.length) return typeText(type, checker, enclosing);
  // Boolean is the union true | false: print it as the word users wrote.
  const hasTrue = kept.some((m) => m.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(m) === "true");
  const hasFalse = kept.some((m) => m.flags & ts.TypeFlags.BooleanLiteral && checker.typeToString(m) === "false");
  const parts = kept
    .filter((m) => !(hasTrue && hasFalse && m.flags & ts.TypeFlags.BooleanLiteral))
    .map((m) => typeText(m, checker, enclosing));
  if (hasTrue && hasFalse) parts.push("boolean");
  return parts.join(" | ");
}
