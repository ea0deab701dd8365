import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import type { Inventory } from "../../src/analyze/inventory.js";
import { sortLiteralUnions } from "../../src/analyze/resolve/literal-order.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * How types are printed must not depend on the engine: fixtures/analyze/print-parity holds the
 * payloads whose `payloadType`, type reference text or schema came out differently on TypeScript 7
 * (a generic interface's arguments, `Record`, a named union joined with null, a readonly tuple,
 * literal union order, a mapped type's property order, a `#private` field, the order of a union's
 * interfaces, the `b?: never` members a union of object literals gives, template literal types
 * beside a string literal, a `Record` of literal keys, an intersection of mapped types, an inferred union
 * of string, number and boolean literals, object literals that spread, an object rest, a union of
 * results with the same property names whose members spread). Each is analysed by
 * both engines, and the TypeScript 6 answer is also pinned, so that neither drifts.
 */
const project = join(fixturesRoot, "analyze", "print-parity", "tsconfig.json");

async function inventoryOn(engineId: "ts6" | "ts7"): Promise<Inventory> {
  const engine = await loadEngine(engineId);
  const result = analyze({ project, cwd: repoRoot, engine });
  result.session.close();
  return result.inventory;
}

function printed(inventory: Inventory) {
  return Object.fromEntries(
    inventory.tools.map((tool) => [tool.name, { payloadType: tool.payloadType, text: tool.payload.type.text, schema: tool.payload.schema }]),
  );
}

const expected: Record<string, { payloadType: string; text: string }> = {
  get_box: { payloadType: "{ box: Box<Item>; }", text: '{ box: import("~/src/types.js").Box<import("~/src/types.js").Item> }' },
  count_tags: { payloadType: "{ counts: Record<string, number>; }", text: "{ counts: Record<string, number> }" },
  get_phase: { payloadType: "{ phase: Phase | null; }", text: '{ phase: import("~/src/types.js").Phase | null }' },
  get_pair: { payloadType: "{ pair: readonly [string, (number | undefined)?]; }", text: "{ pair: readonly [string, number?] }" },
  get_status: { payloadType: '{ status: "blocked" | "done" | "in_progress" | "open"; }', text: '{ status: "blocked" | "done" | "in_progress" | "open" }' },
  get_split: {
    payloadType: "{ split: { zeta: string; alpha?: Optional | undefined; mid: number; beta?: Optional | undefined; }; }",
    text: '{ split: { zeta: string; alpha?: { optional: "yes" }; mid: number; beta?: { optional: "yes" } } }',
  },
  get_article: {
    payloadType: "{ article: { title: string; summary?: string | undefined; body: string; tags?: string[] | undefined; }; }",
    text: "{ article: { title: string; summary?: string; body: string; tags?: string[] } }",
  },
  get_counter: { payloadType: "{ counter: Counter; }", text: '{ counter: import("~/src/types.js").Counter }' },
  get_shipment: {
    payloadType: "{ shipment: Backordered | Shipped | null; }",
    text: '{ shipment: import("~/src/types.js").Backordered | import("~/src/types.js").Shipped | null }',
  },
  patch_member: { payloadType: "{ patch: MemberPatch; }", text: '{ patch: import("~/src/types.js").MemberPatch }' },
  get_ticket: {
    payloadType: '{ ticket: "none" | `editor-${number}` | `viewer-${number}`; }',
    text: '{ ticket: "none" | `editor-${number}` | `viewer-${number}` }',
  },
  get_retry: {
    payloadType: '{ policy: { attempts: "forever" | 0 | 3; backoff: "exponential" | "linear" | boolean; }; }',
    text: '{ policy: { attempts: "forever" | 0 | 3; backoff: "exponential" | "linear" | boolean } }',
  },
  list_listings: {
    payloadType: "{ perPage: 20; items: { id: string; title: string; url: string; }[]; page: number; }",
    text: "{ perPage: 20; items: { id: string; title: string; url: string }[]; page: number }",
  },
  get_account: {
    payloadType: "{ account: { id: string; createdAt: string; email: string; }; }",
    text: "{ account: { id: string; createdAt: string; email: string } }",
  },
  read_file: {
    payloadType:
      '{ file: { content: { type: "text"; text: string; }[]; preview: { editorName?: string; editorPath?: string; fileName: string; fileType: "image"; mimeType: string; }; } | { content: { type: "text"; text: string; }[]; preview?: { editorName?: string; editorPath?: string; fileName: string; fileType: "text"; } | undefined; }; }',
    text: '{ file: { content: { type: "text"; text: string }[]; preview: { editorName?: string; editorPath?: string; fileName: string; fileType: "image"; mimeType: string } } | { content: { type: "text"; text: string }[]; preview?: { editorName?: string; editorPath?: string; fileName: string; fileType: "text" } } }',
  },
  get_quote: {
    payloadType: '{ quote: { kind: "estimate"; range: number[]; price?: undefined; } | { kind: "firm"; price: number; range?: undefined; }; }',
    text: '{ quote: { kind: "estimate"; range: number[]; price?: never } | { kind: "firm"; price: number; range?: never } }',
  },
};

