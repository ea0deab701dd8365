import { describe, expect, it } from "vitest";
import { guidanceProtocol } from "../../../src/protocols/guidance/index.js";
import {
  createGuidance,
  toCallToolResult,
  validateGuidance,
  validateGuidanceEnvelope,
  withErrorParts,
  type Guidance,
} from "../../../src/protocols/guidance/runtime.js";
import { documentTools } from "./fixtures.js";

type Tool = (typeof documentTools)[number];
const guidance = createGuidance<Tool>();

const registryLocked = {
  current_state: "registry_lock_conflict",
  next_action: "Wait 5 seconds and retry",
  available_actions: ["get_real_task_status - Check if lock released", "kill_real_agent - Terminate blocking agent if stuck"],
  blocked_reason: "Another agent is currently updating the registry",
} satisfies Guidance<Tool>;

describe("the state-driven builder (decision 5)", () => {
  const shared: Guidance<Tool> = {
    current_state: "phase_pending",
    next_action: "Phase will auto-activate when ready",
    available_actions: ["get_phase_status - Check phase details"],
    warnings: ["deadline approaching"],
    context: { phase_index: 1 },
  };
  const forPhase = guidance.states<"PENDING" | "APPROVED">({
    PENDING: shared,
    APPROVED: () => ({
      current_state: "phase_approved",
      next_action: "Call advance_to_next_phase to proceed",
      available_actions: ["advance_to_next_phase - Move to next phase"],
    }),
  });

  it("overlays a call's extras on the state's guidance", () => {
    expect(forPhase("APPROVED", undefined, { warnings: null, blocked_reason: null })).toEqual({
      current_state: "phase_approved",
      next_action: "Call advance_to_next_phase to proceed",
      available_actions: ["advance_to_next_phase - Move to next phase"],
      warnings: null,
      blocked_reason: null,
    });
  });

  it("hands out copies, so a response never mutates the rule", () => {
    const first = forPhase("PENDING");
    first.available_actions.push("get_review_status");
    first.warnings?.push("late");
    (first.context as Record<string, unknown>)["phase_index"] = 9;
    expect(forPhase("PENDING")).toEqual(shared);
    expect(shared.available_actions).toEqual(["get_phase_status - Check phase details"]);
  });

  it("throws, naming the state, when a state has no rule at run time", () => {
    const unknown = "ARCHIVED" as "PENDING";
    expect(() => forPhase(unknown)).toThrow('guidance: no rule for state "ARCHIVED"');
    // Inherited properties are not rules.
    expect(() => forPhase("toString" as "PENDING")).toThrow('no rule for state "toString"');
  });
});

describe("error guidance and error envelopes (decision 4)", () => {
  it("builds { success: false, error, ...payload, guidance } with blocked_reason", () => {
    const envelope = guidance.errorEnvelope({
      error: "Registry locked by another process",
      guidance: guidance.errorGuidance(registryLocked),
      payload: { task_id: "TASK-1" },
    });
    expect(envelope).toEqual({ task_id: "TASK-1", success: false, error: "Registry locked by another process", guidance: registryLocked });
    expect(validateGuidanceEnvelope(envelope, { tools: documentTools })).toEqual([]);
  });

  it("renders errors with isError: true and the JSON mirror", () => {
    const envelope = guidance.errorEnvelope({ error: "Registry locked", guidance: registryLocked });
    const result = toCallToolResult(envelope);
    expect(result).toEqual({
      content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }],
      structuredContent: envelope,
      isError: true,
    });
    expect(guidanceProtocol.validate(result)).toEqual([]);
  });

  it("requires blocked_reason only of errors", () => {
    const { blocked_reason: _omitted, ...unblocked } = registryLocked;
    expect(validateGuidance(unblocked)).toEqual([]);
    expect(validateGuidance(unblocked, { requireBlockedReason: true })).toEqual([{ path: "/blocked_reason", message: "is required in error guidance" }]);
  });
});

