import { ts } from "ts-morph";
import { unionMembers } from "../../shared/union-members.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { sortLiteralUnions } from "./literal-order.js";

const FULL = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
/** Beyond this, a type is unreadable in a table and risky to embed: fall back to TypeScript's own truncation. */
const MAX_TYPE_TEXT = 4000;

/**
 * A type as TypeScript text, written as it reads from `enclosing` (so in-scope names print plainly).
 * Literal union members in one order whichever compiler printed them (`sortLiteralUnions`).
 */
export function typeText(type: ts.Type, checker: AnalysisChecker, enclosing: ts.Node | undefined): string {
  const full = checker.typeToString(type, enclosing, FULL);
  return full.length <= MAX_TYPE_TEXT
    ? sortLiteralUnions(full)
    : checker.typeToString(type, enclosing, ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope);
}

export function isAnyType(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.Any) !== 0;
}

/**
 * `T | undefined` without the `undefined`: optionality is recorded separately. Printed whole and
 * then trimmed, so members keep the order the checker prints them in (`string | null`).
 */
export function withoutUndefined(type: ts.Type, checker: AnalysisChecker, enclosing: ts.Node | undefined): string {
  const text = typeText(type, checker, enclosing);
  if (!type.isUnion()) return text;
  const members = unionMembers(text).filter((member) => member !== "undefined");
  return members.length === 0 ? "undefined" : members.join(" | ");
}
