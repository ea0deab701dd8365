import { splitDefinitions } from "../json-schema-parts.js";
import type { JsonSchema, OutputPayload } from "../protocol.js";

/** SmartResponseV2: `data.processed` is the payload on success and `null` on errors. */
function nullOnError(payload: JsonSchema): JsonSchema {
  // A payload with its own `$id` is a resource of its own: the protocol leaves it untouched.
  if (typeof payload["$id"] === "string") return { anyOf: [payload, { type: "null" }] };
  const { body, definitions } = splitDefinitions(payload);
  return { anyOf: [body, { type: "null" }], ...definitions };
}

/** The payload schema as a SmartResponseV2 output schema holds it: `data.processed` is it, or null on errors. */
export function smartV2OutputPayloadSchema(payload: OutputPayload): JsonSchema {
  return nullOnError(payload.schema);
}