describe("an error's own parts laid over the error guidance (decision 8)", () => {
  const toolError = guidance.errorGuidance({
    current_state: "advance_failed",
    next_action: "Check the task id and retry",
    available_actions: ["get_phase_status - View phase state", "get_real_task_status"],
    warnings: ["Registry is slow"],
    blocked_reason: "Phase is not approved",
    context: { task_id: "TASK-1", phase: 1 },
  });

  it("is the error guidance itself (a copy) without parts", () => {
    const merged = withErrorParts(toolError, undefined);
    expect(merged).toEqual(toolError);
    merged.available_actions.push("get_review_status");
    expect(toolError.available_actions).toHaveLength(2);
  });

  it("replaces the state, next action and blocked reason, lists the error's actions first and keeps both warnings and contexts", () => {
    // Example 3 of the document, "Error with Recovery Guidance", as a legacy error sent it.
    const merged = withErrorParts(toolError, {
      current_state: "phase_blocked_not_approved",
      next_action: "Wait for review completion or call get_review_status",
      available_actions: ["get_review_status - Check review progress", "get_phase_status - View detailed phase state"],
      warnings: ["Registry is slow", "Reviewer idle"],
      blocked_reason: "Cannot advance: Phase 'Implementation' has status 'UNDER_REVIEW', must be 'APPROVED'",
      context: { phase: 2 },
    });
    expect(merged).toEqual({
      current_state: "phase_blocked_not_approved",
      next_action: "Wait for review completion or call get_review_status",
      // get_phase_status once, as the error said it; the tool's other action after.
      available_actions: ["get_review_status - Check review progress", "get_phase_status - View detailed phase state", "get_real_task_status"],
      warnings: ["Registry is slow", "Reviewer idle"],
      blocked_reason: "Cannot advance: Phase 'Implementation' has status 'UNDER_REVIEW', must be 'APPROVED'",
      context: { task_id: "TASK-1", phase: 2 },
    });
    expect(validateGuidance(merged, { tools: documentTools, requireBlockedReason: true, strict: true })).toEqual([]);
  });

  it("keeps the error guidance's own where a part is blank, null or missing", () => {
    expect(withErrorParts(toolError, { current_state: " ", next_action: "", blocked_reason: null, available_actions: [], warnings: null })).toEqual(toolError);
    expect(withErrorParts(toolError, { next_action: "Use get_review_status" })).toEqual({ ...toolError, next_action: "Use get_review_status" });
  });

  it("makes an error envelope that validates", () => {
    const envelope = guidance.errorEnvelope({
      error: "NO_DIVIDEND_DATA",
      guidance: withErrorParts(toolError, { current_state: "no_dividend_data", available_actions: ["get_review_status"] }),
    });
    expect(guidanceProtocol.validate(toCallToolResult(envelope), { tools: documentTools })).toEqual([]);
  });
});

describe("the guidance envelope", () => {
  it("puts the payload's fields beside guidance and renders without isError", () => {
    const envelope = guidance.envelope({ success: true, review_status: "in_progress" }, registryLocked);
    expect(envelope).toEqual({ success: true, review_status: "in_progress", guidance: registryLocked });
    const result = toCallToolResult(envelope);
    expect(result.structuredContent).toBe(envelope);
    expect("isError" in result).toBe(false);
    expect(guidanceProtocol.validate(result)).toEqual([]);
  });

  it("a success: false result without isError is flagged, and a success result with it too", () => {
    const failure = guidance.errorEnvelope({ error: "x", guidance: registryLocked });
    const { isError: _dropped, ...unflagged } = toCallToolResult(failure);
    expect(guidanceProtocol.validate(unflagged)).toEqual([{ path: "/isError", message: "must be true for an error envelope" }]);
    const success = toCallToolResult(guidance.envelope({ success: true }, registryLocked));
    expect(guidanceProtocol.validate({ ...success, isError: true })).toEqual([{ path: "/isError", message: "is true but the envelope reports no error" }]);
  });

  it("validates an envelope that travels only as text", () => {
    const envelope = guidance.envelope({ success: true }, { ...registryLocked, current_state: "Locked!", next_action: " " });
    expect(guidanceProtocol.validate({ content: [{ type: "text", text: JSON.stringify(envelope) }] })).toEqual([
      { path: "/content/0/text/guidance/next_action", message: "must not be empty" },
    ]);
    expect(guidanceProtocol.validate({ content: [{ type: "text", text: JSON.stringify(envelope) }] }, { strict: true })).toEqual([
      { path: "/content/0/text/guidance/current_state", message: "must be a lower-case snake_case state identifier" },
      { path: "/content/0/text/guidance/next_action", message: "must not be empty" },
    ]);
  });
});

