import { readPackageFile } from "../../package-root.js";
import type { Protocol, ValidateOptions, ValidationProblem } from "../protocol.js";
import { validateJsonResponse } from "../guidance/json-response.js";
import { validateGuidance } from "../guidance/runtime.js";
import { validateAORP, type AORPVariant } from "./runtime.js";
import { envelopeSchema } from "./schema.js";

const runtimeSourcePath = "src/protocols/aorp/runtime.ts";
const VARIANTS: readonly AORPVariant[] = ["analysis", "synthesis", "session"];

export const aorpProtocol: Protocol = {
  id: "aorp",
  title: "AI-Optimized Response Protocol (AORP)",
  kind: "json",
  composesWithGuidance: true,
  detectionHints: [/\bimmediate\s*:/, /\bactionable\s*:/, /\bkey_insight\b/],
  checksToolNames: true,
  variants: VARIANTS,
  runtimeSourcePath,
  runtimeSource: () => readPackageFile(runtimeSourcePath),
  envelopeSchema: (options) => envelopeSchema(options),
  validate: (input, options = {}) =>
    validateJsonResponse(input, {
      isEnvelope: (value) => "immediate" in value,
      validateEnvelope: (value) => validateAORPWithGuidance(value, options),
      isErrorEnvelope,
    }),
};

/**
 * The AORP layers, plus a `guidance` field when one is present: composed responses carry the
 * Guidance Pattern beside the layers; under `strict`, an error's guidance must say what blocks it.
 */
export function validateAORPWithGuidance(value: unknown, options: ValidateOptions = {}): ValidationProblem[] {
  const variant = VARIANTS.find((candidate) => candidate === options.variant);
  // The CLI refuses an unknown variant with a usage error; a caller passing one has a bug.
  if (options.variant !== undefined && variant === undefined) throw new RangeError(`unknown AORP variant "${options.variant}"`);
  const problems = validateAORP(value, {
    ...(variant === undefined ? {} : { variant }),
    ...(options.tools === undefined ? {} : { tools: options.tools }),
  });
  if (typeof value === "object" && value !== null && "guidance" in value && value.guidance !== undefined) {
    const strict = options.strict === true;
    problems.push(
      ...validateGuidance(
        value.guidance,
        { requireBlockedReason: strict && isErrorEnvelope(value), strict, ...(options.tools === undefined ? {} : { tools: options.tools }) },
        "/guidance",
      ),
    );
  }
  return problems;
}

function isErrorEnvelope(value: unknown): boolean {
  if (typeof value !== "object" || value === null || !("immediate" in value)) return false;
  const immediate = value.immediate;
  return typeof immediate === "object" && immediate !== null && "status" in immediate && immediate.status === "error";
}
