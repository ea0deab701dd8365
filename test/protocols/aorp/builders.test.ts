import { describe, expect, it } from "vitest";
import { aorpProtocol } from "../../../src/protocols/aorp/index.js";
import {
  advice,
  calculateConfidence,
  clampScore,
  createAORP,
  toCallToolResult,
  validateAORP,
  type AORPResponseInput,
} from "../../../src/protocols/aorp/runtime.js";
import { documentTools, readJson } from "./fixtures.js";

type Tool = (typeof documentTools)[number];
type Inputs = {
  analyze_from_perspectives: { prompt: string; perspectives?: string[] };
  synthesize_perspectives: Record<string, never>;
  add_perspective: { name: string; description?: string };
  retry_analysis: Record<string, never>;
  check_session_health: Record<string, never>;
  continue_analysis: Record<string, never>;
};
const aorp = createAORP<Tool, Inputs>();

function input(overrides: { confidence?: number; completeness?: number; reliability?: number } = {}): AORPResponseInput<{ rows: number }, Tool> {
  return {
    immediate: { status: "success", key_insight: "Found 3 insights", confidence: overrides.confidence ?? 0.8 },
    actionable: {
      next_steps: ["synthesize_perspectives - Discover hidden patterns"],
      recommendations: { primary: "Act on the first insight", secondary: ["Check the second"] },
      workflow_guidance: "Present the insights",
    },
    quality: {
      completeness: overrides.completeness ?? 1,
      reliability: overrides.reliability ?? 0.9,
      urgency: "medium",
    },
    details: { summary: "Three insights", data: { rows: 3 } },
  };
}

