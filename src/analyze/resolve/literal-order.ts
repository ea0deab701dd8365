import { compareStrings } from "../../compare-strings.js";

/**
 * A printed type with the members of every union in one order (`rankOf`: by kind, then string
 * literals and names by code unit, numbers by value; `"b" | number | "a"` → `number | "a" | "b"`),
 * and object types' members that say a property is absent last. The checker prints a union's
 * members in an order of its own: TypeScript 6 by when each type was first made (which depends on
 * what was checked before), TypeScript 7 by kind and value.
 */
export function sortLiteralUnions(text: string): string {
  return segments(text);
}

const OPEN = "([{<";
const CLOSE = ")]}>";

/** `text` split at each `separator` outside quotes and brackets (pieces untrimmed). */
export function splitOutside(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  scan(text, (i) => {
    if (text.charAt(i) !== separator) return;
    pieces.push(text.slice(start, i));
    start = i + 1;
  });
  pieces.push(text.slice(start));
  return pieces;
}

/** Whether `text` is one bracketed group (`(...)`, `{...}`), the closing bracket its last character. */
export function isOneGroup(text: string, open: string): boolean {
  return text.startsWith(open) && closing(text, 0) === text.length - 1;
}

/** Walks `text` at one bracket depth, calling `atDepth0` with each index that is not inside quotes or brackets. */
function scan(text: string, atDepth0: (index: number) => number | void): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '"' || ch === "'" || ch === "`") {
      i = skipQuoted(text, i);
      continue;
    }
    if (ch === "=" && text.charAt(i + 1) === ">") {
      if (depth === 0) {
        const next = atDepth0(i);
        if (typeof next === "number") i = next;
        else i++;
      } else i++;
      continue;
    }
    if (OPEN.includes(ch)) {
      if (depth === 0) {
        const next = atDepth0(i);
        if (typeof next === "number") {
          i = next;
          continue;
        }
      }
      depth++;
      continue;
    }
    if (CLOSE.includes(ch)) {
      depth--;
      continue;
    }
    if (depth === 0) {
      const next = atDepth0(i);
      if (typeof next === "number") i = next;
    }
  }
}

/** The index of the quote that closes the one at `start` (backslash escapes skipped). */
export function skipQuoted(text: string, start: number): number {
  const quote = text.charAt(start);
  for (let i = start + 1; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === "\\") i++;
    else if (ch === quote) return i;
  }
  return text.length - 1;
}

/** The index of the bracket that closes the one at `start`. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === '"' || ch === "'" || ch === "`") i = skipQuoted(text, i);
    else if (ch === "=" && text.charAt(i + 1) === ">") i++;
    else if (OPEN.includes(ch)) depth++;
    else if (CLOSE.includes(ch) && --depth === 0) return i;
  }
  return text.length - 1;
}

/** Text between separators (`;`, `,`, `:`, `=>`, `?`): each piece may be a union. */
function segments(text: string): string {
  let out = "";
  let start = 0;
  scan(text, (i) => {
    const ch = text.charAt(i);
    const arrow = ch === "=" && text.charAt(i + 1) === ">";
    if (!arrow && !";,:?".includes(ch)) return;
    out += union(text.slice(start, i)) + (arrow ? "=>" : ch);
    start = i + (arrow ? 2 : 1);
    return start - 1;
  });
  return out + union(text.slice(start));
}

function union(piece: string): string {
  const lead = /^\s*/.exec(piece)?.[0] ?? "";
  const trail = /\s*$/.exec(piece.slice(lead.length))?.[0] ?? "";
  const body = piece.slice(lead.length, piece.length - trail.length);
  if (body === "") return piece;
  const members: string[] = [];
  let start = 0;
  scan(body, (i) => {
    if (body.charAt(i) !== "|") return;
    members.push(body.slice(start, i));
    start = i + 1;
  });
  members.push(body.slice(start));
  const inner = members.map((member) => {
    const l = /^\s*/.exec(member)?.[0] ?? "";
    const t = /\s*$/.exec(member.slice(l.length))?.[0] ?? "";
    return { lead: l, text: nested(member.slice(l.length, member.length - t.length)), trail: t };
  });
  if (inner.length > 1) sortLiterals(inner);
  return lead + inner.map((m) => m.lead + m.text + m.trail).join("|") + trail;
}

