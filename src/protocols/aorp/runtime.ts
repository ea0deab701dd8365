/**
 * AI-Optimized Response Protocol (AORP) runtime.
 *
 * Emitted verbatim into MCP server projects: it imports nothing and compiles under `strict`,
 * `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess` with erasable syntax only.
 *
 * Every response has four layers: `immediate` (decide now), `actionable` (what next), `quality`
 * (how far to trust it) and `details` (the payload, for progressive disclosure).
 *
 * DECISIONS, where the document is loose or contradicts itself (each one is tested):
 * 1. `details` is required. The document labels layer 4 "optional, expandable" but its interface
 *    declares it without `?`, every tool-specific schema fills it and `build_aorp_response` always
 *    emits it: "optional" describes reading it, not sending it.
 * 2. Scores (`confidence`, `completeness`, `reliability`, and every other 0.0-1.0 value) are
 *    clamped by the builders and helpers (NaN becomes 0) and rejected by the validator when out of
 *    range or not finite: what a server constructs is always valid, what it receives is checked.
 * 3. `immediate.status: "error"` always means the Error Handling Schema (`AORPErrorResponse`):
 *    confidence, completeness and reliability 0, urgency "high" or "critical", error indicators,
 *    error data, `metadata.error_id` and `debug`. The variants' unions that list "error" (analysis,
 *    synthesis, session) therefore type their success shapes only; a tool returns
 *    `AORPXxxResponse | AORPErrorResponse`. The session variant's "always 1.0 confidence" would
 *    otherwise contradict the error schema's 0.0.
 * 4. Next steps name tools. The wire format stays `string[]`; the type is a template literal over
 *    the server's tool names: `tool`, `tool(args)`, `tool - description`, `tool(args) - description`
 *    (the document's four spellings). Free-text advice that names no tool (the synthesis example's
 *    "Address critical tension: ...") must be wrapped with `advice()`, so a misspelt tool name is a
 *    compile error instead of passing as prose. The validator treats a step as a tool reference
 *    when it has one of the four spellings (a single token, optionally `(...)`, optionally
 *    ` - ...`), and checks the name against `tools` when given.
 * 5. Typed parameters are rendered as keyword arguments with JSON values, `add_perspective(name="performance")`:
 *    the document writes Python-like calls, and typed params have names, not positions. A step
 *    without params renders the bare name, with params (even `{}`) renders parentheses.
 * 6. Literal prose in the tool-specific interfaces (`next_steps: ["synthesize_perspectives - ..."]`,
 *    `workflow_guidance: "Present key insights..."`) is example content and typed `string`; the
 *    literals that define a variant (`confidence: 1.0` for sessions, `0.0` for errors,
 *    `urgency: "low"` for sessions) are enforced.
 * 7. `metadata.timestamp` is required in every variant, the session one included (its interface
 *    omits it, but it `extends AORPResponse`). It must be ISO 8601 date-time; the zone is optional
 *    because Python's `datetime.utcnow().isoformat()`, the document's own source, has none. The
 *    date must exist in the calendar (no February 30th; February 29th only in leap years) and the
 *    time must be a real clock time: hours 00-23, minutes and seconds 00-59. A leap second (`:60`)
 *    is rejected: no server clock writes one (JavaScript's Date cannot hold it, Python's datetime
 *    raises on it). The rule is one regular expression, `AORP_DATE_TIME_PATTERN`, which the JSON
 *    Schema uses as its `pattern`, so the validator and the schema cannot disagree on a date.
 * 8. Required strings (`key_insight`, `recommendations.primary`, `workflow_guidance`, `summary`,
 *    next steps, error codes) must be non-empty. The Python builder's default
 *    `workflow_guidance: ""` is therefore invalid; the typed constructor has no such default.
 * 9. Counts (`indicators.total_perspectives` and the other tallies) are non-negative integers;
 *    `operation_time_ms` a non-negative number. The analysis variant's completeness must equal
 *    `active_responses / total_perspectives` (as its comment defines it) within 0.01.
 * 10. `calculateConfidence`: the document divides by `total_perspectives`; zero perspectives gives
 *    confidence 0 instead of a division error. Negative error counts count as 0, and each quality
 *    score is clamped before averaging.
 * 11. `generateNextSteps` keeps the document's decision order (new session, complete without
 *    errors, errors, otherwise) but takes the steps from a plan, because the document's steps name
 *    one particular server's tools. Its `perspectives_count` parameter is dropped: the document
 *    never reads it.
 * 12. Every object is open to extra fields ("Extensibility: details layer allows tool-specific
 *    data"; the variants add indicators), so only missing or malformed known fields are problems.
 *    A `guidance` field beside the layers is left to the guidance runtime's validator.
 */

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type AORPStatus = "success" | "error" | "partial" | "pending";
export type AORPUrgency = "low" | "medium" | "high" | "critical";

