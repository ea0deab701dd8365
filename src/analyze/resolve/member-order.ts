import { ts } from "ts-morph";
import { compareStrings } from "../../compare-strings.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { isOneGroup, splitOutside } from "./literal-order.js";
import { objectFlags, propertiesInOrder } from "./type-reference.js";

/**
 * The checker's printed text of `type` with the members of every mapped type's object literal in
 * declaration order (`propertiesInOrder`): each compiler prints a mapped type's properties in its
 * own key-union order. The text is walked beside the type it prints: object literals by property
 * name, arrays by element, unions member by member where the printer wrote one text per member.
 * What does not line up (an elided `...`, a union printed by its names) is left as printed.
 */
export function mappedMembersInOrder(text: string, type: ts.Type, checker: AnalysisChecker): string {
  if (!text.includes("{")) return text;
  return walk(text, type, checker, 0);
}

const MAX_DEPTH = 20;

function walk(text: string, type: ts.Type, checker: AnalysisChecker, depth: number): string {
  if (depth > MAX_DEPTH || !text.includes("{")) return text;
  if (isOneGroup(text, "(")) return `(${walk(text.slice(1, -1), type, checker, depth + 1)})`;
  if (type.isUnion()) {
    // The printer may write members in another order than `types` (`undefined` last) or fold some
    // (`boolean`): each member that holds an object literal finds the one type member it prints.
    const used = new Set<ts.Type>();
    return splitOutside(text, "|")
      .map((member) => {
        const trimmed = member.trim();
        const printed = trimmed.includes("{") ? printedMember(trimmed, type.types, used, checker) : undefined;
        if (!printed) return member;
        used.add(printed);
        const at = member.indexOf(trimmed);
        return member.slice(0, at) + walk(trimmed, printed, checker, depth + 1) + member.slice(at + trimmed.length);
      })
      .join("|");
  }
  if (text.endsWith("[]") && checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return element ? `${walk(text.slice(0, -2), element, checker, depth + 1)}[]` : text;
  }
  if (isOneGroup(text, "{") && type.flags & ts.TypeFlags.Object) return objectLiteral(text, type, checker, depth);
  return text;
}

/** The one member of a union that `text` prints: an array for `T[]`, an object with the same property names for `{ ... }`. */
function printedMember(text: string, types: readonly ts.Type[], used: Set<ts.Type>, checker: AnalysisChecker): ts.Type | undefined {
  let test: ((type: ts.Type) => boolean) | undefined;
  if (text.endsWith("[]")) test = (type) => checker.isArrayType(type);
  else if (isOneGroup(text, "{")) {
    const names = memberNames(text);
    if (names) {
      const key = [...names].sort(compareStrings).join("\n");
      test = (type) =>
        (type.flags & ts.TypeFlags.Object) !== 0 &&
        !checker.isArrayType(type) &&
        checker
          .getPropertiesOfType(type)
          .map((property) => property.name)
          .sort(compareStrings)
          .join("\n") === key;
    }
  }
  if (!test) return undefined;
  const candidates = types.filter((type) => !used.has(type) && test(type));
  return candidates.length === 1 ? candidates[0] : undefined;
}

const MEMBER = /^(\s*(?:readonly )?)("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*)(\??: )([\s\S]*)$/;

/** The property names an object literal's text prints, or undefined when it prints more than properties. */
function memberNames(text: string): string[] | undefined {
  const pieces = splitOutside(text.slice(1, -1), ";");
  pieces.pop();
  const names: string[] = [];
  for (const piece of pieces) {
    const member = MEMBER.exec(piece);
    if (!member) return undefined;
    names.push(member[2]!.startsWith('"') ? (JSON.parse(member[2]!) as string) : member[2]!);
  }
  return names;
}

/** `{ a: A; b?: B; }`: members by name, each type walked, properties reordered when the type is mapped. */
function objectLiteral(text: string, type: ts.Type, checker: AnalysisChecker, depth: number): string {
  const inner = text.slice(1, -1);
  const pieces = splitOutside(inner, ";");
  const last = pieces.pop() ?? "";
  if (last.trim() !== "") return text;
  const members = pieces.map((piece) => {
    const member = MEMBER.exec(piece);
    if (!member) return { text: piece, property: undefined };
    const name = member[2]!.startsWith('"') ? (JSON.parse(member[2]!) as string) : member[2]!;
    // The list, not a lookup by name: the emitters have read it already (one trip to TypeScript 7, not one per name).
    const property = checker.getPropertiesOfType(type).find((candidate) => candidate.name === name);
    if (!property) return { text: piece, property: undefined };
    const walked = member[4]!.includes("{") ? walk(member[4]!, checker.getTypeOfSymbol(property), checker, depth + 1) : member[4]!;
    return { text: `${member[1]}${member[2]}${member[3]}${walked}`, property };
  });
  if (objectFlags(type) & ts.ObjectFlags.Mapped) {
    const order = new Map(propertiesInOrder(type, checker).map((property, index) => [property, index]));
    const slots = members.flatMap((member, index) => (member.property && order.has(member.property) ? [index] : []));
    const sorted = slots.map((index) => members[index]!).sort((a, b) => order.get(a.property!)! - order.get(b.property!)!);
    slots.forEach((index, k) => {
      members[index] = sorted[k]!;
    });
  }
  return `{${members.map((member) => member.text).join(";")};${last}}`;
}
