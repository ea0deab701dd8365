import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";
import { validatorOnlyDescription } from "../validator-only-rules.js";
import { ACOR_OPTION_LABEL_PATTERN } from "./runtime.js";

/**
 * ACOR is a text protocol: its tools return Markdown and no `structuredContent`, so this is NOT an
 * MCP `outputSchema` (a tool that declared it would have to return structured content). It is the
 * JSON Schema (2020-12) of the parsed document, `parseAcor(text)` without its problems: the
 * message list that `mcp-conform schema acor` prints for consumers that turn ACOR Markdown into
 * JSON.
 *
 * What it covers is what parsing keeps: the kinds of message and their fields (a known status, a
 * whole percentage, an Error's title and Recovery, an Input Needed's reason and its one command or
 * labelled alternatives, a json command that is a tool call, Suggestions with a command each, an
 * Output or AI Directive with content, at least one message). A document that validates parses
 * into a value it accepts; a document the validator rejects parses into a value it rejects, except
 * for what parsing drops: unknown or malformed headers (the message is not kept), text before the
 * first header, unclosed code blocks, an Output json block that does not parse, an Input Needed
 * that is not last, and the CallToolResult rules. `validator-only-rules.ts` lists them with the
 * reasons, and the schema's `description` repeats them.
 *
 * The payload slot is the `data` of Output messages (the JSON block `acorOutputData<T>` writes):
 * `payloadSchema` fills it, open when absent; its `$defs` move to the top so its `#/$defs/...`
 * references still resolve. `withGuidance` is ignored: ACOR does not compose with guidance.
 */

const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";

const nonBlank = { type: "string", pattern: "\\S" };
const line = { type: "integer", minimum: 1 };

/** `body` may be empty except where the validator demands content (Output, AI Directive). */
function message(type: string, properties: JsonSchema, required: string[], body: JsonSchema = { type: "string" }): JsonSchema {
  return {
    type: "object",
    properties: { type: { const: type }, line, body, ...properties },
    required: ["type", "line", "body", ...required],
    additionalProperties: false,
  };
}

const OWN_DEFS = ["acorMessage", "acorCommand", "acorSuggestionItem"];

export function envelopeSchema(options: EnvelopeSchemaOptions = {}): JsonSchema {
  const { $schema: _ignored, $defs: payloadDefs, ...payload } = options.payloadSchema ?? {};
  const hoisted = typeof payloadDefs === "object" && payloadDefs !== null ? (payloadDefs as JsonSchema) : {};
  for (const name of OWN_DEFS) {
    if (name in hoisted) throw new Error(`acor envelopeSchema: the payload schema's $defs may not define ${name}`);
  }
  return {
    $schema: DRAFT_2020_12,
    title: "ACOR document (parsed)",
    description: `The messages of ACOR Conversational Protocol Markdown, as parseAcor returns them. ${validatorOnlyDescription("acor")}`,
    type: "object",
    properties: {
      messages: { type: "array", items: { $ref: "#/$defs/acorMessage" }, minItems: 1 },
    },
    required: ["messages"],
    additionalProperties: false,
    $defs: {
      ...hoisted,
      acorMessage: {
        oneOf: [
          message("Status", { status: { enum: ["Ready", "Working", "Complete", "Failed"] } }, ["status"]),
          message("Progress", { percent: { type: "integer", minimum: 0, maximum: 100 } }, ["percent"]),
          message("Output", { label: nonBlank, data: payload }, [], nonBlank),
          message("Error", { title: nonBlank, message: { type: "string" }, details: nonBlank, recovery: nonBlank }, ["title", "message", "recovery"]),
          message(
            "Input Needed",
            {
              reason: nonBlank,
              // One command, or alternatives that each carry their Option label (runtime decision 5).
              commands: {
                type: "array",
                items: { $ref: "#/$defs/acorCommand" },
                minItems: 1,
                anyOf: [{ maxItems: 1 }, { items: { type: "object", properties: { option: { type: "string" } }, required: ["option"] } }],
              },
            },
            ["reason", "commands"],
          ),
          message("AI Directive", { action: nonBlank }, ["action"], nonBlank),
          message("Suggestions", { title: nonBlank, items: { type: "array", items: { $ref: "#/$defs/acorSuggestionItem" }, minItems: 1 } }, ["items"]),
        ],
      },
      acorCommand: {
        type: "object",
        properties: {
          line,
          language: { type: "string" },
          text: { type: "string" },
          call: {
            type: "object",
            properties: { tool: nonBlank, arguments: { type: "object" } },
            required: ["tool", "arguments"],
            additionalProperties: false,
          },
          option: { type: "string", pattern: ACOR_OPTION_LABEL_PATTERN },
        },
        required: ["line", "language", "text"],
        additionalProperties: false,
        // A json command must be a tool call (runtime decision 6).
        if: { properties: { language: { const: "json" } } },
        then: { type: "object", properties: { call: { type: "object" } }, required: ["call"] },
      },
      acorSuggestionItem: {
        type: "object",
        properties: { line, text: { type: "string" }, commands: { type: "array", items: { type: "string" }, minItems: 1 } },
        required: ["line", "text", "commands"],
        additionalProperties: false,
      },
    },
  };
}