describe("validator decisions", () => {
  const base: Guidance = { current_state: "phase_active", next_action: "Deploy agents", available_actions: [] };

  it("allows an empty available_actions and a bare tool name (decision 1)", () => {
    expect(validateGuidance(base)).toEqual([]);
    expect(validateGuidance({ ...base, available_actions: ["get_phase_status"] }, { tools: documentTools })).toEqual([]);
  });

  it("with strict, rejects an action with an empty description (decision 1)", () => {
    expect(validateGuidance({ ...base, available_actions: ["get_phase_status - "] }, { strict: true })).toEqual([
      { path: "/available_actions/0", message: 'must be "tool_name" or "tool_name - description"' },
    ]);
  });

  it("without strict, takes any non-blank action and state, and checks tool names where an action has the tool spelling", () => {
    const loose = { ...base, current_state: "Phase Active", available_actions: ["Wait for the reviewers", "get_phase_status - "] };
    expect(validateGuidance(loose, { tools: documentTools })).toEqual([]);
    expect(validateGuidance({ ...loose, available_actions: ["get_phase_stats - View state", " "] }, { tools: documentTools })).toEqual([
      { path: "/available_actions/0", message: 'names unknown tool "get_phase_stats"' },
      { path: "/available_actions/1", message: "must not be empty" },
    ]);
    expect(validateGuidance(loose, { strict: true })).toEqual([
      { path: "/current_state", message: "must be a lower-case snake_case state identifier" },
      { path: "/available_actions/0", message: 'must be "tool_name" or "tool_name - description"' },
      { path: "/available_actions/1", message: 'must be "tool_name" or "tool_name - description"' },
    ]);
  });

  it("accepts null warnings and blocked_reason, and extra fields (decisions 2 and 6)", () => {
    expect(validateGuidance({ ...base, warnings: null, blocked_reason: null, priority: "high" })).toEqual([]);
  });

  it("does not judge next_action's wording: the document's own bad examples pass (decision 3)", () => {
    expect(validateGuidance({ ...base, next_action: "You might want to deploy agents" })).toEqual([]);
    expect(validateGuidance({ ...base, next_action: "Review is happening" })).toEqual([]);
  });

  it("prefixes paths for embedded guidance", () => {
    expect(validateGuidance({ ...base, next_action: "" }, {}, "/guidance")).toEqual([{ path: "/guidance/next_action", message: "must not be empty" }]);
  });
});

describe("complete(): guidance a legacy payload already carries, made full", () => {
  it("fills what a partial guidance object lacks and keeps what it has", () => {
    const partial = { success: true, guidance: { next_action: "Call get_phase_status for guidance", warnings: ["slow"] } };
    expect(guidance.complete(partial, "create_real_task_done")).toEqual({
      current_state: "create_real_task_done",
      next_action: "Call get_phase_status for guidance",
      available_actions: [],
      warnings: ["slow"],
    });
  });

  it("takes a full guidance object as it is", () => {
    expect(guidance.complete({ task_id: "t1", guidance: registryLocked }, "ignored")).toEqual(registryLocked);
  });

  it("reads a guidance string as the next action, and a bare next_action beside the data", () => {
    expect(guidance.complete({ guidance: "Wait for reviewer verdicts" }, "under_review")).toEqual({
      current_state: "under_review",
      next_action: "Wait for reviewer verdicts",
      available_actions: [],
    });
    expect(
      guidance.complete(
        { status: "running", next_action: "Wait for 2 agents", current_state: "agents_running", available_actions: ["get_agent_output", 7] },
        "x",
      ),
    ).toEqual({
      current_state: "agents_running",
      next_action: "Wait for 2 agents",
      available_actions: ["get_agent_output"],
    });
  });

  it("falls back to the given state and a report-the-result next action when there is nothing", () => {
    for (const nothing of [undefined, null, "text", { guidance: null }, { guidance: "  " }]) {
      expect(guidance.complete(nothing, "done")).toEqual({ current_state: "done", next_action: "Report the result to the user", available_actions: [] });
    }
  });
});