/*
 * The spellings of a step with arguments or a reason are plain template literal types. They were
 * intersected with an object type once (`AORPSpelled`), so that building the union would not test
 * every literal against every template; but the checker reduces each intersection the first time
 * the union is a relation's target (a `next_steps` array, kit.ts's own legacy parts), listing every
 * property of `String` for each of the 3,000 intersections at 1,000 tools: 0.13-0.2 s of `tsc` 6
 * and of each of `tsc` 7's checkers, and 14 MB. Plain templates cost `tsc` 7 less than a tenth of
 * that, and the literal-against-template tests at building the union 30-60 ms of `tsc` 6
 * (issue #17's twenty-fifth round). Bare names stay literals: a misspelt one still gets the
 * compiler's "Did you mean".
 */
/** @deprecated No longer part of `AORPToolStep` (see above); kept for code that names it. */
export type AORPSpelled = { toString(): string };

/** A step that calls one of the server's tools, in the document's four spellings. */
export type AORPToolStep<TTool extends string = string> =
  | TTool
  | `${TTool}(${string})`
  | `${TTool} - ${string}`
  | `${TTool}(${string}) - ${string}`;

/** Free-text advice that names no tool; made with `advice()` so tool steps stay checked. */
export type AORPAdvice = string & { readonly __aorpAdvice: true };

export type AORPNextStep<TTool extends string = string> = AORPToolStep<TTool> | AORPAdvice;

export type AORPImmediate = {
  status: AORPStatus;
  /** One-sentence primary takeaway. */
  key_insight: string;
  /** 0.0-1.0. */
  confidence: number;
  session_id?: string;
};

export type AORPRecommendations = {
  primary: string;
  secondary?: string[];
};

export type AORPActionable<TTool extends string = string> = {
  /** Prioritised. */
  next_steps: AORPNextStep<TTool>[];
  recommendations: AORPRecommendations;
  /** How the AI should use this information. */
  workflow_guidance: string;
};

export type AORPIndicators = {
  total_perspectives?: number;
  active_responses?: number;
  errors?: number;
  abstentions?: number;
  [key: string]: unknown;
};

export type AORPQuality = {
  completeness: number;
  reliability: number;
  urgency: AORPUrgency;
  indicators: AORPIndicators;
};

export type AORPMetadata = {
  timestamp: string;
  operation_time_ms?: number;
  compression_stats?: object;
  [key: string]: unknown;
};

export type AORPDetails<T = unknown> = {
  summary: string;
  /** The tool's payload. */
  data: T;
  metadata: AORPMetadata;
  debug?: unknown;
};

export type AORPResponse<T = unknown, TTool extends string = string> = {
  immediate: AORPImmediate;
  actionable: AORPActionable<TTool>;
  quality: AORPQuality;
  details: AORPDetails<T>;
};

// Error Handling Schema -----------------------------------------------------------------------

export type AORPErrorData = {
  error_code: string;
  error_message: string;
  /** Error context for debugging. */
  context: unknown;
};

export type AORPErrorIndicators = AORPIndicators & {
  error_type: string;
  recoverable: boolean;
  retry_suggested: boolean;
};

