import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";

/**
 * JSON Schemas (draft 2020-12) of the MCP Tool Guidance Pattern. They mirror `validateGuidance`
 * in `runtime.ts`; the SDK tests prove the two agree on the document's examples.
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * The `guidance` object, as a sub-schema (no `$schema`): other envelopes (AORP, SmartResponse)
 * embed it as their `guidance` property.
 *
 * `warnings` and `blocked_reason` accept `null` because the document's examples send `null` for
 * "nothing to say"; `context` is never `null` in the document, so it must be an object when sent.
 * Extra fields are allowed: the document calls the schema "Extensible - Can add fields as needed".
 * The patterns are the runtime validator's: snake_case states, "tool" or "tool - description"
 * actions, no blank strings.
 */
export function guidanceObjectSchema(): JsonSchema {
  const text = { type: "string", pattern: "\\S" };
  return {
    type: "object",
    properties: {
      current_state: { type: "string", pattern: "^[a-z0-9]+(_[a-z0-9]+)*$" },
      next_action: text,
      available_actions: {
        type: "array",
        items: { type: "string", pattern: "^([A-Za-z0-9_./-]+)( - [\\s\\S]*\\S[\\s\\S]*)?$" },
      },
      warnings: { type: ["array", "null"], items: text },
      blocked_reason: { type: ["string", "null"], pattern: "\\S" },
      context: { type: "object" },
    },
    required: ["current_state", "next_action", "available_actions"],
  };
}

/**
 * The guidance envelope: the tool's payload fields with `guidance` beside them, as in the
 * document's examples. The payload schema is merged into the top level (not wrapped in `allOf`)
 * so a payload schema with `additionalProperties: false` still admits `guidance`, and its `$defs`
 * stay resolvable at `#/$defs/...`.
 *
 * An error envelope (`success: false`) must carry `error` and say why it is blocked: the document's
 * every error example carries both (runtime decision 4).
 *
 * `withGuidance` is ignored: this envelope always carries guidance.
 */
export function envelopeSchema(options: EnvelopeSchemaOptions = {}): JsonSchema {
  const payload: JsonSchema = options.payloadSchema ?? {};
  const { $schema: _ignored, ...payloadKeywords } = payload;
  if (payloadKeywords["type"] !== undefined && payloadKeywords["type"] !== "object") {
    throw new Error("guidance envelopeSchema: the payload schema must describe an object, its fields sit beside `guidance`");
  }
  const payloadProperties = isRecord(payloadKeywords["properties"]) ? payloadKeywords["properties"] : {};
  const payloadRequired = Array.isArray(payloadKeywords["required"])
    ? payloadKeywords["required"].filter((name): name is string => typeof name === "string" && name !== "guidance")
    : [];
  const payloadAllOf = Array.isArray(payloadKeywords["allOf"]) ? payloadKeywords["allOf"] : [];

  return {
    ...payloadKeywords,
    $schema: DRAFT_2020_12,
    type: "object",
    properties: { ...payloadProperties, guidance: guidanceObjectSchema() },
    required: [...payloadRequired, "guidance"],
    allOf: [...payloadAllOf, errorsCarryBlockedReason()],
  };
}

function errorsCarryBlockedReason(): JsonSchema {
  return {
    if: { properties: { success: { const: false } }, required: ["success"] },
    then: {
      properties: {
        error: { type: "string", pattern: "\\S" },
        guidance: {
          properties: { blocked_reason: { type: "string", pattern: "\\S" } },
          required: ["blocked_reason"],
        },
      },
      required: ["error"],
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
