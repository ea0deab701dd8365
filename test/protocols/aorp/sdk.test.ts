import { describe, expect, it } from "vitest";
import { toCallToolResult, type AORPResponse } from "../../../src/protocols/aorp/runtime.js";
import { envelopeSchema } from "../../../src/protocols/aorp/schema.js";
import { guidanceObjectSchema } from "../../../src/protocols/guidance/schema.js";
import { sdkRoundTrip } from "../../helpers/sdk-roundtrip.js";
import { readJson } from "./fixtures.js";

const example = (name: string) => readJson("examples", `${name}.json`) as AORPResponse;

describe("AORP envelope schema as the SDK's outputSchema", () => {
  it("is listed unchanged and lets a correct envelope through", async () => {
    const schema = envelopeSchema();
    const outcome = await sdkRoundTrip({ outputSchema: schema, result: toCallToolResult(example("universal-build-aorp-response")) });
    expect(outcome.ok).toBe(true);
    expect(outcome.listedTool?.outputSchema).toEqual(schema);
    expect(schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" });
  });

  it("lets an error envelope through", async () => {
    const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema(), result: toCallToolResult(example("error-response")) });
    expect(outcome.ok).toBe(true);
  });

  it("makes the client reject an out-of-range confidence", async () => {
    const broken = example("analysis-response");
    broken.immediate.confidence = 1.2;
    const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema(), result: toCallToolResult(broken) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/output schema: .*immediate\/confidence must be <= 1/);
  });

  it("makes the client reject a missing layer", async () => {
    const { quality: _dropped, ...broken } = example("analysis-response");
    const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema(), result: toCallToolResult(broken as AORPResponse) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/must have required property 'quality'/);
  });

  it("makes the client reject an error envelope that claims confidence", async () => {
    const broken = example("error-response");
    broken.immediate.confidence = 0.5;
    const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema(), result: toCallToolResult(broken) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/immediate\/confidence must be equal to constant/);
  });

  describe("with a payload schema", () => {
    // A payload schema with its own $defs: they must still resolve once nested in details.data.
    const payloadSchema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { answered: { type: "array", items: { $ref: "#/$defs/perspective" } }, pending: { type: "array" } },
      required: ["answered"],
      $defs: { perspective: { type: "string", minLength: 1 } },
    };

    it("accepts a payload that fits it", async () => {
      const outcome = await sdkRoundTrip({
        outputSchema: envelopeSchema({ payloadSchema }),
        result: toCallToolResult(example("universal-build-aorp-response")),
      });
      expect(outcome.ok).toBe(true);
    });

    it("rejects a payload that does not", async () => {
      const broken = example("universal-build-aorp-response");
      broken.details.data = { answered: [""] };
      const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema({ payloadSchema }), result: toCallToolResult(broken) });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.message).toMatch(/details\/data\/answered\/0 must NOT have fewer than 1 characters/);
    });

    it("does not apply it to error envelopes, whose data is the error's", async () => {
      const outcome = await sdkRoundTrip({
        outputSchema: envelopeSchema({ payloadSchema }),
        result: toCallToolResult(example("error-response")),
      });
      expect(outcome.ok).toBe(true);
    });
  });

  describe("withGuidance", () => {
    const guidance = {
      current_state: "analysis_partial",
      next_action: "Wait for the security perspective",
      available_actions: ["continue_analysis - Complete current operation"],
      warnings: null,
      blocked_reason: null,
    };

    it("adds a required guidance property built from guidanceObjectSchema", () => {
      const schema = envelopeSchema({ withGuidance: true });
      expect((schema["properties"] as Record<string, unknown>)["guidance"]).toEqual(guidanceObjectSchema());
      expect(schema["required"]).toContain("guidance");
      expect(envelopeSchema()["required"]).not.toContain("guidance");
    });

    it("accepts guidance beside the layers", async () => {
      const envelope = { ...example("universal-build-aorp-response"), guidance };
      const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema({ withGuidance: true }), result: toCallToolResult(envelope) });
      expect(outcome.ok).toBe(true);
    });

    it("rejects a response without guidance", async () => {
      const outcome = await sdkRoundTrip({
        outputSchema: envelopeSchema({ withGuidance: true }),
        result: toCallToolResult(example("universal-build-aorp-response")),
      });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.message).toMatch(/must have required property 'guidance'/);
    });

    it("with strict, rejects an error whose guidance does not say what blocks it; without, accepts it", async () => {
      const envelope = { ...example("error-response"), guidance };
      const strict = await sdkRoundTrip({ outputSchema: envelopeSchema({ withGuidance: true, strict: true }), result: toCallToolResult(envelope) });
      expect(strict.ok).toBe(false);
      if (!strict.ok) expect(strict.error.message).toMatch(/guidance\/blocked_reason must be string/);
      const lenient = await sdkRoundTrip({ outputSchema: envelopeSchema({ withGuidance: true }), result: toCallToolResult(envelope) });
      expect(lenient.ok).toBe(true);
    });
  });
});
