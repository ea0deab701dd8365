import type { ValidationProblem } from "../protocol.js";

/**
 * Validation of a captured JSON-protocol response, given either as the envelope itself or as the
 * whole `CallToolResult` that carried it. Shared by the JSON protocols' `validate`, so the
 * unwrapping and the mirror check mean the same everywhere.
 *
 * Paths are relative to the input given: for a `CallToolResult` they start at
 * `/structuredContent` (or at `/content/<i>/text` when the envelope only travels as text).
 */

export interface JsonEnvelopeRules {
  /** Whether a value is the envelope itself rather than a `CallToolResult` wrapping it. */
  isEnvelope(value: { [key: string]: unknown }): boolean;
  validateEnvelope(value: unknown): ValidationProblem[];
  /** Whether the envelope reports an error (and so the result must set `isError`). */
  isErrorEnvelope(value: unknown): boolean;
}

export function validateJsonResponse(input: unknown, rules: JsonEnvelopeRules): ValidationProblem[] {
  if (!isRecord(input) || !Array.isArray(input["content"]) || rules.isEnvelope(input)) {
    return rules.validateEnvelope(input);
  }
  const content: unknown[] = input["content"];
  const textBlocks = content.flatMap((block, index) =>
    isRecord(block) && block["type"] === "text" && typeof block["text"] === "string" ? [{ index, text: block["text"] }] : [],
  );
  const problems: ValidationProblem[] = [];
  let envelope: unknown;

  if (input["structuredContent"] !== undefined) {
    envelope = input["structuredContent"];
    if (!isRecord(envelope)) return [{ path: "/structuredContent", message: "must be an object" }];
    problems.push(...prefixed("/structuredContent", rules.validateEnvelope(envelope)));
    const mirrored = textBlocks.some((block) => {
      const parsed = parseJson(block.text);
      return parsed.ok && deepEqual(parsed.value, envelope);
    });
    if (!mirrored) {
      problems.push({ path: "/content", message: "no text block mirrors structuredContent as JSON" });
    }
  } else {
    const first = textBlocks[0];
    if (first === undefined) return [{ path: "/content", message: "has no text block carrying the envelope" }];
    const textPath = `/content/${first.index}/text`;
    const parsed = parseJson(first.text);
    if (!parsed.ok) return [{ path: textPath, message: `is not JSON: ${parsed.error}` }];
    envelope = parsed.value;
    problems.push(...prefixed(textPath, rules.validateEnvelope(envelope)));
  }

  const flagged = input["isError"] === true;
  const isError = rules.isErrorEnvelope(envelope);
  if (isError && !flagged) problems.push({ path: "/isError", message: "must be true for an error envelope" });
  if (!isError && flagged) problems.push({ path: "/isError", message: "is true but the envelope reports no error" });
  return problems;
}

function prefixed(prefix: string, problems: ValidationProblem[]): ValidationProblem[] {
  return problems.map((problem) => ({ ...problem, path: `${prefix}${problem.path}` }));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Structural equality of JSON values; key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
