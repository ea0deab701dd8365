import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";
import { GUIDANCE_ACTION_PATTERN, GUIDANCE_STATE_PATTERN } from "./runtime.js";
import { deepFreeze } from "../deep-freeze.js";

/**
 * JSON Schemas (draft 2020-12) of the MCP Tool Guidance Pattern. They mirror `validateGuidance`
 * and `validateGuidanceEnvelope` in `runtime.ts`, with or without `strict` (the property test in
 * test/protocols/schema-agreement.test.ts holds them to it).
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

/**
 * The `guidance` object, as a sub-schema (no `$schema`): other envelopes (AORP, SmartResponse)
 * embed it as their `guidance` property.
 *
 * `warnings` and `blocked_reason` accept `null` because the document's examples send `null` for
 * "nothing to say"; `context` is never `null` in the document, so it must be an object when sent.
 * Extra fields are allowed: the document calls the schema "Extensible - Can add fields as needed".
 * No blank strings. `strict` adds the runtime's strict patterns: snake_case states, "tool" or
 * "tool - description" actions (runtime decisions 1 and 3).
 */
export function guidanceObjectSchema(options: { strict?: boolean } = {}): JsonSchema {
  // One frozen instance per form, the same in every tool's schema (see aorp/schema.ts).
  return options.strict === true ? STRICT_GUIDANCE_OBJECT : GUIDANCE_OBJECT;
}

function buildGuidanceObjectSchema(options: { strict?: boolean }): JsonSchema {
  const text = { type: "string", pattern: "\\S" };
  const strict = options.strict === true;
  return {
    type: "object",
    properties: {
      current_state: strict ? { type: "string", pattern: GUIDANCE_STATE_PATTERN } : text,
      next_action: text,
      available_actions: { type: "array", items: strict ? { type: "string", pattern: GUIDANCE_ACTION_PATTERN } : text },
      warnings: { type: ["array", "null"], items: text },
      blocked_reason: { type: ["string", "null"], pattern: "\\S" },
      context: { type: "object" },
    },
    required: ["current_state", "next_action", "available_actions"],
  };
}

const GUIDANCE_OBJECT = deepFreeze(buildGuidanceObjectSchema({ strict: false }));
const STRICT_GUIDANCE_OBJECT = deepFreeze(buildGuidanceObjectSchema({ strict: true }));

/**
 * The guidance envelope: the tool's payload fields with `guidance` beside them, as in the
 * document's examples. The payload schema is merged into the top level (not wrapped in `allOf`)
 * so a payload schema with `additionalProperties: false` still admits `guidance`, and its `$defs`
 * stay resolvable at `#/$defs/...`.
 *
 * An error envelope (`success: false`) must carry `error`; with `strict` it must also say why it is
 * blocked, as the document's every error example does (runtime decision 4).
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

  const strict = options.strict === true;
  return {
    ...payloadKeywords,
    $schema: DRAFT_2020_12,
    type: "object",
    properties: { ...payloadProperties, guidance: guidanceObjectSchema({ strict }) },
    required: [...payloadRequired, "guidance"],
    allOf: [...payloadAllOf, errorEnvelopeRules(strict)],
  };
}

/** An error envelope carries `error`; under `strict`, its guidance a `blocked_reason` (decision 4). */
function errorEnvelopeRules(strict: boolean): JsonSchema {
  const then: JsonSchema = { properties: { error: { type: "string", pattern: "\\S" } }, required: ["error"] };
  if (strict) (then["properties"] as JsonSchema)["guidance"] = errorGuidanceRule();
  return { if: { properties: { success: { const: false } }, required: ["success"] }, then };
}

/** Error guidance says what blocks the caller (strict, runtime decision 4); AORP's composed errors reuse it. */
export function errorGuidanceRule(): JsonSchema {
  return { properties: { blocked_reason: { type: "string", pattern: "\\S" } }, required: ["blocked_reason"] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
