/**
 * MCP Tool Guidance Pattern runtime.
 *
 * Emitted verbatim into MCP server projects: it imports nothing and compiles under `strict`,
 * `exactOptionalPropertyTypes` and `noUncheckedIndexedAccess` with erasable syntax only.
 *
 * Every tool response, errors included, carries a `guidance` object beside its payload fields:
 * `current_state`, `next_action`, `available_actions` (required), `warnings`, `blocked_reason`,
 * `context` (optional).
 *
 * DECISIONS, where the document is loose (each one is tested):
 * 1. `available_actions` entries name tools, in the document's spelling "tool - what it does" or a
 *    bare "tool". The type is the template literal `${TTool} | ${TTool} - ${string}` over the
 *    server's tool names, so a misspelt or removed tool is a compile error. The document only says
 *    "array of action descriptors", so the validator asks for non-blank strings; an entry in the
 *    tool spelling (one token of tool-name characters `[A-Za-z0-9_./-]`, optionally " - ...") must,
 *    given `tools`, name one of them. With `strict`, every entry must be in that spelling. An empty
 *    list is allowed: a terminal state may offer no action.
 * 2. `warnings` and `blocked_reason` may be `null` (the document's examples send `null` for
 *    "nothing"); `context` is an object when present, never `null` (no example sends one).
 * 3. `current_state` is a non-blank string: the document asks for a "brief, descriptive string".
 *    With `strict`, it must be a lower-case snake_case identifier ("phase_active_agents_working"),
 *    as every example is and as orchestrators that match on it want. `next_action` is free text;
 *    that it "starts with a verb" cannot be checked reliably and is not.
 * 4. An error envelope is one with `success: false` (the document's convention). It must carry
 *    `error` (a non-empty string). Its `guidance.blocked_reason` is optional, as the document marks
 *    it; with `strict` it is required, because every error example in the document explains what
 *    blocks it and recovery is the point of error guidance (the builders' `ErrorGuidance` type
 *    always asks for it). `toCallToolResult` sets `isError` exactly for error envelopes.
 *    The three `strict` rules (decisions 1, 3 and 4) are the pattern's own conventions rather than
 *    the document's requirements: `mcp-conform validate` reports them as warnings unless run with
 *    `--strict`, and `envelopeSchema({ strict: true })` (`mcp-conform schema --strict`) carries them.
 * 5. The state-driven builder takes one rule per state of a state union; leaving a state out is a
 *    compile error. A rule is a guidance object or a function of the caller's facts (the
 *    document's `if agents_running > 0` branching). A state with no rule at run time (a cast, a
 *    value read from storage) throws, naming the state: guessing guidance would mislead.
 * 6. Extra fields are allowed in the guidance object ("Extensible - Can add fields as needed").
 * 7. The document's Example 1 elides its payload with `"phases": [...]`, which is not JSON; the
 *    fixture uses an empty array there.
 * 8. An error's guidance is the tool's error guidance with what that one error says laid over it
 *    (`withErrorParts`): "All error responses must include recovery guidance", and an error that
 *    knows its own state, next action or blocked reason (Example 3, "Error Recovery Guidance")
 *    says it in the same fields, never in new ones.
 */

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

/*
 * The spelling "tool - what it does" is a plain template literal type, not intersected with an
 * object type: the checker reduces every such intersection (listing every property of `String`)
 * the first time the union is a relation's target, which cost more than the literal-against-template
 * tests the intersection saved at building the union (see `AORPToolStep` in the AORP runtime).
 * Bare names stay literals, so a misspelt one still gets "Did you mean".
 */
/** @deprecated No longer part of `GuidanceAction` (see above); kept for code that names it. */
export type GuidanceSpelled = { toString(): string };

/** One available action: a tool name, optionally with " - what it does" (decision 1). */
export type GuidanceAction<TTool extends string = string> = TTool | `${TTool} - ${string}`;

export type GuidanceContext = { [key: string]: unknown };

export type Guidance<TTool extends string = string> = {
  /** What state or condition the system is in, e.g. "phase_active". */
  current_state: string;
  /** The primary action the orchestrator should take, starting with a verb. */
  next_action: string;
  /** Every valid action in the current state. */
  available_actions: GuidanceAction<TTool>[];
  /** Non-blocking issues needing attention. */
  warnings?: string[] | null;
  /** Why the requested action cannot proceed. */
  blocked_reason?: string | null;
  context?: GuidanceContext;
};

/** Guidance for an error: it must say what blocks the caller (decision 4). */
export type ErrorGuidance<TTool extends string = string> = Guidance<TTool> & { blocked_reason: string };

/** The payload's fields with `guidance` beside them. */
export type GuidanceEnvelope<P extends object, TTool extends string = string> = P & { guidance: Guidance<TTool> };

