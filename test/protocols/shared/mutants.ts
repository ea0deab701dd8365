import fc from "fast-check";

/**
 * Mutants of valid responses, for the property test that holds each protocol's JSON Schema to its
 * validator. A mutant is a seed (a document example) with one to three edits, so most stay close
 * to valid and the rules at their edges (a score just above 1, a February 30th, a missing field,
 * a stray header) are hit far more often than by random values.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

function pathsOf(value: Json, prefix: Path = []): Path[] {
  const found: Path[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => found.push(...pathsOf(item, [...prefix, index])));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) found.push(...pathsOf(item, [...prefix, key]));
  }
  return found;
}

function getAt(value: Json, path: Path): Json {
  let current = value;
  for (const key of path) current = (current as Record<string | number, Json>)[key] as Json;
  return current;
}

/** The value with the node at `path` replaced (`undefined`: removed). The seed is never touched. */
function withAt(value: Json, path: Path, replacement: Json | undefined): Json | undefined {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const next = withAt(copy[key as number] as Json, rest, replacement);
    if (next === undefined) copy.splice(key as number, 1);
    else copy[key as number] = next;
    return copy;
  }
  const copy = { ...(value as Record<string, Json>) };
  const next = withAt(copy[key as string] as Json, rest, replacement);
  if (next === undefined) delete copy[key as string];
  else copy[key as string] = next;
  return copy;
}

/** Timestamps around the calendar's edges: month 0-13, day 0-32, hour 0-25, second 0-61, odd zones. */
export function timestampArbitrary(): fc.Arbitrary<string> {
  const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
  return fc
    .record({
      year: fc.oneof(fc.constantFrom(1900, 2000, 2023, 2024, 2025), fc.integer({ min: 0, max: 9999 })).map((n) => String(n).padStart(4, "0")),
      month: two(13),
      day: two(32),
      hour: two(25),
      minute: two(61),
      second: fc.option(two(61)),
      fraction: fc.constantFrom("", "", ".5", ".123456"),
      zone: fc.constantFrom("Z", "Z", "", "+07:00", "+0700", "-24:00", "+23:59", "+05", "z"),
    })
    .map(
      ({ year, month, day, hour, minute, second, fraction, zone }) =>
        `${year}-${month}-${day}T${hour}:${minute}${second === null ? "" : `:${second}${fraction}`}${zone}`,
    );
}

const EDGE_VALUES: Json[] = [
  "",
  " ",
  "\t",
  "x",
  "Two Words",
  null,
  true,
  false,
  [],
  {},
  [""],
  ["x"],
  [1],
  { a: 1 },
  -1,
  -0.5,
  0,
  0.5,
  0.999,
  1,
  1.0000001,
  1.5,
  2,
  2.5,
  5,
  6,
  99.5,
  100,
  100.5,
  101,
  1e21,
];

export type JsonEdit =
  | { kind: "set"; at: number; value: Json }
  | { kind: "leaf"; leaf: "number" | "string" | "timestamp"; at: number; value: Json }
  | { kind: "copy"; at: number; from: number }
  | { kind: "delete"; at: number }
  | { kind: "add"; at: number; key: string; value: Json };

/**
 * A seed with one to three edits: a node set to an edge value, a timestamp or a value copied from
 * elsewhere in the seed (so enum members, sections and lists land in the wrong place), a node
 * deleted, or a key added; and, so that rules on leaves are reached often, a number, string or
 * timestamp leaf given another value of its kind. `values` adds the protocol's own values.
 */
export function jsonMutant(seeds: readonly unknown[], values: readonly Json[] = [], keys: readonly string[] = []): fc.Arbitrary<unknown> {
  const value: fc.Arbitrary<Json> = fc.oneof(
    { arbitrary: fc.constantFrom(...EDGE_VALUES, ...values), weight: 4 },
    { arbitrary: timestampArbitrary(), weight: 1 },
    { arbitrary: fc.string({ maxLength: 6 }), weight: 1 },
    { arbitrary: fc.integer({ min: -3, max: 120 }), weight: 1 },
    { arbitrary: fc.double({ min: -2, max: 2, noNaN: true }), weight: 1 },
  );
  const numbers = fc.oneof(
    fc.constantFrom(...EDGE_VALUES.filter((edge): edge is number => typeof edge === "number")),
    fc.integer({ min: -3, max: 120 }),
    fc.double({ min: -2, max: 2, noNaN: true }),
  );
  const strings = fc.oneof(
    fc.constantFrom(...[...EDGE_VALUES, ...values].filter((edge): edge is string => typeof edge === "string")),
    fc.string({ maxLength: 6 }),
  );
  const edit: fc.Arbitrary<JsonEdit> = fc.oneof(
    fc.record({ kind: fc.constant("set" as const), at: fc.nat(), value }),
    fc.record({ kind: fc.constant("leaf" as const), leaf: fc.constant("number" as const), at: fc.nat(), value: numbers }),
    fc.record({ kind: fc.constant("leaf" as const), leaf: fc.constant("string" as const), at: fc.nat(), value: strings }),
    fc.record({ kind: fc.constant("leaf" as const), leaf: fc.constant("timestamp" as const), at: fc.nat(), value: timestampArbitrary() }),
    fc.record({ kind: fc.constant("copy" as const), at: fc.nat(), from: fc.nat() }),
    fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("add" as const), at: fc.nat(), key: fc.constantFrom("extra", ...keys), value }),
  );
  return fc.tuple(fc.nat({ max: seeds.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 })).map(([seed, edits]) => {
    let current = JSON.parse(JSON.stringify(seeds[seed])) as Json;
    for (const step of edits) current = applyEdit(current, step) ?? current;
    // What travels is JSON: no undefined, no -0.
    return JSON.parse(JSON.stringify(current)) as unknown;
  });
}

