import type { ts } from "../../compiler.cjs";
import { TypeFlags, TypeFormatFlags } from "../engine/ts6-enums.generated.js";
import { unionMembers } from "../../shared/union-members.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { sortLiteralUnions } from "./literal-order.js";
import { mappedMembersInOrder } from "./member-order.js";
import { printedAsWritten } from "./written-order.js";
import { withDoubleQuotes } from "./quote-style.js";

/** The flags `typeText` prints with (what `prefetchPayloadTexts` asks ahead with too). */
export const TYPE_TEXT_FLAGS = TypeFormatFlags.NoTruncation | TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;
/** Beyond this, a type is unreadable in a table and risky to embed: it is cut short. */
const MAX_TYPE_TEXT = 4000;
/** Where a type too long to print whole is cut (about what TypeScript's own truncation leaves). */
const CUT_TYPE_TEXT = 300;

/**
 * A type as TypeScript text, written as it reads from `enclosing` (so in-scope names print plainly).
 * Literal union members and a mapped type's properties in one order, and string literals in one
 * quote, whichever compiler printed them (`sortLiteralUnions`, `mappedMembersInOrder`, `withDoubleQuotes`). A type longer than `MAX_TYPE_TEXT` is cut
 * at a space and ends in `...`; TypeScript's own truncation cannot serve, as what it leaves out
 * depends on the order it prints in. `shownChars`: only so much of the text is read (a message
 * quotes its start), so the order is only put right there.
 */
export function typeText(type: ts.Type, checker: AnalysisChecker, enclosing: ts.Node | undefined, shownChars?: number, written?: ts.Node): string {
  const printed = withDoubleQuotes(checker.typeToString(type, enclosing, TYPE_TEXT_FLAGS));
  // `written`: the expression whose type this is; when its syntax says the print is in order already, no walk is needed.
  const text = sortLiteralUnions(written && printedAsWritten(printed, written) ? printed : mappedMembersInOrder(printed, type, checker, shownChars));
  if (text.length <= MAX_TYPE_TEXT) return text;
  const space = text.lastIndexOf(" ", CUT_TYPE_TEXT);
  return `${text.slice(0, space > 0 ? space : CUT_TYPE_TEXT)} ...`;
}

export function isAnyType(type: ts.Type): boolean {
  return (type.flags & TypeFlags.Any) !== 0;
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