export type GuidanceErrorEnvelope<TTool extends string = string, P extends object = {}> = P & {
  success: false;
  error: string;
  guidance: ErrorGuidance<TTool>;
};

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

/** A state's guidance: fixed, or computed from the caller's facts. */
export type GuidanceRule<TTool extends string, TFacts> = Guidance<TTool> | ((facts: TFacts) => Guidance<TTool>);

/** One rule for every state of `TState`: a missing state is a compile error (decision 5). */
export type GuidanceStateRules<TState extends string, TTool extends string, TFacts> = {
  readonly [S in TState]: GuidanceRule<TTool, TFacts>;
};

/** What a call adds to the state's guidance: this response's warnings, context or block. */
export type GuidanceExtras = {
  warnings?: string[] | null;
  blocked_reason?: string | null;
  context?: GuidanceContext;
};

/**
 * What one error says in the pattern's own fields, laid over the tool's error guidance by
 * `withErrorParts` (decision 8). Its actions are plain strings: they come from what a server
 * already said (a legacy error envelope), not checked against the tool names at compile time.
 */
export type ErrorGuidanceParts = {
  current_state?: string;
  next_action?: string;
  available_actions?: readonly string[];
  warnings?: readonly string[] | null;
  blocked_reason?: string | null;
  context?: GuidanceContext;
};

export type GuidanceForState<TState extends string, TTool extends string, TFacts> = (
  state: TState,
  facts: TFacts,
  extras?: GuidanceExtras,
) => Guidance<TTool>;

export type GuidanceErrorInput<TTool extends string, P extends object> = {
  error: string;
  guidance: ErrorGuidance<TTool>;
  /** Further payload fields of the error response. */
  payload?: P;
};

/** Builders bound to one server's tool names, so every available action is checked. */
export type GuidanceKit<TTool extends string> = {
  /** A guidance object, typed against the server's tools. */
  guidance(guidance: Guidance<TTool>): Guidance<TTool>;
  /**
   * The state-driven builder. Give the state union explicitly (`states<PhaseStatus, Facts>(...)`)
   * so a state without a rule fails to compile.
   */
  states<TState extends string, TFacts = void>(
    rules: GuidanceStateRules<TState, TTool, TFacts>,
  ): GuidanceForState<TState, TTool, TFacts>;
  /** Guidance for an error: `blocked_reason` is required. */
  errorGuidance(guidance: ErrorGuidance<TTool>): ErrorGuidance<TTool>;
  /**
   * Guidance a server already sends inside its payload, made complete (see `completeGuidance`).
   * Its actions are the server's own strings, not checked against the tool names at compile time.
   */
  complete(source: unknown, fallbackState: string): Guidance<TTool>;
  /** The payload's fields with `guidance` beside them. */
  envelope<P extends object & { guidance?: never }>(payload: P, guidance: Guidance<TTool>): GuidanceEnvelope<P, TTool>;
  /** `{ success: false, error, ...payload, guidance }`. */
  errorEnvelope<P extends object & { guidance?: never; success?: never; error?: never } = {}>(
    input: GuidanceErrorInput<TTool, P>,
  ): GuidanceErrorEnvelope<TTool, P>;
};

export function createGuidance<TTool extends string = string>(): GuidanceKit<TTool> {
  return {
    guidance: (guidance) => copyGuidance(guidance),
    states: (rules) => (state, facts, extras) => guidanceForState(rules, state, facts, extras),
    errorGuidance: (guidance) => copyGuidance(guidance),
    complete: (source, fallbackState) => completeGuidance(source, fallbackState) as Guidance<TTool>,
    envelope: (payload, guidance) => ({ ...payload, guidance: copyGuidance(guidance) }),
    errorEnvelope: (input) => buildErrorEnvelope(input),
  };
}

function buildErrorEnvelope<TTool extends string, P extends object>(
  input: GuidanceErrorInput<TTool, P>,
): GuidanceErrorEnvelope<TTool, P> {
  const fields = { success: false as const, error: input.error, guidance: copyGuidance(input.guidance) };
  return { ...input.payload, ...fields } as GuidanceErrorEnvelope<TTool, P>;
}

function guidanceForState<TState extends string, TTool extends string, TFacts>(
  rules: GuidanceStateRules<TState, TTool, TFacts>,
  state: TState,
  facts: TFacts,
  extras: GuidanceExtras | undefined,
): Guidance<TTool> {
  const rule: GuidanceRule<TTool, TFacts> | undefined = Object.prototype.hasOwnProperty.call(rules, state)
    ? rules[state]
    : undefined;
  if (rule === undefined) throw new Error(`guidance: no rule for state "${state}"`);
  const base = typeof rule === "function" ? rule(facts) : rule;
  return { ...copyGuidance(base), ...extras };
}