export type AORPErrorResponse<TTool extends string = string> = {
  immediate: AORPImmediate & { status: "error"; confidence: 0 };
  actionable: AORPActionable<TTool> & { recommendations: { primary: string; secondary: string[] } };
  quality: AORPQuality & {
    completeness: 0;
    reliability: 0;
    urgency: "high" | "critical";
    indicators: AORPErrorIndicators;
  };
  details: AORPDetails<AORPErrorData> & { metadata: AORPMetadata & { error_id: string }; debug: unknown };
};

// Tool-specific variants (decision 3: success shapes; their errors are AORPErrorResponse) ----

export type AORPAnalysisData = {
  /** Structured by impact: perspective name -> its response. */
  perspectives: {
    high_impact: { [name: string]: string };
    medium_impact: { [name: string]: string };
    supporting: { [name: string]: string };
  };
  abstained: string[];
  errors: unknown[];
};

export type AORPAnalysisResponse<TTool extends string = string> = {
  immediate: AORPImmediate & { status: "success" | "partial"; session_id: string };
  actionable: AORPActionable<TTool> & { recommendations: { primary: string; secondary: string[] } };
  quality: AORPQuality & {
    indicators: AORPIndicators & {
      total_perspectives: number;
      active_responses: number;
      abstentions: number;
      errors: number;
      /** 0.0-1.0 how much perspectives agree. */
      consensus_level: number;
    };
  };
  details: AORPDetails<AORPAnalysisData> & {
    metadata: AORPMetadata & { prompt: string; operation_time_ms: number };
  };
};

export type AORPSynthesisData = {
  convergence: {
    high_confidence: string[];
    medium_confidence: string[];
  };
  tensions: {
    critical: { tension: string; perspectives: string[]; resolution_approach: string }[];
    manageable: { tension: string; mitigation: string }[];
  };
  emergent_insights: { insight: string; confidence: number; enabling_perspectives: string[] }[];
  strategic_framework: {
    decision_criteria: string[];
    success_metrics: string[];
    implementation_sequence: string[];
  };
};

export type AORPSynthesisResponse<TTool extends string = string> = {
  immediate: AORPImmediate & { status: "success"; session_id: string };
  actionable: AORPActionable<TTool> & { recommendations: { primary: string; secondary: string[] } };
  quality: AORPQuality & {
    indicators: AORPIndicators & {
      perspectives_analyzed: number;
      patterns_identified: number;
      tensions_mapped: number;
      emergent_insights: number;
    };
  };
  details: AORPDetails<AORPSynthesisData> & {
    metadata: AORPMetadata & { analyzed_prompt: string; perspectives_included: string[]; compression_stats: object };
  };
};

export type AORPSessionData = {
  session_config: {
    perspectives: string[];
    model_backend: string;
    model_name: string;
    topic: string;
  };
  available_operations: string[];
};

export type AORPSessionResponse<TTool extends string = string> = {
  immediate: AORPImmediate & { status: "success"; confidence: 1; session_id: string };
  actionable: AORPActionable<TTool> & { recommendations: { primary: string; secondary: string[] } };
  quality: AORPQuality & {
    completeness: 1;
    reliability: 1;
    urgency: "low";
    indicators: AORPIndicators & {
      perspectives_configured: number;
      template_used: string;
      backend_configured: string;
    };
  };
  details: AORPDetails<AORPSessionData> & {
    metadata: AORPMetadata & { created_at: string; template_used?: string; session_ttl: string };
  };
};

export type AORPVariant = "analysis" | "synthesis" | "session";

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

/** Metadata as given to a builder: `timestamp` defaults to now, as in `build_aorp_response`. */
export type AORPMetadataInput = {
  timestamp?: string;
  operation_time_ms?: number;
  compression_stats?: object;
  [key: string]: unknown;
};

export type AORPActionableInput<TTool extends string> = {
  next_steps: readonly AORPNextStep<TTool>[];
  recommendations: { primary: string; secondary?: readonly string[] };
  workflow_guidance: string;
};

/** The four layers a success, partial or pending response must be built from. */
export type AORPResponseInput<T, TTool extends string> = {
  immediate: {
    /** "error" is not accepted here: build errors with `error()` (decision 3). */
    status: "success" | "partial" | "pending";
    key_insight: string;
    confidence: number;
    session_id?: string;
  };
  actionable: AORPActionableInput<TTool>;
  quality: {
    completeness: number;
    reliability: number;
    urgency: AORPUrgency;
    indicators?: AORPIndicators;
  };
  details: {
    summary: string;
    data: T;
    metadata?: AORPMetadataInput;
    debug?: unknown;
  };
};

