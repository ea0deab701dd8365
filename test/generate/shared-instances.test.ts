import { describe, expect, it } from "vitest";
import { outputSchema } from "../../src/generate/output-schema.js";
import { planSharing, renderJson } from "../../src/generate/shared-values.js";
import { zodModule, zodModuleView, zodView } from "../../src/generate/zod-source.js";
import type { JsonSchema } from "../../src/protocols/protocol.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { tool } from "./inventory-builders.js";

/**
 * A protocol's envelope layers are one instance in every tool's output schema, and generation's
 * translation and sharing meet each instance once, not once a tool: at 1,000 tools that was a
 * third of `generate()`. What they produce must be what distinct copies of the same schemas give.
 */

const aorp = getProtocol("aorp");

function payloadSchema(index: number): JsonSchema {
  return { type: "object", properties: { [`field${index}`]: { type: "string" }, count: { type: "integer", minimum: index } }, required: [`field${index}`] };
}

function schemasOf(count: number, withGuidance = false): { name: string; schema: JsonSchema }[] {
  return Array.from({ length: count }, (_, index) => {
    const entry = tool(`tool_${index}`, { payload: { type: { text: "Result", exact: true }, schema: payloadSchema(index) } });
    return { name: entry.name, schema: outputSchema(aorp, entry, withGuidance) };
  });
}

/** The same schemas with no object shared between them. */
function cloned<T>(value: T): T {
  return structuredClone(value);
}

describe("AORP's envelope layers are one frozen instance in every schema", () => {
  it("shares the layers and the error form, and keeps each schema's own top apart", () => {
    const [first, second] = schemasOf(2).map((entry) => entry.schema as Record<string, Record<string, unknown>>);
    for (const layer of ["immediate", "actionable", "quality", "details"]) {
      expect(first!["properties"]![layer]).toBe(second!["properties"]![layer]);
      expect(Object.isFrozen(first!["properties"]![layer])).toBe(true);
    }
    expect(first!["then"]).toBe(second!["then"]);
    expect(first!["properties"]).not.toBe(second!["properties"]);
    expect(first!["required"]).not.toBe(second!["required"]);
  });

  it("adds the guidance field to one schema without reaching the shared layers or a schema without it", () => {
    const plain = aorp.envelopeSchema({ payloadSchema: payloadSchema(1) }) as Record<string, Record<string, unknown>>;
    const guided = aorp.envelopeSchema({ payloadSchema: payloadSchema(1), withGuidance: true, strict: true }) as Record<string, Record<string, unknown>>;
    expect(Object.keys(guided["properties"]!)).toContain("guidance");
    expect(Object.keys(plain["properties"]!)).not.toContain("guidance");
    expect(plain["required"]).not.toContain("guidance");
    expect(() => {
      (plain["properties"]!["immediate"] as Record<string, unknown>)["type"] = "array";
    }).toThrow(TypeError);
  });
});

describe("SmartResponseV2's and the Guidance Pattern's fixed parts are one frozen instance in every schema", () => {
  it("shares what holds no payload, and keeps apart what does", () => {
    const smart = getProtocol("smart-v2");
    const [first, second] = [1, 2].map(
      (index) => smart.envelopeSchema({ payloadSchema: payloadSchema(index) }) as Record<string, Record<string, Record<string, unknown>>>,
    );
    const shared = Object.keys(first!["properties"]!).filter((key) => first!["properties"]![key] === second!["properties"]![key]);
    expect(shared.length).toBeGreaterThan(0);
    for (const key of shared) expect(Object.isFrozen(first!["properties"]![key])).toBe(true);
    // `data` holds the payload (`data.processed`): each tool its own.
    expect(first!["properties"]!["data"]).not.toBe(second!["properties"]!["data"]);
    expect(JSON.stringify(first!["properties"]!["data"])).toContain("field1");
  });

  it("embeds one guidance object per form", () => {
    const guidance = (strict: boolean, index: number): unknown =>
      (aorp.envelopeSchema({ payloadSchema: payloadSchema(index), withGuidance: true, strict }) as Record<string, Record<string, unknown>>)["properties"]![
        "guidance"
      ];
    expect(guidance(false, 1)).toBe(guidance(false, 2));
    expect(guidance(true, 1)).toBe(guidance(true, 2));
    expect(guidance(true, 1)).not.toBe(guidance(false, 1));
    expect(Object.isFrozen(guidance(true, 1))).toBe(true);
  });
});

describe("the zod translation meets a shared instance once", () => {
  it("translates a shared layer to one shared view, equal to a copy's", () => {
    const [first, second] = schemasOf(2).map((entry) => zodView(entry.schema) as Record<string, Record<string, unknown>>);
    expect(first!["properties"]!["immediate"]).toBe(second!["properties"]!["immediate"]);
    expect(first!["properties"]!["quality"]).toBe(second!["properties"]!["quality"]);
    expect(zodView(cloned(schemasOf(1)[0]!.schema))).toEqual(zodView(schemasOf(1)[0]!.schema));
  });

  it("writes the same zod module for shared instances as for distinct copies, with and without guidance", () => {
    for (const withGuidance of [false, true]) {
      const schemas = schemasOf(30, withGuidance);
      const view = zodModuleView(zodModule(schemas));
      expect(view).toEqual(zodModuleView(zodModule(cloned(schemas))));
      expect(view.hasParts).toBe(true);
    }
  });
});

describe("planSharing walks an object met many times at most twice", () => {
  it("gives the plan that distinct copies give, walking the shared layer three times at 1,000 roots, not 2,000", () => {
    const roots = schemasOf(1000).map((entry) => entry.schema);
    const layer = (roots[0] as Record<string, Record<string, unknown>>)["properties"]!["immediate"];
    let walksOfLayer = 0;
    const childrenOf = (value: object): readonly unknown[] => {
      if (value === layer) walksOfLayer++;
      return Array.isArray(value) ? value : Object.values(value);
    };
    const plan = planSharing(roots, { prefix: "S_", minSize: 120, childrenOf });
    // Twice to count, once to order.
    expect(walksOfLayer).toBe(3);

    const copies = cloned(roots);
    const copyPlan = planSharing(copies, { prefix: "S_", minSize: 120 });
    const rendered = (value: unknown, nameOf: ReadonlyMap<unknown, string>, self?: unknown): string => renderJson(value, nameOf, "", self);
    expect(plan.shared.map(({ name, value }) => [name, rendered(value, plan.nameOf, value)])).toEqual(
      copyPlan.shared.map(({ name, value }) => [name, rendered(value, copyPlan.nameOf, value)]),
    );
    expect(roots.map((root) => rendered(root, plan.nameOf))).toEqual(copies.map((root) => rendered(root, copyPlan.nameOf)));
    expect(plan.shared.length).toBeGreaterThan(0);
  });
});