/**
 * The error guidance with one error's own parts laid over it (decision 8): a non-blank state, next
 * action or blocked reason replaces the guidance's; its available actions come first, followed by
 * the guidance's own for tools it does not list; warnings are both lists without repeats; context
 * is both objects, the error's keys winning. A blank or missing part leaves the guidance's.
 */
export function withErrorParts<TTool extends string>(
  base: ErrorGuidance<TTool>,
  parts: ErrorGuidanceParts | undefined,
): ErrorGuidance<TTool> {
  const merged = copyGuidance(base);
  if (parts === undefined) return merged;
  const state = nonEmptyText(parts.current_state);
  if (state !== undefined) merged.current_state = state;
  const next = nonEmptyText(parts.next_action);
  if (next !== undefined) merged.next_action = next;
  const blocked = nonEmptyText(parts.blocked_reason);
  if (blocked !== undefined) merged.blocked_reason = blocked;
  const own = strings(parts.available_actions).filter((action) => action.trim() !== "");
  if (own.length > 0) {
    const listed = new Set(own.map(actionTool));
    const rest = merged.available_actions.filter((action) => !listed.has(actionTool(action)));
    merged.available_actions = [...new Set([...own, ...rest])] as GuidanceAction<TTool>[];
  }
  const warnings = strings(parts.warnings);
  if (warnings.length > 0) merged.warnings = [...new Set([...strings(merged.warnings), ...warnings])];
  if (parts.context !== undefined) merged.context = { ...merged.context, ...parts.context };
  return merged;
}

/** The tool an action names ("tool - what it does" gives "tool"), or the action itself. */
function actionTool(action: string): string {
  return ACTION.exec(action)?.[1] ?? action;
}

/** Copies, so a rule's shared objects are never mutated through a response. */
function nonEmptyText(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * Legacy guidance, complete: a payload's `guidance` object (any of its fields), a `guidance`
 * string (the next action), or a bare `next_action` (with `current_state`, `available_actions`)
 * beside the data. A missing state becomes `fallbackState`, missing actions none, a missing next
 * action "Report the result to the user".
 */
export function completeGuidance(source: unknown, fallbackState: string): Guidance<string> {
  const record = isRecord(source) ? source : {};
  const nested = record["guidance"];
  const from = isRecord(nested) ? nested : record;
  const guidance: Guidance<string> = {
    current_state: nonEmptyText(from["current_state"]) ?? fallbackState,
    next_action: nonEmptyText(from["next_action"]) ?? nonEmptyText(nested) ?? "Report the result to the user",
    available_actions: strings(from["available_actions"]),
  };
  if (Array.isArray(from["warnings"])) guidance.warnings = strings(from["warnings"]);
  const blocked = nonEmptyText(from["blocked_reason"]);
  if (blocked !== undefined) guidance.blocked_reason = blocked;
  const context = from["context"];
  if (isRecord(context)) guidance.context = { ...context };
  return guidance;
}

function copyGuidance<G extends Guidance<string>>(guidance: G): G {
  const copy = { ...guidance, available_actions: [...guidance.available_actions] };
  if (Array.isArray(guidance.warnings)) copy.warnings = [...guidance.warnings];
  if (guidance.context !== undefined) copy.context = { ...guidance.context };
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Rendering to MCP
// ---------------------------------------------------------------------------------------------

/** Structurally a subset of the SDK's `CallToolResult` (a type alias, so it has an implicit index signature). */
export type GuidanceCallToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
};

/** The envelope in `structuredContent`, mirrored as JSON text; `success: false` sets `isError`. */
export function toCallToolResult(envelope: { guidance: Guidance<string> }): GuidanceCallToolResult {
  const structuredContent = envelope as { [key: string]: unknown };
  const result: GuidanceCallToolResult = {
    content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }],
    structuredContent,
  };
  if (structuredContent["success"] === false) result.isError = true;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------------------------

/** Structurally identical to mcp-conform's `ValidationProblem`. */
export type GuidanceValidationProblem = { path: string; message: string; line?: number };

export type GuidanceValidationOptions = {
  /** The server's tool names: an available action in the tool spelling must name one. */
  tools?: readonly string[];
  /** Require a non-empty `blocked_reason` (error guidance under `strict`, decision 4). */
  requireBlockedReason?: boolean;
  /** Also check the pattern's conventions: snake_case states, "tool - description" actions (decisions 1, 3). */
  strict?: boolean;
};