/** The layers of an error envelope, less what the Error Handling Schema fixes. */
export type AORPErrorInput<TTool extends string> = {
  immediate: { key_insight: string; session_id?: string };
  actionable: {
    /** Recovery actions. */
    next_steps: readonly AORPNextStep<TTool>[];
    recommendations: { primary: string; secondary: readonly string[] };
    workflow_guidance: string;
  };
  quality: { urgency: "high" | "critical"; indicators: AORPErrorIndicators };
  details: {
    summary: string;
    data: AORPErrorData;
    metadata: AORPMetadataInput & { error_id: string };
    debug: unknown;
  };
};

/**
 * Builders bound to one server's tool names and tool inputs, so a next step that names a tool
 * the server lacks, or passes it a parameter its input does not have, fails to compile.
 */
export type AORPKit<TTool extends string, TInputs extends { [K in TTool]: object }> = {
  response<T>(input: AORPResponseInput<T, TTool>): AORPResponse<T, TTool>;
  error(input: AORPErrorInput<TTool>): AORPErrorResponse<TTool>;
  /**
   * `tool`, `tool(k="v")`, `tool - description` or `tool(k="v") - description` (decision 5). The
   * result is typed by the one tool it names: typed by every tool, an array of steps was a union of
   * four spellings per tool, which the checker reduces pair by pair: a cost quadratic in the
   * number of tools, and TS2590 ("too complex to represent") past about 350.
   */
  step<K extends TTool>(tool: K, params?: Partial<TInputs[K]>, description?: string): AORPToolStep<K>;
};

export function createAORP<
  TTool extends string = string,
  TInputs extends { [K in TTool]: object } = { [K in TTool]: Record<string, unknown> },
>(): AORPKit<TTool, TInputs> {
  return {
    response: (input) => buildResponse(input),
    error: (input) => buildError(input),
    step: (tool, params, description) => renderToolStep(tool, params, description),
  };
}

/** Mark free text that names no tool as a next step (decision 4). */
export function advice(text: string): AORPAdvice {
  return text as AORPAdvice;
}

function buildResponse<T, TTool extends string>(input: AORPResponseInput<T, TTool>): AORPResponse<T, TTool> {
  return {
    immediate: {
      ...input.immediate,
      confidence: clampScore(input.immediate.confidence),
    },
    actionable: buildActionable(input.actionable),
    quality: {
      ...input.quality,
      completeness: clampScore(input.quality.completeness),
      reliability: clampScore(input.quality.reliability),
      indicators: { ...input.quality.indicators },
    },
    details: {
      ...input.details,
      metadata: buildMetadata(input.details.metadata ?? {}),
    },
  };
}

function buildError<TTool extends string>(input: AORPErrorInput<TTool>): AORPErrorResponse<TTool> {
  return {
    immediate: { ...input.immediate, status: "error", confidence: 0 },
    actionable: {
      ...input.actionable,
      next_steps: [...input.actionable.next_steps],
      recommendations: {
        ...input.actionable.recommendations,
        secondary: [...input.actionable.recommendations.secondary],
      },
    },
    quality: {
      completeness: 0,
      reliability: 0,
      urgency: input.quality.urgency,
      indicators: { ...input.quality.indicators },
    },
    details: {
      ...input.details,
      metadata: { ...buildMetadata(input.details.metadata), error_id: input.details.metadata.error_id },
    },
  };
}

function buildActionable<TTool extends string>(input: AORPActionableInput<TTool>): AORPActionable<TTool> {
  const { secondary, ...recommendations } = input.recommendations;
  return {
    ...input,
    next_steps: [...input.next_steps],
    recommendations: secondary === undefined ? recommendations : { ...recommendations, secondary: [...secondary] },
  };
}

