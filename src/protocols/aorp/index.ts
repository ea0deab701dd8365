import { readPackageFile } from "../../package-root.js";
import type { Protocol, ValidationProblem } from "../protocol.js";
import { validateJsonResponse } from "../guidance/json-response.js";
import { validateGuidance } from "../guidance/runtime.js";
import { validateAORP } from "./runtime.js";
import { envelopeSchema } from "./schema.js";

const runtimeSourcePath = "src/protocols/aorp/runtime.ts";

export const aorpProtocol: Protocol = {
  id: "aorp",
  title: "AI-Optimized Response Protocol (AORP)",
  kind: "json",
  composesWithGuidance: true,
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  envelopeSchema: (options) => envelopeSchema(options),
  validate: (input) =>
    validateJsonResponse(input, {
      isEnvelope: (value) => "immediate" in value,
      validateEnvelope: validateAORPWithGuidance,
      isErrorEnvelope,
    }),
};

/**
 * The AORP layers, plus a `guidance` field when one is present: composed responses carry the
 * Guidance Pattern beside the layers, and an error's guidance must say what blocks it.
 */
export function validateAORPWithGuidance(value: unknown): ValidationProblem[] {
  const problems = validateAORP(value);
  if (typeof value === "object" && value !== null && "guidance" in value && value.guidance !== undefined) {
    problems.push(...validateGuidance(value.guidance, { requireBlockedReason: isErrorEnvelope(value) }, "/guidance"));
  }
  return problems;
}

function isErrorEnvelope(value: unknown): boolean {
  if (typeof value !== "object" || value === null || !("immediate" in value)) return false;
  const immediate = value.immediate;
  return typeof immediate === "object" && immediate !== null && "status" in immediate && immediate.status === "error";
}