/** A lower-case snake_case state identifier (strict, decision 3); the JSON Schema's pattern too. */
export const GUIDANCE_STATE_PATTERN = "^[a-z0-9]+(_[a-z0-9]+)*$";
/** "tool" or "tool - description" (decision 1); the strict JSON Schema's pattern too. */
export const GUIDANCE_ACTION_PATTERN = "^([A-Za-z0-9_./-]+)( - [\\s\\S]*\\S[\\s\\S]*)?$";
const STATE_ID = new RegExp(GUIDANCE_STATE_PATTERN, "u");
const ACTION = new RegExp(GUIDANCE_ACTION_PATTERN, "u");

/**
 * Check a guidance object. `path` prefixes every problem's path, so a caller validating
 * `envelope.guidance` passes "/guidance".
 */
export function validateGuidance(
  value: unknown,
  options: GuidanceValidationOptions = {},
  path = "",
): GuidanceValidationProblem[] {
  const problems: GuidanceValidationProblem[] = [];
  if (!isRecord(value)) {
    problems.push({ path, message: "must be an object" });
    return problems;
  }
  const at = (key: string) => `${path}/${key}`;

  const state = value["current_state"];
  if (checkText(state, at("current_state"), true, problems) && options.strict === true && !STATE_ID.test(state)) {
    problems.push({ path: at("current_state"), message: "must be a lower-case snake_case state identifier" });
  }
  checkText(value["next_action"], at("next_action"), true, problems);

  const actions = value["available_actions"];
  if (actions === undefined) problems.push({ path: at("available_actions"), message: "is required" });
  else if (!Array.isArray(actions)) problems.push({ path: at("available_actions"), message: "must be an array" });
  else actions.forEach((action, index) => checkAction(action, `${at("available_actions")}/${index}`, options, problems));

  const warnings = value["warnings"];
  if (warnings !== undefined && warnings !== null) {
    if (!Array.isArray(warnings)) problems.push({ path: at("warnings"), message: "must be an array or null" });
    else warnings.forEach((warning, index) => checkText(warning, `${at("warnings")}/${index}`, true, problems));
  }

  const blocked = value["blocked_reason"];
  if (options.requireBlockedReason === true) {
    if (blocked === undefined || blocked === null) {
      problems.push({ path: at("blocked_reason"), message: "is required in error guidance" });
    } else checkText(blocked, at("blocked_reason"), true, problems);
  } else if (blocked !== undefined && blocked !== null) {
    if (typeof blocked !== "string") problems.push({ path: at("blocked_reason"), message: "must be a string or null" });
    else checkText(blocked, at("blocked_reason"), true, problems);
  }

  const context = value["context"];
  if (context !== undefined && !isRecord(context)) problems.push({ path: at("context"), message: "must be an object" });

  return problems;
}

/**
 * Check a guidance envelope: an object whose `guidance` field is valid guidance; an error
 * envelope (`success: false`) also needs `error`, and with `strict` a `blocked_reason` (decision 4).
 */
export function validateGuidanceEnvelope(
  value: unknown,
  options: Omit<GuidanceValidationOptions, "requireBlockedReason"> = {},
): GuidanceValidationProblem[] {
  if (!isRecord(value)) return [{ path: "", message: "must be an object" }];
  const problems: GuidanceValidationProblem[] = [];
  const isError = value["success"] === false;
  if (isError) checkText(value["error"], "/error", true, problems, "is required in an error envelope");
  if (value["guidance"] === undefined) {
    problems.push({ path: "/guidance", message: "is required" });
    return problems;
  }
  problems.push(...validateGuidance(value["guidance"], { ...options, requireBlockedReason: isError && options.strict === true }, "/guidance"));
  return problems;
}

function checkAction(
  value: unknown,
  path: string,
  options: GuidanceValidationOptions,
  problems: GuidanceValidationProblem[],
): void {
  if (!checkText(value, path, true, problems)) return;
  const tool = ACTION.exec(value)?.[1];
  if (tool === undefined) {
    if (options.strict === true) problems.push({ path, message: 'must be "tool_name" or "tool_name - description"' });
  } else if (options.tools !== undefined && !options.tools.includes(tool)) {
    problems.push({ path, message: `names unknown tool "${tool}"` });
  }
}

/** True when `value` is a (non-empty, if asked) string; otherwise records why not. */
function checkText(
  value: unknown,
  path: string,
  nonEmpty: boolean,
  problems: GuidanceValidationProblem[],
  missingMessage = "is required",
): value is string {
  if (value === undefined) {
    problems.push({ path, message: missingMessage });
    return false;
  }
  if (typeof value !== "string") {
    problems.push({ path, message: "must be a string" });
    return false;
  }
  if (nonEmpty && value.trim() === "") {
    problems.push({ path, message: "must not be empty" });
    return false;
  }
  return true;
}

function isRecord(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