/** A union member: what its brackets hold is sorted in turn. */
function nested(member: string): string {
  let out = "";
  let start = 0;
  scan(member, (i) => {
    if (!OPEN.includes(member.charAt(i))) return;
    const end = closing(member, i);
    const inner = segments(member.slice(i + 1, end));
    out += member.slice(start, i + 1) + (member.charAt(i) === "{" ? absentMembersLast(inner) : inner) + member.charAt(end);
    start = end + 1;
    return end;
  });
  return out + member.slice(start);
}

/** `a?: never` (or `undefined`): a member that says the property is absent. */
const ABSENT_MEMBER = /^\s*(?:"(?:[^"\\]|\\.)*"|[\w$]+)\?: (?:never|undefined)\s*$/;

/**
 * An object type's members with those that say a property is absent last, by name. A union of
 * object literals (`cond ? { kind: "b", b: 1 } : { kind: "a", a: "x" }`) gives each member the
 * others' properties as `a?: never`; TypeScript 6 lists them after the member's own, TypeScript 7
 * sometimes before. Their order means nothing.
 */
function absentMembersLast(body: string): string {
  const pieces = splitOutside(body, ";");
  const last = pieces.length - 1;
  // `{ a: string; b?: never }` ends its last member without `;`; `{ a: string; b?: never; }` with one.
  const closedByTrailing = pieces[last]!.trim() === "";
  const members = closedByTrailing ? pieces.slice(0, last) : pieces;
  const absent = members.filter((piece) => ABSENT_MEMBER.test(piece));
  if (absent.length === 0 || absent.length === members.length) return body;
  const present = members.filter((piece) => !ABSENT_MEMBER.test(piece));
  const byName = [...absent].sort((a, b) => compareStrings(a.trim(), b.trim()));
  const reordered = [...present, ...byName];
  if (!closedByTrailing) {
    // The last member carries the space before `}`; the others none: keep each slot's spacing.
    const trailing = /\s*$/.exec(members[last]!)![0];
    return reordered.map((piece, index) => (index === last ? `${piece.trimEnd()}${trailing}` : piece.trimEnd())).join(";");
  }
  return [...reordered, pieces[last]!].join(";");
}

const STRING = /^"(?:[^"\\]|\\.)*"$/;
const TEMPLATE = /^`[^`]*`$/;
const NUMBER = /^-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)$/;

/**
 * Where a member goes among a union's members: TypeScript 7's order, which follows the kind of
 * each type (the order of `ts.TypeFlags`): `string`, `number`, `bigint`, string literals, number
 * literals, booleans, `symbol`, `void`, names and composite types (enums, interfaces, arrays,
 * object and function types), `object`, template literal types, `never`; `null` and `undefined`
 * last, as both compilers print them. TypeScript 6 orders by when each type was made.
 */
function rankOf(text: string): number {
  switch (text) {
    case "any":
    case "unknown":
      return 0;
    case "string":
      return 1;
    case "number":
      return 2;
    case "bigint":
      return 3;
    case "boolean":
    case "true":
    case "false":
      return 6;
    case "symbol":
    case "unique symbol":
      return 7;
    case "void":
      return 8;
    case "object":
      return 10;
    case "never":
      return 12;
    case "null":
    case "undefined":
      return 13;
  }
  if (STRING.test(text)) return 4;
  if (NUMBER.test(text)) return 5;
  if (TEMPLATE.test(text)) return 11;
  return 9;
}

/** Within a kind: string literals and composite members by code unit, number literals by value. */
function compareWithinKind(rank: number, a: string, b: string): number {
  if (rank === 5) return Number(a) - Number(b);
  // `null` and `undefined`, `true` and `false`: as printed (the compilers agree on these).
  if (rank === 6 || rank === 13) return 0;
  return compareStrings(a, b);
}

/** A union's members in one order whichever compiler printed them (see `rankOf`); each slot keeps its spacing. */
function sortLiterals(members: { text: string }[]): void {
  const sorted = members
    .map((member, index) => ({ text: member.text, rank: rankOf(member.text), index }))
    .sort((a, b) => a.rank - b.rank || compareWithinKind(a.rank, a.text, b.text) || a.index - b.index);
  sorted.forEach((entry, index) => {
    members[index]!.text = entry.text;
  });
}
