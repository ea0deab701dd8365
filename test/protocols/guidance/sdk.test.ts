import { describe, expect, it } from "vitest";
import { toCallToolResult, type Guidance } from "../../../src/protocols/guidance/runtime.js";
import { envelopeSchema } from "../../../src/protocols/guidance/schema.js";
import { sdkRoundTrip } from "../../helpers/sdk-roundtrip.js";
import { readJson } from "./fixtures.js";

type Envelope = { [key: string]: unknown; guidance: Guidance };
const example = (name: string) => readJson("examples", `${name}.json`) as Envelope;

describe("Guidance envelope schema as the SDK's outputSchema", () => {
  it("is listed unchanged and lets a correct envelope through", async () => {
    const schema = envelopeSchema();
    const outcome = await sdkRoundTrip({ outputSchema: schema, result: toCallToolResult(example("envelope-example-4-review-in-progress")) });
    expect(outcome.ok).toBe(true);
    expect(outcome.listedTool?.outputSchema).toEqual(schema);
    expect(schema).toMatchObject({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" });
  });

  it("lets an error envelope with blocked_reason through", async () => {
    const outcome = await sdkRoundTrip({
      outputSchema: envelopeSchema(),
      result: toCallToolResult(example("envelope-example-3-error-with-recovery-guidance")),
    });
    expect(outcome.ok).toBe(true);
  });

  it("makes the client reject a response without guidance", async () => {
    const { guidance: _dropped, ...payload } = example("envelope-example-1-successful-task-creation");
    const outcome = await sdkRoundTrip({
      outputSchema: envelopeSchema(),
      result: { content: [{ type: "text", text: JSON.stringify(payload) }], structuredContent: payload },
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/must have required property 'guidance'/);
  });

  it("with strict, makes the client reject an error without blocked_reason; without, lets it through (decision 4)", async () => {
    const broken = example("envelope-example-3-error-with-recovery-guidance");
    broken.guidance.blocked_reason = null;
    const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema({ strict: true }), result: toCallToolResult(broken) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.message).toMatch(/guidance\/blocked_reason must be string/);
    expect((await sdkRoundTrip({ outputSchema: envelopeSchema(), result: toCallToolResult(broken) })).ok).toBe(true);
  });

  describe("with a payload schema", () => {
    const payloadSchema = {
      type: "object",
      properties: { success: { type: "boolean" }, review_status: { $ref: "#/$defs/status" } },
      required: ["success", "review_status"],
      additionalProperties: false,
      $defs: { status: { enum: ["in_progress", "complete"] } },
    };

    it("admits guidance beside a closed payload and resolves the payload's $defs", async () => {
      const outcome = await sdkRoundTrip({
        outputSchema: envelopeSchema({ payloadSchema }),
        result: toCallToolResult(example("envelope-example-4-review-in-progress")),
      });
      expect(outcome.ok).toBe(true);
    });

    it("rejects a payload field that breaks it", async () => {
      const broken = { ...example("envelope-example-4-review-in-progress"), review_status: "stalled" };
      const outcome = await sdkRoundTrip({ outputSchema: envelopeSchema({ payloadSchema }), result: toCallToolResult(broken) });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.message).toMatch(/review_status must be equal to one of the allowed values/);
    });

    it("refuses a payload schema that is not an object", () => {
      expect(() => envelopeSchema({ payloadSchema: { type: "array" } })).toThrow(/must describe an object/);
    });
  });
});
