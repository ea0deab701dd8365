import type { ts } from "../../compiler.cjs";
import { ObjectFlags, TypeFlags } from "../engine/ts6-enums.generated.js";
import { compareStrings } from "../../compare-strings.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { isOneGroup, splitOutside } from "./literal-order.js";
import { objectFlags, propertiesInOrder } from "./type-reference.js";

/**
 * The checker's printed text of `type` with the members of every mapped type's object literal in
 * declaration order, and of every object literal that spreads in run-time order
 * (`propertiesInOrder`): each compiler prints a mapped type's properties in its
 * own key-union order. The text is walked beside the type it prints: object literals by property
 * name, arrays by element, unions member by member where the printer wrote one text per member.
 * What does not line up (an elided `...`, a union printed by its names) is left as printed.
 */
export function mappedMembersInOrder(text: string, type: ts.Type, checker: AnalysisChecker, shownChars = Infinity): string {
  if (!text.includes("{")) return text;
  return walk(text, type, checker, 0, shownChars);
}

const MAX_DEPTH = 20;

/**
 * `shown`: how many of the text's first characters will be read (a message quotes a type's first
 * 77). Reordering keeps every text's length, so a part that starts beyond it is left as printed:
 * walking it would only ask the checker about types nobody sees.
 */
function walk(text: string, type: ts.Type, checker: AnalysisChecker, depth: number, shown: number): string {
  if (depth > MAX_DEPTH || shown <= 0 || !text.includes("{")) return text;
  if (isOneGroup(text, "(")) return `(${walk(text.slice(1, -1), type, checker, depth + 1, shown - 1)})`;
  if (type.isUnion()) {
    // The printer may write members in another order than `types` (`undefined` last) or fold some
    // (`boolean`): each member that holds an object literal finds the one type member it prints.
    const used = new Set<ts.Type>();
    let offset = 0;
    return splitOutside(text, "|")
      .map((member) => {
        const start = offset;
        offset += member.length + 1;
        const trimmed = member.trim();
        const at = member.indexOf(trimmed);
        if (start + at >= shown) return member;
        const printed = trimmed.includes("{") ? printedMember(trimmed, type.types, used, checker) : undefined;
        if (!printed) return member;
        used.add(printed);
        return member.slice(0, at) + walk(trimmed, printed, checker, depth + 1, shown - start - at) + member.slice(at + trimmed.length);
      })
      .join("|");
  }
  if (text.endsWith("[]") && checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return element ? `${walk(text.slice(0, -2), element, checker, depth + 1, shown)}[]` : text;
  }
  if (isOneGroup(text, "{") && type.flags & TypeFlags.Object) return objectLiteral(text, type, checker, depth, shown);
  return text;
}

/** The member of a union that `text` prints, the first not taken yet: an array for `T[]`, an object with the same property names for `{ ... }`. */
function printedMember(text: string, types: readonly ts.Type[], used: Set<ts.Type>, checker: AnalysisChecker): ts.Type | undefined {
  let test: ((type: ts.Type) => boolean) | undefined;
  if (text.endsWith("[]")) test = (type) => checker.isArrayType(type);
  else if (isOneGroup(text, "{")) {
    const names = memberNames(text);
    if (names) {
      const key = [...names].sort(compareStrings).join("\n");
      test = (type) =>
        (type.flags & TypeFlags.Object) !== 0 &&
        !checker.isArrayType(type) &&
        checker
          .getPropertiesOfType(type)
          .map((property) => property.name)
          .sort(compareStrings)
          .join("\n") === key;
    }
  }
  if (!test) return undefined;
  // Members with the same property names (`{ content; structuredContent }` beside `{ content;
  // structuredContent? }`) are told apart by their order: both printers write a union's object
  // members in the order of `types`, and each member printed takes its type out of the running.
  return types.find((type) => !used.has(type) && test(type));
}

/** `name: type;` as the checker prints an object type's member. */
export const MEMBER = /^(\s*(?:readonly )?)("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*)(\??: )([\s\S]*)$/;

/** The property name a `MEMBER` match prints, unquoted. */
export function memberName(member: RegExpExecArray): string {
  return member[2]!.startsWith('"') ? (JSON.parse(member[2]!) as string) : member[2]!;
}

/** The property names an object literal's text prints, or undefined when it prints more than properties. */
function memberNames(text: string): string[] | undefined {
  const pieces = splitOutside(text.slice(1, -1), ";");
  pieces.pop();
  const names: string[] = [];
  for (const piece of pieces) {
    const member = MEMBER.exec(piece);
    if (!member) return undefined;
    names.push(memberName(member));
  }
  return names;
}

/** `{ a: A; b?: B; }`: members by name, each type walked, properties reordered when the type is mapped or spreads. */
function objectLiteral(text: string, type: ts.Type, checker: AnalysisChecker, depth: number, shown: number): string {
  const inner = text.slice(1, -1);
  const pieces = splitOutside(inner, ";");
  const last = pieces.pop() ?? "";
  // `{}` has no member to order (and would come back as `{;}`, which is no type).
  if (last.trim() !== "" || pieces.length === 0) return text;
  // A spreading literal's order is each compiler's own too (`propertiesInOrder`).
  const mapped = (objectFlags(type) & ObjectFlags.Mapped) !== 0 || checker.propertiesOfSpreadOrRest?.(type) !== undefined;
  const members = pieces.map((piece) => {
    const member = MEMBER.exec(piece);
    // A member is looked up only when it is to be moved or walked into: an object whose members
    // are all plain (`{ type: "text"; text: string; }`) asks the checker nothing.
    if (!member || !(mapped || member[4]!.includes("{"))) return { text: piece, property: undefined, parts: undefined };
    const name = memberName(member);
    // The list, not a lookup by name: the emitters have read it already (one trip to TypeScript 7, not one per name).
    const property = checker.getPropertiesOfType(type).find((candidate) => candidate.name === name);
    return { text: piece, property, parts: property ? member : undefined };
  });
  if (mapped) {
    const order = new Map(propertiesInOrder(type, checker).map((property, index) => [property, index]));
    const slots = members.flatMap((member, index) => (member.property && order.has(member.property) ? [index] : []));
    const sorted = slots.map((index) => members[index]!).sort((a, b) => order.get(a.property!)! - order.get(b.property!)!);
    slots.forEach((index, k) => {
      members[index] = sorted[k]!;
    });
  }
  // Each member's type, walked where it will be read: after the reordering, which puts it where it is printed.
  let offset = 1;
  const texts = members.map(({ text: piece, property, parts }) => {
    const start = offset;
    offset += piece.length + 1;
    if (!property || !parts || !parts[4]!.includes("{")) return piece;
    const typeStart = start + parts[1]!.length + parts[2]!.length + parts[3]!.length;
    if (typeStart >= shown) return piece;
    return `${parts[1]}${parts[2]}${parts[3]}${walk(parts[4]!, checker.getTypeOfSymbol(property), checker, depth + 1, shown - typeStart)}`;
  });
  return `{${texts.join(";")};${last}}`;
}
