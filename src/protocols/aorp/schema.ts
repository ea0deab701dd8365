import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";
import { errorGuidanceRule, guidanceObjectSchema } from "../guidance/schema.js";
import { AORP_DATE_TIME_PATTERN } from "./runtime.js";
import { deepFreeze } from "../deep-freeze.js";

/**
 * JSON Schema (draft 2020-12) of the AORP envelope, mirroring `validateAORP` in `runtime.ts`
 * (the tests run every golden and every malformed fixture through both). It uses only keywords
 * that draft-07 validators read the same way, because the SDK's client validates `outputSchema`
 * with ajv's default (draft-07) class.
 *
 * An envelope whose `immediate.status` is "error" follows the Error Handling Schema; only the
 * others carry the tool's payload in `details.data` (runtime decision 3).
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

const text = { type: "string", pattern: "\\S" };
const score = { type: "number", minimum: 0, maximum: 1 };
const count = { type: "integer", minimum: 0 };
const texts = { type: "array", items: text };
const timestamp = { type: "string", pattern: AORP_DATE_TIME_PATTERN };

function object(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { type: "object", properties, required };
}

function successLayers(): JsonSchema {
  return object(
    {
      immediate: object(
        {
          status: { enum: ["success", "error", "partial", "pending"] },
          key_insight: text,
          confidence: score,
          session_id: text,
        },
        ["status", "key_insight", "confidence"],
      ),
      actionable: object(
        {
          next_steps: texts,
          recommendations: object({ primary: text, secondary: texts }, ["primary"]),
          workflow_guidance: text,
        },
        ["next_steps", "recommendations", "workflow_guidance"],
      ),
      quality: object(
        {
          completeness: score,
          reliability: score,
          urgency: { enum: ["low", "medium", "high", "critical"] },
          indicators: object({ total_perspectives: count, active_responses: count, errors: count, abstentions: count }, []),
        },
        ["completeness", "reliability", "urgency", "indicators"],
      ),
      details: object(
        {
          summary: text,
          data: {},
          metadata: object({ timestamp, operation_time_ms: { type: "number", minimum: 0 }, compression_stats: { type: "object" } }, ["timestamp"]),
          debug: {},
        },
        ["summary", "data", "metadata"],
      ),
    },
    ["immediate", "actionable", "quality", "details"],
  );
}

function errorLayers(): JsonSchema {
  return object(
    {
      immediate: object({ confidence: { const: 0 } }, ["confidence"]),
      actionable: object({ recommendations: object({ secondary: texts }, ["secondary"]) }, ["recommendations"]),
      quality: object(
        {
          completeness: { const: 0 },
          reliability: { const: 0 },
          urgency: { enum: ["high", "critical"] },
          indicators: object({ error_type: text, recoverable: { type: "boolean" }, retry_suggested: { type: "boolean" } }, [
            "error_type",
            "recoverable",
            "retry_suggested",
          ]),
        },
        ["completeness", "reliability", "urgency", "indicators"],
      ),
      details: object(
        {
          data: object({ error_code: text, error_message: text, context: {} }, ["error_code", "error_message", "context"]),
          metadata: object({ error_id: text }, ["error_id"]),
        },
        ["data", "metadata", "debug"],
      ),
    },
    [],
  );
}

const isErrorEnvelope: JsonSchema = {
  properties: { immediate: { properties: { status: { const: "error" } }, required: ["status"] } },
  required: ["immediate"],
};

/**
 * The envelope schema; `payloadSchema` fills `details.data` of non-error envelopes. Its `$defs`
 * are hoisted to the top so its `#/$defs/...` references still resolve once it is nested.
 * `withGuidance` adds a required `guidance` (the Guidance Pattern's object); with `strict`, an error
 * envelope's guidance must then say what blocks it (the guidance runtime's decision 4).
 */
export function envelopeSchema(options: EnvelopeSchemaOptions = {}): JsonSchema {
  const { $schema: _ignored, $defs, ...payload } = options.payloadSchema ?? {};
  const success = SUCCESS_LAYERS as { type: string; properties: Record<string, JsonSchema>; required: string[] };
  const schema: JsonSchema = {
    $schema: DRAFT_2020_12,
    type: success.type,
    properties: { ...success.properties },
    required: [...success.required],
    if: isErrorEnvelope,
    then: ERROR_LAYERS,
    else: { properties: { details: { properties: { data: payload } } } },
  };
  if ($defs !== undefined) schema["$defs"] = $defs;
  if (options.withGuidance === true) {
    const properties = schema["properties"] as Record<string, JsonSchema>;
    const required = schema["required"] as string[];
    properties["guidance"] = guidanceObjectSchema({ strict: options.strict === true });
    required.push("guidance");
    if (options.strict === true) schema["then"] = { allOf: [ERROR_LAYERS, { properties: { guidance: errorGuidanceRule() } }] };
  }
  return schema;
}

/**
 * The layers are the same in every tool's schema, so every schema holds the same two instances
 * (frozen: a change to one would reach every tool): generation meets each once, not once a tool,
 * when it looks for the parts that tools share (generate/shared-values.ts).
 */
const SUCCESS_LAYERS = deepFreeze(successLayers());
const ERROR_LAYERS = deepFreeze(errorLayers());
