import { readPackageFile } from "../../package-root.js";
import type { Protocol } from "../protocol.js";
import { validateAcor } from "./runtime.js";
import { envelopeSchema } from "./schema.js";

const runtimeSourcePath = "src/protocols/acor/runtime.ts";

export const acorProtocol: Protocol = {
  id: "acor",
  title: "ACOR Conversational Protocol",
  kind: "text",
  composesWithGuidance: false,
  // Its validator reads no tool names and knows no variants.
  detectionHints: [/## (Status|Progress|Input Needed|AI Directive)\b/, /\*\*Recovery\*\*/],
  checksToolNames: false,
  variants: [],
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  envelopeSchema,
  validate: (input) => validateAcor(input),
};
