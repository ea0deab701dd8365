import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../src/protocols/protocol.js";
import { smartV2Protocol } from "../../../src/protocols/smart-v2/index.js";
import { toCallToolResult, type SmartResponseV2 } from "../../../src/protocols/smart-v2/runtime.js";
import { envelopeSchema } from "../../../src/protocols/smart-v2/schema.js";
import { sdkRoundTrip } from "../../helpers/sdk-roundtrip.js";
import { exampleManifest, invalidCases, quickReference, readJson } from "./fixtures.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });

/** The sub-schema at an envelope pointer, following `properties` like `smartShapeAt` does. */
function subSchema(schema: JsonSchema, pointer: string): JsonSchema {
  let current = schema;
  for (const token of pointer.split("/").slice(1)) current = (current["properties"] as Record<string, JsonSchema>)[token]!;
  return current;
}

const payloadSchema: JsonSchema = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object",
  properties: { fairValue: { $ref: "#/$defs/money" } },
  required: ["fairValue"],
  $defs: { money: { type: "number", minimum: 0 } },
};

describe("smart-v2 envelopeSchema", () => {
  it("is a draft 2020-12 object schema that a strict Ajv compiles", () => {
    const schema = envelopeSchema();
    expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema["type"]).toBe("object");
    expect(schema["required"]).toEqual(["summary", "data", "metadata", "recommendations", "context"]);
    expect(subSchema(schema, "/data/processed")).toEqual({});
    expect(() => ajv.compile(schema)).not.toThrow();
    expect(smartV2Protocol.envelopeSchema()).toEqual(schema);
  });

  it("accepts every golden example at its place, like the validator", () => {
    const schema = envelopeSchema();
    for (const entry of exampleManifest()) {
      const validate = ajv.compile(subSchema(schema, entry.at));
      expect(validate(readJson("examples", entry.file)), `${entry.file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      if (entry.asPrinted) expect(validate(readJson("examples", entry.asPrinted.file)), entry.asPrinted.file).toBe(false);
    }
  });

  it("rejects every malformed envelope the validator rejects", () => {
    const validate = ajv.compile(envelopeSchema());
    const envelopeCases = invalidCases().filter((c) => !(typeof c.input === "object" && c.input !== null && "content" in c.input));
    expect(envelopeCases.length).toBeGreaterThanOrEqual(10);
    for (const testCase of envelopeCases) {
      expect(validate(testCase.input), testCase.name).toBe(false);
      const paths = new Set((validate.errors ?? []).map((error) => error.instancePath));
      for (const problem of testCase.expected) {
        // Ajv reports a missing property at its parent, and a forbidden one by its own path.
        const parent = problem.path.slice(0, problem.path.lastIndexOf("/"));
        expect(paths.has(problem.path) || paths.has(parent), `${testCase.name} at ${problem.path}`).toBe(true);
      }
    }
  });

  it("fills data.processed with the payload schema and hoists its $defs to the root", () => {
    const schema = envelopeSchema({ payloadSchema });
    expect(subSchema(schema, "/data/processed")).toEqual({
      type: "object",
      properties: { fairValue: { $ref: "#/$defs/money" } },
      required: ["fairValue"],
    });
    expect(schema["$defs"]).toEqual({ money: { type: "number", minimum: 0 } });
    const validate = ajv.compile(schema);
    const envelope = quickReference() as Record<string, any>;
    envelope["data"].processed = { fairValue: 180 };
    expect(validate(envelope)).toBe(true);
    envelope["data"].processed = { fairValue: -1 };
    expect(validate(envelope)).toBe(false);
  });

  it("leaves a payload schema with its own $id intact", () => {
    const own = { $id: "https://example.com/payload", type: "object", $defs: { x: { type: "string" } } };
    const schema = envelopeSchema({ payloadSchema: own });
    expect(subSchema(schema, "/data/processed")).toEqual(own);
    expect(schema["$defs"]).toBeUndefined();
  });

  it("withGuidance adds a required guidance property beside the seven sections", () => {
    const schema = envelopeSchema({ withGuidance: true });
    expect(schema["required"]).toEqual(["summary", "data", "metadata", "recommendations", "context", "guidance"]);
    const validate = ajv.compile(schema);
    const envelope = quickReference();
    expect(validate(envelope)).toBe(false);
    expect(validate({ ...envelope, guidance: { current_state: "valuation_done", next_action: "Verify", available_actions: [] } })).toBe(true);
  });
});

describe("smart-v2 envelopeSchema against the MCP SDK's own validation", () => {
  const outputSchema = envelopeSchema({ payloadSchema });
  const valid = (): SmartResponseV2<{ fairValue: number }> => {
    const envelope = quickReference() as unknown as SmartResponseV2<{ fairValue: number }>;
    envelope.data.processed = { fairValue: 180 };
    return envelope;
  };

  it("a correct envelope passes through a real McpServer and Client", async () => {
    const outcome = await sdkRoundTrip({ outputSchema, result: toCallToolResult(valid()) });
    expect(outcome.ok, outcome.ok ? "" : outcome.error.message).toBe(true);
    if (outcome.ok) {
      expect(outcome.result.structuredContent).toEqual(valid());
      expect(outcome.listedTool.outputSchema).toEqual(outputSchema);
      expect(smartV2Protocol.validate(outcome.result)).toEqual([]);
    }
  });

  it("a broken envelope fails the Client's outputSchema check", async () => {
    const broken = valid() as unknown as Record<string, any>;
    broken["summary"].confidence.score = 82;
    const outcome = await sdkRoundTrip({ outputSchema, result: toCallToolResult(broken as SmartResponseV2) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/structured content does not match the tool's output schema/i);
  });

  it("a payload that breaks the payload schema fails too", async () => {
    const wrongPayload = valid() as unknown as SmartResponseV2<unknown>;
    wrongPayload.data.processed = { fairValue: "a lot" };
    const outcome = await sdkRoundTrip({ outputSchema, result: toCallToolResult(wrongPayload) });
    expect(outcome.ok).toBe(false);
  });

  it("withGuidance: the guidance field is required by the SDK as well", async () => {
    const withGuidance = envelopeSchema({ payloadSchema, withGuidance: true });
    expect((await sdkRoundTrip({ outputSchema: withGuidance, result: toCallToolResult(valid()) })).ok).toBe(false);
    const guided = { ...valid(), guidance: { current_state: "valuation_done", next_action: "Verify with DCF", available_actions: ["calculate_dcf"] } };
    const outcome = await sdkRoundTrip({ outputSchema: withGuidance, result: toCallToolResult(guided) });
    expect(outcome.ok, outcome.ok ? "" : outcome.error.message).toBe(true);
  });
});