function applyEdit(value: Json, step: JsonEdit): Json | undefined {
  const paths = pathsOf(value);
  const path = paths[step.at % paths.length] ?? [];
  switch (step.kind) {
    case "set":
      return withAt(value, path, step.value);
    case "leaf": {
      const leaves = paths.filter((candidate) => {
        const leaf = getAt(value, candidate);
        if (step.leaf === "number") return typeof leaf === "number";
        return typeof leaf === "string" && (step.leaf === "string" || /^\d{4}-/.test(leaf));
      });
      const chosen = leaves[step.at % Math.max(1, leaves.length)];
      return chosen === undefined ? value : withAt(value, chosen, step.value);
    }
    case "copy":
      return withAt(value, path, getAt(value, paths[step.from % paths.length] ?? []));
    case "delete":
      return path.length === 0 ? value : withAt(value, path, undefined);
    case "add": {
      const target = getAt(value, path);
      if (target === null || typeof target !== "object" || Array.isArray(target)) return value;
      return withAt(value, path, { ...target, [step.key]: step.value });
    }
  }
}

export type TextEdit =
  | { kind: "delete" | "duplicate" | "truncate"; at: number }
  | { kind: "swap"; at: number; with: number }
  | { kind: "insert" | "replace"; at: number; line: string }
  | { kind: "attribute"; at: number; name: string; value: string };

/**
 * Text with one to three line edits: a line deleted, duplicated, swapped, replaced or inserted
 * from `lines` (markers, headers, fences, labels), the text cut short, or an attribute
 * (`| name=value`) added to a marker line (`=== ` lines, for AOP).
 */
export function textMutant(
  seeds: readonly string[],
  lines: readonly string[],
  attributes: { names: readonly string[]; values: readonly string[] } = { names: ["x"], values: ["1"] },
): fc.Arbitrary<string> {
  const line = fc.constantFrom(...lines);
  const edit: fc.Arbitrary<TextEdit> = fc.oneof(
    fc.record({ kind: fc.constantFrom("delete" as const, "duplicate" as const, "truncate" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
    fc.record({ kind: fc.constantFrom("insert" as const, "replace" as const), at: fc.nat(), line }),
    fc.record({
      kind: fc.constant("attribute" as const),
      at: fc.nat(),
      name: fc.constantFrom(...attributes.names),
      value: fc.constantFrom(...attributes.values),
    }),
  );
  return fc
    .tuple(fc.nat({ max: seeds.length - 1 }), fc.array(edit, { minLength: 1, maxLength: 3 }))
    .map(([seed, edits]) => edits.reduce(applyTextEdit, seeds[seed] ?? ""));
}

function applyTextEdit(text: string, step: TextEdit): string {
  const lines = text.split("\n");
  const at = step.at % (lines.length + 1);
  switch (step.kind) {
    case "delete":
      lines.splice(at, 1);
      break;
    case "duplicate":
      if (at < lines.length) lines.splice(at, 0, lines[at] ?? "");
      break;
    case "truncate":
      lines.length = at;
      break;
    case "swap": {
      const other = step.with % Math.max(1, lines.length);
      if (at < lines.length) [lines[at], lines[other]] = [lines[other] ?? "", lines[at] ?? ""];
      break;
    }
    case "insert":
      lines.splice(at, 0, step.line);
      break;
    case "replace":
      lines.splice(at, 1, step.line);
      break;
    case "attribute": {
      const markers = lines.flatMap((candidate, index) => (/^=== AOP-/.test(candidate) ? [index] : []));
      const index = markers[step.at % Math.max(1, markers.length)];
      if (index === undefined) break;
      const marker = lines[index] ?? "";
      const existing = new RegExp(`(\\| ${step.name}=)[^ |]*`);
      // Rewrite the attribute's value when the marker has it; otherwise add it.
      lines[index] = existing.test(marker)
        ? marker.replace(existing, (_match, head: string) => `${head}${step.value}`)
        : marker.replace(/ ===$/, ` | ${step.name}=${step.value} ===`);
      break;
    }
  }
  return lines.join("\n");
}