describe("createAORP().response", () => {
  it("builds a valid envelope, defaulting indicators and the timestamp", () => {
    const before = Date.now();
    const envelope = aorp.response(input());
    expect(validateAORP(envelope, { tools: documentTools })).toEqual([]);
    expect(envelope.quality.indicators).toEqual({});
    const stamped = Date.parse(envelope.details.metadata.timestamp);
    expect(stamped).toBeGreaterThanOrEqual(before - 1);
    expect(stamped).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("keeps a given timestamp and extra metadata", () => {
    const envelope = aorp.response({
      ...input(),
      details: { summary: "s", data: { rows: 1 }, metadata: { timestamp: "2025-01-01T00:00:00Z", prompt: "why?" } },
    });
    expect(envelope.details.metadata).toEqual({ timestamp: "2025-01-01T00:00:00Z", prompt: "why?" });
  });

  it("clamps scores into 0.0-1.0, NaN to 0 (decision 2)", () => {
    const envelope = aorp.response(input({ confidence: 1.7, completeness: -0.2, reliability: Number.NaN }));
    expect(envelope.immediate.confidence).toBe(1);
    expect(envelope.quality.completeness).toBe(0);
    expect(envelope.quality.reliability).toBe(0);
    expect(validateAORP(envelope)).toEqual([]);
  });

  it("copies its inputs, so later changes to them do not leak into the envelope", () => {
    const given = input();
    const envelope = aorp.response(given);
    (given.actionable.next_steps as string[]).push("continue_analysis");
    (given.actionable.recommendations.secondary as string[]).push("late");
    expect(envelope.actionable.next_steps).toEqual(["synthesize_perspectives - Discover hidden patterns"]);
    expect(envelope.actionable.recommendations.secondary).toEqual(["Check the second"]);
  });

  it("omits secondary when none is given rather than sending undefined", () => {
    const given = input();
    const envelope = aorp.response({ ...given, actionable: { ...given.actionable, recommendations: { primary: "Do it" } } });
    expect(Object.keys(envelope.actionable.recommendations)).toEqual(["primary"]);
  });
});

describe("createAORP().error", () => {
  const failure = aorp.error({
    immediate: { key_insight: "Analysis failed: 2 perspectives timed out" },
    actionable: {
      next_steps: ["retry_analysis() - Address perspective errors"],
      recommendations: { primary: "Retry with a longer timeout", secondary: [] },
      workflow_guidance: "Offer a retry",
    },
    quality: { urgency: "critical", indicators: { error_type: "timeout", recoverable: true, retry_suggested: true } },
    details: {
      summary: "No analysis was produced",
      data: { error_code: "TIMEOUT", error_message: "2 perspectives timed out", context: { timeout_ms: 30000 } },
      metadata: { error_id: "err-1" },
      debug: { attempts: 1 },
    },
  });

  it("fixes what the Error Handling Schema fixes (decision 3)", () => {
    expect(failure.immediate).toEqual({ key_insight: "Analysis failed: 2 perspectives timed out", status: "error", confidence: 0 });
    expect(failure.quality.completeness).toBe(0);
    expect(failure.quality.reliability).toBe(0);
    expect(failure.details.metadata.error_id).toBe("err-1");
    expect(validateAORP(failure, { tools: documentTools })).toEqual([]);
  });

  it("renders with isError: true", () => {
    const result = toCallToolResult(failure);
    expect(result.isError).toBe(true);
    expect(aorpProtocol.validate(result)).toEqual([]);
  });
});

describe("createAORP().step and advice (decisions 4 and 5)", () => {
  it("renders typed params as keyword arguments with JSON values", () => {
    expect(aorp.step("add_perspective", { name: "performance" }, "Fill identified gap")).toBe('add_perspective(name="performance") - Fill identified gap');
    expect(aorp.step("analyze_from_perspectives", { prompt: "why?", perspectives: ["a", "b"] })).toBe(
      'analyze_from_perspectives(prompt="why?", perspectives=["a","b"])',
    );
  });

  it("renders a bare name without params and parentheses with empty params", () => {
    expect(aorp.step("synthesize_perspectives")).toBe("synthesize_perspectives");
    expect(aorp.step("synthesize_perspectives", {})).toBe("synthesize_perspectives()");
    expect(aorp.step("synthesize_perspectives", undefined, "Find patterns")).toBe("synthesize_perspectives - Find patterns");
  });

  it("leaves out params whose value is undefined", () => {
    const params = { name: "security", description: undefined } as unknown as { name: string };
    expect(aorp.step("add_perspective", params)).toBe('add_perspective(name="security")');
  });

  it("advice is the text itself on the wire", () => {
    expect(advice("Address critical tension: performance vs security")).toBe("Address critical tension: performance vs security");
  });

  it("the validator checks tool steps against the tools and leaves prose alone", () => {
    const envelope = aorp.response(input());
    envelope.actionable.next_steps = [
      aorp.step("add_perspective", { name: "x" }, "Add it"),
      advice("Deep-dive technical perspective for implementation details"),
      advice("rollback"),
    ];
    expect(validateAORP(envelope, { tools: documentTools })).toEqual([{ path: "/actionable/next_steps/2", message: 'names unknown tool "rollback"' }]);
    expect(validateAORP(envelope)).toEqual([]);
  });
});

describe("calculateConfidence (the document's formula, decision 10)", () => {
  const base = { perspectivesResponded: 3, totalPerspectives: 4, errorCount: 1, responseQualityScores: [0.9, 0.7] };

  it("is coverage x error penalty x average quality", () => {
    expect(calculateConfidence(base)).toBeCloseTo(0.75 * 0.8 * 0.8, 10);
  });

  it("stands an empty quality list in for 0.5", () => {
    expect(calculateConfidence({ ...base, errorCount: 0, responseQualityScores: [] })).toBeCloseTo(0.375, 10);
  });

  it("gives 0 for zero perspectives instead of dividing by zero", () => {
    expect(calculateConfidence({ ...base, totalPerspectives: 0, perspectivesResponded: 0 })).toBe(0);
  });

  it("reaches 0 at five errors and ignores negative error counts", () => {
    expect(calculateConfidence({ ...base, errorCount: 5 })).toBe(0);
    expect(calculateConfidence({ ...base, errorCount: -3 })).toBe(calculateConfidence({ ...base, errorCount: 0 }));
  });

  it("clamps quality scores and the result", () => {
    expect(calculateConfidence({ ...base, errorCount: 0, responseQualityScores: [1.5, 0.5] })).toBeCloseTo(0.75 * 0.75, 10);
    expect(calculateConfidence({ perspectivesResponded: 9, totalPerspectives: 4, errorCount: 0, responseQualityScores: [1] })).toBe(1);
  });

  it("clampScore bounds and maps NaN to 0", () => {
    expect([clampScore(-1), clampScore(0.4), clampScore(3), clampScore(Number.NaN), clampScore(Infinity)]).toEqual([0, 0.4, 1, 0, 1]);
  });
});

describe("toCallToolResult", () => {
  const envelope = readJson("examples", "universal-build-aorp-response.json") as ReturnType<typeof aorp.response>;

  it("puts the envelope in structuredContent and mirrors it as indented JSON", () => {
    const result = toCallToolResult(envelope);
    expect(result.structuredContent).toBe(envelope);
    expect(result.content).toEqual([{ type: "text", text: JSON.stringify(envelope, null, 2) }]);
    expect("isError" in result).toBe(false);
  });
});

describe("the runtime's decisions", () => {
  it("accepts extra fields on every layer (decision 12)", () => {
    const envelope = readJson("examples", "analysis-response.json") as Record<string, Record<string, unknown>>;
    envelope["immediate"]!["x_trace"] = "t-1";
    envelope["quality"]!["x_model"] = "m";
    envelope["details"]!["x_links"] = [];
    envelope["x_version"] = { major: 1 };
    expect(validateAORP(envelope, { variant: "analysis" })).toEqual([]);
  });

  it("accepts a date-time without zone, as Python's isoformat writes it, and nothing looser (decision 7)", () => {
    const envelope = aorp.response(input());
    envelope.details.metadata.timestamp = "2025-06-02T14:03:11.482913";
    expect(validateAORP(envelope)).toEqual([]);
    envelope.details.metadata.timestamp = "2025-06-02";
    expect(validateAORP(envelope)).toEqual([{ path: "/details/metadata/timestamp", message: "must be an ISO 8601 date-time" }]);
  });

  it("enforces a variant's defining literals but not its example prose (decision 6)", () => {
    const session = readJson("examples", "session-response.json") as ReturnType<typeof aorp.response>;
    session.actionable.workflow_guidance = "Ask the user what to analyse first";
    session.actionable.recommendations.primary = "Start with the riskiest component";
    session.actionable.next_steps = [advice("Pick a topic")];
    expect(validateAORP(session, { variant: "session" })).toEqual([]);
  });

  it("requires metadata.timestamp in the session variant too (decision 7)", () => {
    const session = readJson("examples", "session-response.json") as { details: { metadata: Record<string, unknown> } };
    delete session.details.metadata["timestamp"];
    expect(validateAORP(session, { variant: "session" })).toEqual([{ path: "/details/metadata/timestamp", message: "is required" }]);
  });

  it("escapes JSON-pointer characters in keys", () => {
    const envelope = readJson("examples", "analysis-response.json") as { details: { data: { perspectives: { high_impact: Record<string, unknown> } } } };
    envelope.details.data.perspectives.high_impact["ops/sre~team"] = 7;
    expect(validateAORP(envelope, { variant: "analysis" })).toEqual([
      { path: "/details/data/perspectives/high_impact/ops~1sre~0team", message: "must be a string" },
    ]);
  });
});
