import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../../src/analyze/analyze.js";
import type { Inventory, JsonSchemaObject } from "../../../src/analyze/inventory.js";
import * as payloads from "../../../fixtures/analyze/payload-types/src/payloads.js";
import { fixturesRoot } from "../../helpers/fixtures.js";

/**
 * `payload.schema`: the JSON Schema (2020-12) of what the payload becomes on the wire. The real
 * values the fixture's tools return, put through JSON, must validate; values that break the type
 * must not.
 */

const fixture = join(fixturesRoot, "analyze", "payload-types");
let inventory: Inventory;
beforeAll(() => {
  inventory = analyze({ project: fixture, cwd: fixturesRoot }).inventory;
});

function schemaOf(name: string): JsonSchemaObject {
  const tool = inventory.tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.payload.schema;
}

function validator(schema: JsonSchemaObject) {
  // Strict, except for tuples with optional elements, which strict mode only lints (minItems < prefixItems).
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true });
  ajv.addFormat("date-time", /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  return ajv.compile(schema);
}

const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** What each tool returns, and values of the wrong shape. */
const cases: Record<string, { real: unknown[]; wrong: unknown[] }> = {
  get_reading: {
    real: [payloads.reading(), { ...payloads.reading(), note: undefined, gust: undefined }],
    wrong: [
      { ...payloads.reading(), celsius: "12.5" },
      { ...payloads.reading(), status: "fine" },
      { ...payloads.reading(), location: [1] },
      { ...payloads.reading(), takenAt: "yesterday" },
    ],
  },
  get_page: {
    real: [payloads.page()],
    wrong: [
      { items: [{ id: 1, name: "x" }], total: 1, next: null },
      { items: [], total: 0 },
    ],
  },
  get_internal: {
    real: [payloads.internal()],
    wrong: [
      { ...payloads.internal(), counts: { ok: "2" } },
      { ...payloads.internal(), pair: ["a", 1, 2] },
    ],
  },
  get_tree: { real: [payloads.tree()], wrong: [{ label: "root", children: [{ label: "leaf", children: [] }], parent: null }] },
  get_json: { real: [payloads.json(), 1, "x", null, [true]], wrong: [] },
  get_category: { real: [payloads.category()], wrong: [{ name: "a", children: [{ name: 2, children: [] }] }] },
  get_card: { real: [payloads.card()], wrong: [{ server: { name: "x" }, since: new Date(0) }] },
  get_error: { real: [payloads.mcpError()], wrong: [{ code: "bad" }] },
  get_implementation: { real: [payloads.implementation()], wrong: [{ name: "x" }] },
  get_issues: {
    real: [payloads.issues(), [{ code: "invalid_type", expected: "string", received: "number", path: ["a", 0], message: "Expected string" }]],
    wrong: [[{ code: "custom", path: "city", message: "x" }], [{ code: "nonsense", path: [], message: "x" }]],
  },
  get_boxed: { real: [payloads.boxed()], wrong: [{ value: { items: [{ x: "0", y: 0 }], total: 1, next: null }, label: "o" }] },
  get_level: { real: [payloads.level(), "high"], wrong: ["Low", 1] },
  get_optional: { real: [payloads.optional(), { id: "x", label: "y", when: new Date(0) }], wrong: [{ label: "y" }, { id: "x", when: "not a date" }] },
  get_either: {
    real: [payloads.alpha(), payloads.beta()],
    wrong: [
      { kind: "alpha", names: ["x"] },
      { kind: "gamma", count: 1 },
    ],
  },
};

describe("payload.schema", () => {
  it("has a case for every tool of the fixture", () => {
    expect(inventory.tools.map((t) => t.name).sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [name, { real, wrong }] of Object.entries(cases)) {
    it(`${name}: real values validate, wrong ones do not`, () => {
      const validate = validator(schemaOf(name));
      for (const value of real) {
        const ok = validate(wire(value));
        expect(ok, `${JSON.stringify(wire(value))}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      for (const value of wrong) expect(validate(wire(value)), JSON.stringify(wire(value))).toBe(false);
    });
  }

  it("writes what JSON makes of the types", () => {
    const reading = schemaOf("get_reading");
    const properties = reading["properties"] as Record<string, JsonSchemaObject>;
    // Declaration order, methods dropped, optional members not required, Date as a date-time string.
    expect(Object.keys(properties)).toEqual(["station", "celsius", "takenAt", "note", "gust", "status", "level", "tags", "location", "extra"]);
    expect(reading["required"]).toEqual(["station", "celsius", "takenAt", "status", "level", "tags", "location", "extra"]);
    expect(properties["takenAt"]).toEqual({ type: "string", format: "date-time" });
    expect(properties["status"]).toEqual({ enum: ["degraded", "down", "ok"] });
    expect(properties["location"]).toEqual({ type: "array", prefixItems: [{ type: "number" }, { type: "number" }], minItems: 2, maxItems: 2 });
    expect(properties["extra"]).toEqual({ type: "object", additionalProperties: { type: "number" } });
    expect(reading["additionalProperties"]).toBeUndefined();
    // A class: accessors and methods are not own data; `#private` fields are never serialised.
    const station = ((schemaOf("get_page")["properties"] as Record<string, JsonSchemaObject>)["items"] as JsonSchemaObject)["items"];
    expect(station).toEqual({ type: "object", properties: { id: { type: "string" }, name: { type: "string" } }, required: ["id", "name"] });
    // Functions vanish; `undefined` makes a member optional.
    const optional = schemaOf("get_optional");
    expect(Object.keys(optional["properties"] as object)).toEqual(["id", "label", "when", "big"]);
    expect(optional["required"]).toEqual(["id"]);
    expect(schemaOf("get_level")).toEqual({ enum: ["high", "low"] });
  });

  it("puts named types that refer to themselves in sorted $defs", () => {
    expect(schemaOf("get_category")).toEqual({
      $ref: "#/$defs/Category",
      $defs: {
        Category: {
          type: "object",
          properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/Category" } } },
          required: ["name", "children"],
        },
      },
    });
    const tree = schemaOf("get_tree");
    expect(Object.keys(tree["$defs"] as object)).toEqual(["TreeNode"]);
    const issues = schemaOf("get_issues");
    expect(issues["items"]).toEqual({ $ref: "#/$defs/ZodIssue" });
    expect(Object.keys(issues["$defs"] as object)).toEqual(["ZodIssue"]);
    for (const tool of inventory.tools) {
      const defs = Object.keys((tool.payload.schema["$defs"] as object | undefined) ?? {});
      expect(defs).toEqual([...defs].sort());
    }
  });
});
