import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";
import { validatorOnlyDescription } from "../validator-only-rules.js";
import { AOP_ATTRIBUTE_PATTERNS } from "./runtime.js";

/**
 * AOP is a text protocol: its tools return marker text and no `structuredContent`, so this is NOT
 * an MCP `outputSchema` (a tool that declared it would have to return structured content). It is
 * the JSON Schema (2020-12) of the parsed document, `parseAop(text)` without its problems: the
 * block tree that `mcp-conform schema aop` prints for consumers that turn AOP text into JSON.
 *
 * What it covers is what parsing keeps: block types, attribute names and the typed attributes'
 * values (with the validator's own patterns), at least one block. A document that validates parses
 * into a value it accepts; a document the validator rejects parses into a value it rejects, except
 * for what parsing drops: text outside blocks, malformed or unknown markers, wrong nesting,
 * duplicate attributes, a FINAL block's missing instruction line and the CallToolResult rules.
 * `validator-only-rules.ts` lists them with the reasons, and the schema's `description` repeats them.
 *
 * `payloadSchema` and `withGuidance` are ignored: AOP content is text, with no payload slot, and
 * AOP does not compose with guidance.
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

export function envelopeSchema(_options: EnvelopeSchemaOptions = {}): JsonSchema {
  return {
    $schema: DRAFT_2020_12,
    title: "AOP document (parsed)",
    description: `The block tree of Agent Output Protocol text, as parseAop returns it. ${validatorOnlyDescription("aop")}`,
    type: "object",
    properties: {
      blocks: { type: "array", items: { $ref: "#/$defs/block" }, minItems: 1 },
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
