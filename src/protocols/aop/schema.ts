import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";
import { AOP_ATTRIBUTE_PATTERNS } from "./runtime.js";

/**
 * AOP is a text protocol: its tools return marker text and no `structuredContent`, so this is NOT
 * an MCP `outputSchema` (a tool that declared it would have to return structured content). It is
 * the JSON Schema (2020-12) of the parsed document, `parseAop(text)` without its problems: the
 * block tree that `mcp-conform schema aop` prints for consumers that turn AOP text into JSON. It
 * mirrors the validator: a document that validates parses into a value this schema accepts.
 *
 * `payloadSchema` and `withGuidance` are ignored: AOP content is text, with no payload slot, and
 * AOP does not compose with guidance.
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

export function envelopeSchema(_options: EnvelopeSchemaOptions = {}): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    title: "AOP document (parsed)",
    description: "The block tree of Agent Output Protocol text, as parseAop returns it.",
    type: "object",
    properties: {
      blocks: { type: "array", items: { $ref: "#/$defs/block" } },
    },
    required: ["blocks"],
    additionalProperties: false,
    $defs: {
      block: {
        type: "object",
        properties: {
          type: { enum: ["FINAL", "INTERMEDIATE", "STREAM", "ERROR", "CONTEXT"] },
          attributes: {
            type: "object",
            propertyNames: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9_-]*$" },
            additionalProperties: { type: "string" },
            properties: {
              // The validator's own patterns (runtime decision 5): both judge the text, not a rounded number.
              confidence: { type: "string", pattern: AOP_ATTRIBUTE_PATTERNS.confidence },
              lines: { type: "string", pattern: AOP_ATTRIBUTE_PATTERNS.lines },
              sources: { type: "string", pattern: AOP_ATTRIBUTE_PATTERNS.sources },
            },
          },
          content: { type: "string", description: "The lines between the markers; FINAL blocks without their instruction line." },
          children: { type: "array", items: { $ref: "#/$defs/block" } },
          line: { type: "integer", minimum: 1 },
          endLine: { type: "integer", minimum: 1 },
        },
        required: ["type", "attributes", "content", "children", "line", "endLine"],
        additionalProperties: false,
      },
    },
  };
}
