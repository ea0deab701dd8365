import { readPackageFile } from "../../package-root.js";
import type { Protocol } from "../protocol.js";
import { envelopeSchema } from "./schema.js";
import { validateCapturedSmartResponse } from "./validate-captured.js";

const runtimeSourcePath = "src/protocols/smart-v2/runtime.ts";

export const smartV2Protocol: Protocol = {
  id: "smart-v2",
  title: "Smart Response Format (SmartResponseV2)",
  kind: "json",
  composesWithGuidance: true,
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  envelopeSchema,
  validate: (input) => validateCapturedSmartResponse(input),
};
