import { readPackageFile } from "../../package-root.js";
import type { Protocol } from "../protocol.js";
import { validateJsonResponse } from "./json-response.js";
import { validateGuidanceEnvelope } from "./runtime.js";
import { guidanceOutputPayloadSchema } from "./output-payload.js";
import { envelopeSchema } from "./schema.js";

const runtimeSourcePath = "src/protocols/guidance/runtime.ts";

export const guidanceProtocol: Protocol = {
  id: "guidance",
  title: "MCP Tool Guidance Pattern",
  kind: "json",
  // It *is* the guidance field: other protocols compose with it, not it with itself.
  composesWithGuidance: false,
  detectionHints: [/\bnext_action\b/, /\bavailable_actions\b/, /\bcurrent_state\b/, /\bblocked_reason\b/],
  checksToolNames: true,
  variants: [],
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  outputPayloadSchema: guidanceOutputPayloadSchema,
  envelopeSchema: (options) => envelopeSchema(options),
  validate: (input, options = {}) =>
    validateJsonResponse(input, {
      isEnvelope: (value) => "guidance" in value,
      validateEnvelope: (value) =>
        validateGuidanceEnvelope(value, {
          strict: options.strict === true,
          ...(options.tools === undefined ? {} : { tools: options.tools }),
        }),
      isErrorEnvelope: (value) => typeof value === "object" && value !== null && "success" in value && value.success === false,
    }),
};
