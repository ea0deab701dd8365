import { compareStrings } from "../../compare-strings.js";

/**
 * A printed type with the literal members of every union in one order: string literals by code
 * unit, number literals by value, each kind in the places that kind held (`"b" | number | "a"` →
 * `"a" | number | "b"`). The checker prints a union's members in an order of its own:
 * TypeScript 6 by when each literal type was first made (which depends on what was checked
 * before), TypeScript 7 by value. Other members keep the printer's order.
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

function skipQuoted(text: string, start: number): number {
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
/** A template literal type (`\`high-${number}\``): sorted with the string literals, after them. */
const STRINGISH = { test: (text: string): boolean => STRING.test(text) || /^`[^`]*`$/.test(text) };
const NUMBER = /^-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Infinity)$/;

/** Members each compiler orders alike: the keywords (`string`, `null`...). */
const KEYWORD = /^(?:string|number|bigint|boolean|symbol|unique symbol|object|null|undefined|void|never|unknown|any|true|false)$/;
/** Everything else that is no literal: names, generics, arrays, object and function types. */
const COMPOSITE = { test: (text: string): boolean => !KEYWORD.test(text) && !STRINGISH.test(text) && !NUMBER.test(text) };

/**
 * Literals, then composite members, each sorted in the places their kind held. The compilers
 * order composite members differently too: TypeScript 6 by when each type was made (`Zeta |
 * Alpha`, as declared), TypeScript 7 by its own comparison (`Alpha | Zeta`).
 */
function sortLiterals(members: { text: string }[]): void {
  for (const [test, compare] of [
    [STRINGISH, (a: string, b: string) => compareStrings(a, b)],
    [NUMBER, (a: string, b: string) => Number(a) - Number(b)],
    [COMPOSITE, (a: string, b: string) => compareStrings(a, b)],
  ] as const) {
    const slots = members.flatMap((member, index) => (test.test(member.text) ? [index] : []));
    if (slots.length < 2) continue;
    const sorted = slots.map((index) => members[index]!.text).sort(compare);
    slots.forEach((index, k) => {
      members[index]!.text = sorted[k]!;
    });
  }
}