function buildMetadata(input: AORPMetadataInput): AORPMetadata {
  return { ...input, timestamp: input.timestamp ?? new Date().toISOString() };
}

function renderToolStep<TTool extends string>(
  tool: TTool,
  params: object | undefined,
  description: string | undefined,
): AORPToolStep<TTool> {
  let call: string = tool;
  if (params !== undefined) {
    const args = Object.entries(params)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`);
    call = `${tool}(${args.join(", ")})`;
  }
  const text = description === undefined || description === "" ? call : `${call} - ${description}`;
  return text as AORPToolStep<TTool>;
}

// ---------------------------------------------------------------------------------------------
// Helpers the document specifies
// ---------------------------------------------------------------------------------------------

/** Clamp to 0.0-1.0 (decision 2); NaN becomes 0. */
export function clampScore(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

export type AORPConfidenceInput = {
  perspectivesResponded: number;
  totalPerspectives: number;
  errorCount: number;
  /** 0.0-1.0 each; an empty list stands for 0.5, as in the document. */
  responseQualityScores: readonly number[];
};

/** coverage x error penalty (0.2 per error) x average quality, clamped (decision 10). */
export function calculateConfidence(input: AORPConfidenceInput): number {
  const coverage = input.totalPerspectives > 0 ? input.perspectivesResponded / input.totalPerspectives : 0;
  const errorPenalty = Math.max(0, 1 - Math.max(0, input.errorCount) * 0.2);
  const scores = input.responseQualityScores.map(clampScore);
  const averageQuality = scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : 0.5;
  return clampScore(coverage * errorPenalty * averageQuality);
}

export type AORPWorkflowState = {
  /** "new" for a session nothing has been asked of yet. */
  sessionState: string;
  analysisComplete: boolean;
  errorCount: number;
};

/** The steps to offer in each situation `generateNextSteps` tells apart. */
export type AORPNextStepPlan<TTool extends string = string> = {
  newSession: readonly AORPNextStep<TTool>[];
  completeWithoutErrors: readonly AORPNextStep<TTool>[];
  withErrors: readonly AORPNextStep<TTool>[];
  inProgress: readonly AORPNextStep<TTool>[];
};

/** The document's decision order over a server-supplied plan (decision 11). */
export function generateNextSteps<TTool extends string>(
  state: AORPWorkflowState,
  plan: AORPNextStepPlan<TTool>,
): AORPNextStep<TTool>[] {
  if (state.sessionState === "new") return [...plan.newSession];
  if (state.analysisComplete && state.errorCount === 0) return [...plan.completeWithoutErrors];
  if (state.errorCount > 0) return [...plan.withErrors];
  return [...plan.inProgress];
}

// ---------------------------------------------------------------------------------------------
// Rendering to MCP
// ---------------------------------------------------------------------------------------------

/** Structurally a subset of the SDK's `CallToolResult` (a type alias, so it has an implicit index signature). */
export type AORPCallToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
};

/** The envelope in `structuredContent`, mirrored as JSON text; error envelopes set `isError`. */
export function toCallToolResult(envelope: AORPResponse<unknown, string> | AORPErrorResponse<string>): AORPCallToolResult {
  const structuredContent = envelope as unknown as { [key: string]: unknown };
  const result: AORPCallToolResult = {
    content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }],
    structuredContent,
  };
  if (envelope.immediate.status === "error") result.isError = true;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/** Structurally identical to mcp-conform's `ValidationProblem`. */
export type AORPValidationProblem = { path: string; message: string; line?: number };

export type AORPValidationOptions = {
  /** Also check a tool-specific variant (an error envelope is always checked as one). */
  variant?: AORPVariant;
  /** The server's tool names: next steps that call a tool must call one of these. */
  tools?: readonly string[];
};

type Problems = AORPValidationProblem[];
type Check = (value: unknown, path: string, problems: Problems) => void;
type Field = { readonly required: boolean; readonly check: Check };
type Fields = { readonly [key: string]: Field };

const TOOL_STEP = /^([A-Za-z0-9_./-]+)(\([\s\S]*\))?( - [\s\S]+)?$/;
/** A date that exists: day 29 of February only in leap years (divisible by 4, not by 100 unless by 400). */
const CALENDAR_DATE =
  "(?:\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))" +
  "|(?:\\d\\d(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)";

/**
 * ISO 8601 date-time as decision 7 reads it: a calendar date, `T`, hours and minutes, optional
 * seconds and fraction, optional zone (`Z`, `+hh:mm` or `+hhmm`). The JSON Schema's `pattern`.
 */
export const AORP_DATE_TIME_PATTERN = `^${CALENDAR_DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d)?$`;
const ISO_DATE_TIME = new RegExp(AORP_DATE_TIME_PATTERN, "u");

/** Check a value against the AORP envelope (and a variant); returns every problem found. */
export function validateAORP(value: unknown, options: AORPValidationOptions = {}): AORPValidationProblem[] {
  const problems: Problems = [];
  const isError = isRecord(value) && isRecord(value["immediate"]) && value["immediate"]["status"] === "error";
  const shape = isError ? errorShape(options) : successShape(options);
  shape(value, "", problems);
  if (!isError && options.variant === "analysis") checkAnalysisCompleteness(value, problems);
  return problems;
}

function successShape(options: AORPValidationOptions): Check {
  const base = universalLayers(options);
  switch (options.variant) {
    case "analysis":
      return objectOf({
        immediate: required(objectOf({ ...base.immediate, status: required(oneOf(["success", "partial"])), session_id: required(text) })),
        actionable: required(objectOf(actionableWithSecondary(options))),
        quality: required(
          objectOf({
            ...base.quality,
            indicators: required(
              objectOf({
                total_perspectives: required(count),
                active_responses: required(count),
                abstentions: required(count),
                errors: required(count),
                consensus_level: required(score),
              }),
            ),
          }),
        ),
        details: required(
          objectOf({
            ...base.details,
            data: required(
              objectOf({
                perspectives: required(
                  objectOf({
                    high_impact: required(recordOf(text)),
                    medium_impact: required(recordOf(text)),
                    supporting: required(recordOf(text)),
                  }),
                ),
                abstained: required(arrayOf(text)),
                errors: required(arrayOf(anything)),
              }),
            ),
            metadata: required(
              objectOf({ ...base.metadata, prompt: required(text), operation_time_ms: required(nonNegativeNumber) }),
            ),
          }),
        ),
      });
    case "synthesis":
      return objectOf({
        immediate: required(objectOf({ ...base.immediate, status: required(oneOf(["success"])), session_id: required(text) })),
        actionable: required(objectOf(actionableWithSecondary(options))),
        quality: required(
          objectOf({
            ...base.quality,
            indicators: required(
              objectOf({
                perspectives_analyzed: required(count),
                patterns_identified: required(count),
                tensions_mapped: required(count),
                emergent_insights: required(count),
              }),
            ),
          }),
        ),
        details: required(
          objectOf({
            ...base.details,
            data: required(
              objectOf({
                convergence: required(
                  objectOf({ high_confidence: required(arrayOf(text)), medium_confidence: required(arrayOf(text)) }),
                ),
                tensions: required(
                  objectOf({
                    critical: required(
                      arrayOf(
                        objectOf({
                          tension: required(text),
                          perspectives: required(arrayOf(text)),
                          resolution_approach: required(text),
                        }),
                      ),
                    ),
                    manageable: required(arrayOf(objectOf({ tension: required(text), mitigation: required(text) }))),
                  }),
                ),
                emergent_insights: required(
                  arrayOf(
                    objectOf({
                      insight: required(text),
                      confidence: required(score),
                      enabling_perspectives: required(arrayOf(text)),
                    }),
                  ),
                ),
                strategic_framework: required(
                  objectOf({
                    decision_criteria: required(arrayOf(text)),
                    success_metrics: required(arrayOf(text)),
                    implementation_sequence: required(arrayOf(text)),
                  }),
                ),
              }),
            ),
            metadata: required(
              objectOf({
                ...base.metadata,
                analyzed_prompt: required(text),
                perspectives_included: required(arrayOf(text)),
                compression_stats: required(plainObject),
              }),
            ),
          }),
        ),
      });
    case "session":
      return objectOf({
        immediate: required(
          objectOf({
            ...base.immediate,
            status: required(oneOf(["success"])),
            confidence: required(exactly(1, "must be 1.0: session operations are always confident")),
            session_id: required(text),
          }),
        ),
        actionable: required(objectOf(actionableWithSecondary(options))),
        quality: required(
          objectOf({
            completeness: required(exactly(1, "must be 1.0: session setup is binary")),
            reliability: required(exactly(1, "must be 1.0: session creation is reliable")),
            urgency: required(oneOf(["low"])),
            indicators: required(
              objectOf({
                perspectives_configured: required(count),
                template_used: required(text),
                backend_configured: required(text),
              }),
            ),
          }),
        ),
        details: required(
          objectOf({
            ...base.details,
            data: required(
              objectOf({
                session_config: required(
                  objectOf({
                    perspectives: required(arrayOf(text)),
                    model_backend: required(text),
                    model_name: required(text),
                    topic: required(text),
                  }),
                ),
                available_operations: required(arrayOf(text)),
              }),
            ),
            metadata: required(
              objectOf({
                ...base.metadata,
                created_at: required(isoDateTime),
                template_used: optional(text),
                session_ttl: required(text),
              }),
            ),
          }),
        ),
      });
  }
  return objectOf({
    immediate: required(objectOf(base.immediate)),
    actionable: required(objectOf(base.actionable)),
    quality: required(objectOf(base.quality)),
    details: required(objectOf(base.details)),
  });
}

function errorShape(options: AORPValidationOptions): Check {
  const base = universalLayers(options);
  return objectOf({
    immediate: required(
      objectOf({ ...base.immediate, confidence: required(exactly(0, "must be 0.0 in an error envelope")) }),
    ),
    actionable: required(objectOf(actionableWithSecondary(options))),
    quality: required(
      objectOf({
        completeness: required(exactly(0, "must be 0.0 in an error envelope")),
        reliability: required(exactly(0, "must be 0.0 in an error envelope")),
        urgency: required(oneOf(["high", "critical"])),
        indicators: required(
          objectOf({
            ...base.indicators,
            error_type: required(text),
            recoverable: required(boolean),
            retry_suggested: required(boolean),
          }),
        ),
      }),
    ),
    details: required(
      objectOf({
        summary: required(text),
        data: required(
          objectOf({ error_code: required(text), error_message: required(text), context: required(anything) }),
        ),
        metadata: required(objectOf({ ...base.metadata, error_id: required(text) })),
        debug: required(anything),
      }),
    ),
  });
}

function universalLayers(options: AORPValidationOptions) {
  const indicators: Fields = {
    total_perspectives: optional(count),
    active_responses: optional(count),
    errors: optional(count),
    abstentions: optional(count),
  };
  const metadata: Fields = {
    timestamp: required(isoDateTime),
    operation_time_ms: optional(nonNegativeNumber),
    compression_stats: optional(plainObject),
  };
  return {
    immediate: {
      status: required(oneOf(["success", "error", "partial", "pending"])),
      key_insight: required(text),
      confidence: required(score),
      session_id: optional(text),
    } satisfies Fields,
    actionable: {
      next_steps: required(arrayOf(nextStep(options.tools))),
      recommendations: required(objectOf({ primary: required(text), secondary: optional(arrayOf(text)) })),
      workflow_guidance: required(text),
    } satisfies Fields,
    quality: {
      completeness: required(score),
      reliability: required(score),
      urgency: required(oneOf(["low", "medium", "high", "critical"])),
      indicators: required(objectOf(indicators)),
    } satisfies Fields,
    indicators,
    details: {
      summary: required(text),
      data: required(anything),
      metadata: required(objectOf(metadata)),
      debug: optional(anything),
    } satisfies Fields,
    metadata,
  };
}

/** The variants and the error schema make `secondary` required. */
function actionableWithSecondary(options: AORPValidationOptions): Fields {
  return {
    ...universalLayers(options).actionable,
    recommendations: required(objectOf({ primary: required(text), secondary: required(arrayOf(text)) })),
  };
}

function checkAnalysisCompleteness(value: unknown, problems: Problems): void {
  if (!isRecord(value) || !isRecord(value["quality"])) return;
  const quality = value["quality"];
  const indicators = quality["indicators"];
  if (!isRecord(indicators)) return;
  const active = indicators["active_responses"];
  const total = indicators["total_perspectives"];
  const completeness = quality["completeness"];
  if (typeof active !== "number" || typeof total !== "number" || typeof completeness !== "number" || total <= 0) return;
  const expected = active / total;
  if (Math.abs(completeness - expected) > 0.01) {
    problems.push({
      path: "/quality/completeness",
      message: `must equal active_responses / total_perspectives (${active}/${total} = ${round(expected)})`,
    });
  }
}

// Checks ---------------------------------------------------------------------------------------

function required(check: Check): Field {
  return { required: true, check };
}

function optional(check: Check): Field {
  return { required: false, check };
}

function objectOf(fields: Fields): Check {
  return (value, path, problems) => {
    if (!isRecord(value)) {
      problems.push({ path, message: "must be an object" });
      return;
    }
    for (const [key, field] of Object.entries(fields)) {
      const fieldPath = pointer(path, key);
      const fieldValue = Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
      // `undefined` is what JSON.stringify drops, so it counts as absent.
      if (fieldValue === undefined) {
        if (field.required) problems.push({ path: fieldPath, message: "is required" });
        continue;
      }
      field.check(fieldValue, fieldPath, problems);
    }
  };
}

function arrayOf(item: Check): Check {
  return (value, path, problems) => {
    if (!Array.isArray(value)) {
      problems.push({ path, message: "must be an array" });
      return;
    }
    value.forEach((entry, index) => item(entry, pointer(path, String(index)), problems));
  };
}

function recordOf(entry: Check): Check {
  return (value, path, problems) => {
    if (!isRecord(value)) {
      problems.push({ path, message: "must be an object" });
      return;
    }
    for (const [key, child] of Object.entries(value)) entry(child, pointer(path, key), problems);
  };
}

function oneOf(values: readonly string[]): Check {
  return (value, path, problems) => {
    if (typeof value !== "string" || !values.includes(value)) {
      problems.push({ path, message: `must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}` });
    }
  };
}

function exactly(expected: number, message: string): Check {
  return (value, path, problems) => {
    if (value !== expected) problems.push({ path, message });
  };
}

const anything: Check = () => {};

const text: Check = (value, path, problems) => {
  if (typeof value !== "string") problems.push({ path, message: "must be a string" });
  else if (value.trim() === "") problems.push({ path, message: "must not be empty" });
};

const boolean: Check = (value, path, problems) => {
  if (typeof value !== "boolean") problems.push({ path, message: "must be a boolean" });
};

const plainObject: Check = (value, path, problems) => {
  if (!isRecord(value)) problems.push({ path, message: "must be an object" });
};

const score: Check = (value, path, problems) => {
  if (typeof value !== "number" || !Number.isFinite(value)) problems.push({ path, message: "must be a number" });
  else if (value < 0 || value > 1) problems.push({ path, message: `must be between 0.0 and 1.0 (got ${value})` });
};

const count: Check = (value, path, problems) => {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    problems.push({ path, message: "must be a non-negative integer" });
  }
};

const nonNegativeNumber: Check = (value, path, problems) => {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    problems.push({ path, message: "must be a non-negative number" });
  }
};

const isoDateTime: Check = (value, path, problems) => {
  if (typeof value !== "string" || !ISO_DATE_TIME.test(value)) {
    problems.push({ path, message: "must be an ISO 8601 date-time" });
  }
};

function nextStep(tools: readonly string[] | undefined): Check {
  return (value, path, problems) => {
    const before = problems.length;
    text(value, path, problems);
    if (problems.length > before || tools === undefined || typeof value !== "string") return;
    const name = TOOL_STEP.exec(value)?.[1];
    if (name !== undefined && !tools.includes(name)) {
      problems.push({ path, message: `names unknown tool "${name}"` });
    }
  };
}

function pointer(path: string, key: string): string {
  return `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
