/**
 * The contract every protocol folder (`src/protocols/<id>/`) fulfils. Generation, `schema`,
 * `validate`, `init` and `check` only ever talk to a protocol through this interface, so adding a
 * sixth protocol means adding a folder and one line in `registry.ts`. Besides `index.ts` (this
 * interface), a folder holds its runtime (`runtime.ts`, copied into users' output), its envelope
 * schema (`schema.ts`), its generated formatter and kit templates (`formatter.ts.hbs`,
 * `kit.ts.hbs`; `templates.dir` replaces them as `formatter.<id>.ts.hbs`, `kit.<id>.ts.hbs`), and
 * migrate's mapping of legacy responses onto those formatters (`migrate.ts`, listed in
 * migrations.ts, apart from the registry since it needs the compiler).
 * test/protocols/folders.test.ts lists what each folder provides.
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
  /** Carry the `strict` rules of `ValidateOptions` too (the guidance pattern's conventions). */
  strict?: boolean;
}

/** What `validate` may be told beyond the response itself. */
export interface ValidateOptions {
  /** The server's tool names: a reference to any other tool is a problem (protocols with `checksToolNames`). */
  tools?: readonly string[];
  /** A tool-specific variant to check as well, one of the protocol's `variants`. */
  variant?: string;
  /**
   * Also check the conventions the documents do not require: for the Guidance Pattern (alone or
   * composed), snake_case `current_state`, "tool - description" `available_actions` and a
   * `blocked_reason` on errors.
   */
  strict?: boolean;
}

/** A tool's payload as an output schema needs it: its JSON Schema, and its type as TypeScript prints it. */
export interface OutputPayload {
  schema: JsonSchema;
  type: { text: string };
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
  /** Whether `guidance: true` may add a guidance field beside this protocol's layers (registry.ts states the rule once). */
  readonly composesWithGuidance: boolean;
  /**
   * Words that show a server already answers in this protocol (`init` reads tool files for them): a
   * file counts when it carries two of them, or the one when there is only one.
   */
  readonly detectionHints: readonly RegExp[];
  /** Whether `validate` checks references to tools against `ValidateOptions.tools`. */
  readonly checksToolNames: boolean;
  /** The tool-specific variants `validate` can check (`ValidateOptions.variant`); empty for most. */
  readonly variants: readonly string[];
  /**
   * Path of the self-contained runtime module, relative to the package root
   * (`src/protocols/<id>/runtime.ts`). Generation emits its text verbatim into the user's project;
   * mcp-conform itself imports the same module for `validate`, so the two can never disagree.
   */
  readonly runtimeSourcePath: string;
  /** The runtime's TypeScript source text. */
  runtimeSource(): string;
  /**
   * The payload schema as the tool's output schema must hold it, when the protocol's error envelope
   * does not carry the payload (an output schema must accept success and error envelopes alike);
   * absent: the payload schema as it is.
   */
  outputPayloadSchema?(payload: OutputPayload): JsonSchema;
  /** JSON Schema (2020-12) of the envelope, usable as an MCP `outputSchema` (JSON protocols). */
  envelopeSchema(options?: EnvelopeSchemaOptions): JsonSchema;
  /**
   * Validate a captured response: the envelope or the text, or the whole `CallToolResult` that
   * carried it (then its result-level rules are checked too: `isError`, the mirror, one text block).
   */
  validate(input: unknown, options?: ValidateOptions): ValidationProblem[];
}
