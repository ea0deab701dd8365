import { validateGuidance } from "../guidance/runtime.js";
import type { ValidationProblem } from "../protocol.js";
import { validateSmartResponseV2, type SmartValidationOptions } from "./runtime.js";

/** The runtime's options, and `strict` for a composed `guidance` (the guidance runtime's decisions 1, 3, 4). */
export type CapturedSmartOptions = SmartValidationOptions & { strict?: boolean };

/**
 * Validate a captured SmartResponse V2: the envelope itself, or a whole MCP `CallToolResult`.
 *
 * A CallToolResult's envelope is its `structuredContent` (problem paths start with
 * `/structuredContent`), whose first text block must mirror it as JSON. Without
 * `structuredContent`, the first text block is parsed as the envelope, and problem paths start with
 * `/content/<i>/text` followed by the pointer inside the parsed JSON.
 *
 * A `guidance` field beside the seven sections is checked by the Guidance Pattern's validator; with
 * `strict`, on a result marked `isError: true` it must say what blocks the caller (`blocked_reason`).
 */
export function validateCapturedSmartResponse(input: unknown, options: CapturedSmartOptions = {}): ValidationProblem[] {
  if (!isCallToolResult(input)) return validateEnvelope(input, "", false, options);

  const textIndex = input.content.findIndex((block) => isRecord(block) && block["type"] === "text");
  const textBlock = textIndex === -1 ? undefined : (input.content[textIndex] as { text?: unknown });
  const textPath = `/content/${textIndex}/text`;
  const isError = input["isError"] === true;

  if (input["structuredContent"] !== undefined) {
    const problems = validateEnvelope(input["structuredContent"], "/structuredContent", isError, options);
    if (textBlock === undefined) {
      problems.push({ path: "/content", message: "has no text block mirroring structuredContent" });
    } else {
      const mirrored = parseJson(textBlock.text);
      if (!mirrored.ok) problems.push({ path: textPath, message: "is not valid JSON, so it does not mirror structuredContent" });
      else if (!jsonEqual(mirrored.value, input["structuredContent"])) {
        problems.push({ path: textPath, message: "does not mirror structuredContent" });
      }
    }
    return problems;
  }

  if (textBlock === undefined) return [{ path: "/content", message: "has neither structuredContent nor a text block" }];
  const parsed = parseJson(textBlock.text);
  if (!parsed.ok) return [{ path: textPath, message: "is not valid JSON" }];
  return validateEnvelope(parsed.value, textPath, isError, options);
}

function validateEnvelope(envelope: unknown, prefix: string, isError: boolean, options: CapturedSmartOptions): ValidationProblem[] {
  const { strict = false, ...smartOptions } = options;
  const problems = validateSmartResponseV2(envelope, smartOptions);
  if (isRecord(envelope) && envelope["guidance"] !== undefined) {
    const guidanceOptions = {
      requireBlockedReason: strict && isError,
      strict,
      ...(options.tools === undefined ? {} : { tools: options.tools }),
    };
    problems.push(...validateGuidance(envelope["guidance"], guidanceOptions, "/guidance"));
  }
  return problems.map((problem) => ({ ...problem, path: `${prefix}${problem.path}` }));
}

/** An object with a `content` array and none of the envelope's sections. */
function isCallToolResult(value: unknown): value is { content: unknown[]; [key: string]: unknown } {
  return isRecord(value) && Array.isArray(value["content"]) && !("summary" in value);
}

function parseJson(text: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof text !== "string") return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Structural equality of JSON values (key order does not matter). */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
  return keysA.length === keysB.length && keysA.every((key) => jsonEqual(a[key], b[key]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
