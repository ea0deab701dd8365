import { readPackageFile } from "../../package-root.js";
import type { Protocol } from "../protocol.js";
import { validateAop } from "./runtime.js";
import { envelopeSchema } from "./schema.js";

const runtimeSourcePath = "src/protocols/aop/runtime.ts";

export const aopProtocol: Protocol = {
  id: "aop",
  title: "Agent Output Protocol (AOP)",
  kind: "text",
  composesWithGuidance: false,
  // Its validator reads no tool names and knows no variants.
  detectionHints: [/=== ?AOP-(FINAL|INTERMEDIATE|STREAM|ERROR|CONTEXT)/],
  checksToolNames: false,
  variants: [],
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  envelopeSchema,
  validate: (input) => validateAop(input),
};