describe("printing types: the same from TypeScript 6 and TypeScript 7", () => {
  it("fixtures/analyze/print-parity: payloadType, type text and schema of every tool", async () => {
    const ts6 = printed(await inventoryOn("ts6"));
    const ts7 = printed(await inventoryOn("ts7"));
    expect(Object.keys(ts6).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, { payloadType, text }] of Object.entries(expected)) {
      expect({ name, payloadType: ts6[name]?.payloadType, text: ts6[name]?.text }).toEqual({ name, payloadType, text });
    }
    // Declared order, not the compiler's key order; the class's #private field is not JSON.
    expect(Object.keys((ts6["get_split"]?.schema.properties as { split: { properties: object } }).split.properties)).toEqual(["zeta", "alpha", "mid", "beta"]);
    expect(Object.keys((ts6["get_article"]?.schema.properties as { article: { properties: object } }).article.properties)).toEqual([
      "title",
      "summary",
      "body",
      "tags",
    ]);
    expect(Object.keys((ts6["get_counter"]?.schema.properties as { counter: { properties: object } }).counter.properties)).toEqual(["name"]);
    // An intersection's properties as declared; a Record's undeclared literal keys by name.
    const patch = (ts6["patch_member"]?.schema.properties as { patch: { properties: { grants: { properties: object } } } }).patch;
    expect(Object.keys(patch.properties)).toEqual(["id", "email", "role", "grants"]);
    expect(Object.keys(patch.properties.grants.properties)).toEqual(["read", "write"]);
    // A spread's properties where TypeScript 7 lists them: by declaration (`page` is declared again last).
    const listings = ts6["list_listings"]?.schema as { properties: { items: { items: { properties: object } } } };
    expect(Object.keys(listings.properties)).toEqual(["perPage", "items", "page"]);
    expect(Object.keys(listings.properties.items.items.properties)).toEqual(["id", "title", "url"]);
    expect(ts7).toEqual(ts6);
  });
});

describe("sortLiteralUnions", () => {
  it("orders the members of every union by kind, then by value or name, nested ones too", () => {
    expect(sortLiteralUnions('"in_progress" | "open" | "blocked" | "done"')).toBe('"blocked" | "done" | "in_progress" | "open"');
    expect(sortLiteralUnions('{ a?: "light" | "dark" | undefined; "x:y"?: 3 | 1 | 2; f: (a: "b" | "a") => "d" | "c"; g: Foo<"z" | "y", 10 | 9>; }')).toBe(
      '{ a?: "dark" | "light" | undefined; "x:y"?: 1 | 2 | 3; f: (a: "a" | "b") => "c" | "d"; g: Foo<"y" | "z", 9 | 10>; }',
    );
    expect(sortLiteralUnions('("user" | "assistant")[] | null')).toBe('("assistant" | "user")[] | null');
    expect(sortLiteralUnions('"b" | number | "a" | string')).toBe('string | number | "a" | "b"');
    expect(sortLiteralUnions('"a|b" | "a"')).toBe('"a" | "a|b"');
    // Keywords, string and number literals, booleans, names and composite types, template literal
    // types, then null and undefined (TypeScript 7's order by kind; TypeScript 6's is by creation).
    expect(sortLiteralUnions("Zeta | Alpha | null")).toBe("Alpha | Zeta | null");
    expect(sortLiteralUnions("string | Zeta[] | number | Alpha | undefined")).toBe("string | number | Alpha | Zeta[] | undefined");
    expect(sortLiteralUnions('true | Foo | 0 | null | "a"')).toBe('"a" | 0 | true | Foo | null');
    expect(sortLiteralUnions('`x-${number}` | Foo | "none" | boolean')).toBe('"none" | boolean | Foo | `x-${number}`');
    expect(sortLiteralUnions("{ items: (Zeta | Alpha)[]; next: Page<Zeta | Alpha> | null; }")).toBe(
      "{ items: (Alpha | Zeta)[]; next: Page<Alpha | Zeta> | null; }",
    );
    expect(sortLiteralUnions('`viewer-${number}` | "none" | `editor-${number}`')).toBe('"none" | `editor-${number}` | `viewer-${number}`');
  });

  it("puts the members that say a property is absent last in every object type, by name", () => {
    expect(sortLiteralUnions('{ price?: undefined; kind: "estimate"; range: number[]; }')).toBe('{ kind: "estimate"; range: number[]; price?: undefined; }');
    expect(sortLiteralUnions("{ b?: never; a?: never; kind: string }")).toBe("{ kind: string; a?: never; b?: never }");
    expect(sortLiteralUnions('{ kind: "b"; b: number; a?: never; } | { b?: never; kind: "a"; a: string; }')).toBe(
      '{ kind: "a"; a: string; b?: never; } | { kind: "b"; b: number; a?: never; }',
    );
    // Only absent members, or none: nothing to move.
    expect(sortLiteralUnions("{ b?: never; a?: never }")).toBe("{ b?: never; a?: never }");
    expect(sortLiteralUnions("{ a?: string; b: number }")).toBe("{ a?: string; b: number }");
  });
});
