import { readPackageFile } from "../../package-root.js";
import type { Protocol } from "../protocol.js";
import { smartV2OutputPayloadSchema } from "./output-payload.js";
import { envelopeSchema } from "./schema.js";
import { validateCapturedSmartResponse } from "./validate-captured.js";

const runtimeSourcePath = "src/protocols/smart-v2/runtime.ts";

export const smartV2Protocol: Protocol = {
  id: "smart-v2",
  title: "Smart Response Format (SmartResponseV2)",
  kind: "json",
  composesWithGuidance: true,
  detectionHints: [/\bkeyFindings\b/, /\brelatedTools\b/, /\bdataQuality\b/, /\bWARN_[A-Z0-9_]+/],
  checksToolNames: true,
  variants: [],
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  outputPayloadSchema: smartV2OutputPayloadSchema,
  envelopeSchema,
  validate: (input, options = {}) =>
    validateCapturedSmartResponse(input, {
      strict: options.strict === true,
      ...(options.tools === undefined ? {} : { tools: options.tools }),
    }),
};
