import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createSmartResponseV2, toCallToolResult, validateSmartResponseV2, type SmartResponseV2 } from "../../../src/protocols/smart-v2/runtime.js";
import { quickReference } from "./fixtures.js";

function sections(): SmartResponseV2<{ fairValue: number }> {
  const envelope = quickReference() as unknown as SmartResponseV2<{ fairValue: number }>;
  envelope.data.processed = { fairValue: 180 };
  return envelope;
}

describe("createSmartResponseV2", () => {
  it("passes a valid envelope through unchanged", () => {
    const input = sections();
    const built = createSmartResponseV2(input);
    expect(built).toEqual(input);
    expect(validateSmartResponseV2(built)).toEqual([]);
  });

  it("front-loads the sections in the document's order, whatever order the caller wrote (D21)", () => {
    const { summary, data, metadata, recommendations, context, presentation } = sections();
    const guidance = { current_state: "valued", next_action: "Report the valuation", available_actions: [] };
    const built = createSmartResponseV2({ guidance, presentation, context, recommendations, metadata, data, summary } as SmartResponseV2<{
      fairValue: number;
    }>);
    expect(Object.keys(built)).toEqual(["summary", "data", "metadata", "recommendations", "context", "presentation", "guidance"]);
    expect(Object.keys(JSON.parse(toCallToolResult(built).content[0]!.text) as object)[0]).toBe("summary");
    const withFeedback = createSmartResponseV2({
      feedback: { responseQuality: { rating: 4 }, improvementHints: [], modelVersion: "claude" },
      ...sections(),
    });
    expect(Object.keys(withFeedback)).toEqual(["summary", "data", "metadata", "recommendations", "context", "presentation", "feedback"]);
  });

  it("clamps every score into range (decision D6) without touching its input", () => {
    const input = sections();
    input.summary.confidence.score = 1.3;
    input.summary.keyFindings[0]!.weight = -0.2;
    input.data.dataQuality.completeness.percentage = 140;
    input.data.dataQuality.accuracy.score = -1;
    input.recommendations.primary.confidence = 7;
    input.recommendations.primary.drivers[2]!.weight = 1.01;
    input.feedback = { responseQuality: { rating: 9 }, improvementHints: [], modelVersion: "claude" };
    const snapshot = structuredClone(input);

    const built = createSmartResponseV2(input);
    expect(built.summary.confidence.score).toBe(1);
    expect(built.summary.keyFindings[0]!.weight).toBe(0);
    expect(built.summary.keyFindings[1]!.weight).toBe(0.9);
    expect(built.data.dataQuality.completeness.percentage).toBe(100);
    expect(built.data.dataQuality.accuracy.score).toBe(0);
    expect(built.recommendations.primary.confidence).toBe(1);
    expect(built.recommendations.primary.drivers.map((d) => d.weight)).toEqual([0.35, 0.3, 1]);
    expect(built.feedback?.responseQuality.rating).toBe(5);
    expect(validateSmartResponseV2(built)).toEqual([]);
    expect(input).toEqual(snapshot);
  });

  it("leaves an absent key-finding weight and rating absent", () => {
    const input = sections();
    delete input.summary.keyFindings[0]!.weight;
    input.feedback = { responseQuality: {}, improvementHints: [], modelVersion: "claude" };
    const built = createSmartResponseV2(input);
    expect("weight" in built.summary.keyFindings[0]!).toBe(false);
    expect("rating" in built.feedback!.responseQuality).toBe(false);
  });

  it("refuses to clamp NaN into a score", () => {
    const input = sections();
    input.recommendations.primary.confidence = Number.NaN;
    expect(() => createSmartResponseV2(input)).toThrow(/\/recommendations\/primary\/confidence is NaN/);
  });
});

describe("toCallToolResult", () => {
  it("puts the envelope in structuredContent and mirrors it as pretty JSON", () => {
    const envelope = createSmartResponseV2(sections());
    const result = toCallToolResult(envelope);
    expect(result.structuredContent).toBe(envelope);
    expect(result.content).toEqual([{ type: "text", text: JSON.stringify(envelope, null, 2) }]);
    expect("isError" in result).toBe(false);
    expect(CallToolResultSchema.parse(result)).toMatchObject({ structuredContent: envelope });
  });

  it("marks error paths with isError: true (decision D18)", () => {
    const envelope = sections();
    envelope.recommendations.primary.action = "N/A";
    const result = toCallToolResult(envelope, { isError: true });
    expect(result.isError).toBe(true);
    expect(toCallToolResult(envelope, { isError: false })).not.toHaveProperty("isError");
  });

  it("mirrors a guidance field beside the sections", () => {
    const envelope = { ...sections(), guidance: { current_state: "valuation_done", next_action: "Verify with DCF", available_actions: [] } };
    const result = toCallToolResult(envelope);
    expect(JSON.parse(result.content[0]!.text)).toHaveProperty("guidance.current_state", "valuation_done");
  });
});
