import type { EnvelopeSchemaOptions, JsonSchema } from "../protocol.js";

/**
 * ACOR is a text protocol: its tools return Markdown and no `structuredContent`, so this is NOT an
 * MCP `outputSchema` (a tool that declared it would have to return structured content). It is the
 * JSON Schema (2020-12) of the parsed document, `parseAcor(text)` without its problems: the
 * message list that `mcp-conform schema acor` prints for consumers that turn ACOR Markdown into
 * JSON. It mirrors the validator: a document that validates parses into a value this schema
 * accepts, and the schema rejects what the validator reports (an Error without Recovery, an Input
 * Needed without exactly one command, ...).
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
    description: "The messages of ACOR Conversational Protocol Markdown, as parseAcor returns them.",
    type: "object",
    properties: {
      messages: { type: "array", items: { $ref: "#/$defs/acorMessage" } },
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
          message(
            "Error",
            { title: nonBlank, message: { type: "string" }, details: nonBlank, recovery: nonBlank },
            ["title", "message", "recovery"],
          ),
          message(
            "Input Needed",
            { reason: nonBlank, commands: { type: "array", items: { $ref: "#/$defs/acorCommand" }, minItems: 1, maxItems: 1 } },
            ["reason", "commands"],
          ),
          message("AI Directive", { action: nonBlank }, ["action"], nonBlank),
          message(
            "Suggestions",
            { title: nonBlank, items: { type: "array", items: { $ref: "#/$defs/acorSuggestionItem" }, minItems: 1 } },
            ["items"],
          ),
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
        },
        required: ["line", "language", "text"],
        additionalProperties: false,
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
