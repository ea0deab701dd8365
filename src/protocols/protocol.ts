/**
 * The contract every protocol folder (`src/protocols/<id>/`) fulfils. Generation, `schema`,
 * `validate` and `check` only ever talk to a protocol through this interface, so adding a sixth
 * protocol means adding a folder and one line in `registry.ts`.
 */

export type ProtocolId = "aorp" | "aop" | "smart-v2" | "acor" | "guidance";

/** A JSON Schema (draft 2020-12) document or sub-schema. */
export type JsonSchema = { [key: string]: unknown };

/**
 * One precise problem found by a validator. JSON protocols give a JSON-pointer-like `path`
 * (`/immediate/confidence`); text protocols give a 1-based `line` (and `path` may be empty).
 */
export interface ValidationProblem {
  path: string;
  message: string;
  line?: number;
}

export interface EnvelopeSchemaOptions {
  /** The schema of the tool's payload; left open (`{}`) when absent. */
  payloadSchema?: JsonSchema;
  /** Add the Guidance Pattern's `guidance` field beside the envelope's own layers. */
  withGuidance?: boolean;
}

export interface Protocol {
  readonly id: ProtocolId;
  /** Human name, as the document titles it. */
  readonly title: string;
  /**
   * `json`: the envelope goes in `structuredContent` and is mirrored as JSON text.
   * `text`: the protocol renders its own text (AOP markers, ACOR Markdown).
   */
  readonly kind: "json" | "text";
  /** Whether `guidance: true` may add a guidance field beside this protocol's layers. */
  readonly composesWithGuidance: boolean;
  /**
   * Path of the self-contained runtime module, relative to the package root
   * (`src/protocols/<id>/runtime.ts`). Generation emits its text verbatim into the user's project;
   * mcp-conform itself imports the same module for `validate`, so the two can never disagree.
   */
  readonly runtimeSourcePath: string;
  /** The runtime's TypeScript source text. */
  runtimeSource(): string;
  /** JSON Schema (2020-12) of the envelope, usable as an MCP `outputSchema` (JSON protocols). */
  envelopeSchema(options?: EnvelopeSchemaOptions): JsonSchema;
  /**
   * Validate a captured response. JSON protocols take the parsed value (an envelope or a whole
   * `CallToolResult`); text protocols take the text.
   */
  validate(input: unknown): ValidationProblem[];
}
