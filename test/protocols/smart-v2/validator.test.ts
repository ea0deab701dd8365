import { describe, expect, it } from "vitest";
import { smartShapeAt, validateSmartResponseV2, validateSmartResponseV2At } from "../../../src/protocols/smart-v2/runtime.js";
import { quickReference } from "./fixtures.js";

type Json = Record<string, any>;

function envelope(mutate: (e: Json) => void = () => {}): Json {
  const e = quickReference() as Json;
  mutate(e);
  return e;
}

describe("smart-v2 validator decisions", () => {
  it("D3: summary.input is open, and params must still be an object", () => {
    expect(validateSmartResponseV2(envelope((e) => (e.summary.input = { symbol: "ADVANC.BK", method: "pe_band", years: 5 })))).toEqual([]);
    expect(validateSmartResponseV2(envelope((e) => (e.summary.input = { params: ["5y"] })))).toEqual([
      { path: "/summary/input/params", message: "must be an object" },
    ]);
  });

  it("D4: tables may carry a type and charts a description, both strings", () => {
    const presentation = (e: Json): Json => e.presentation;
    expect(
      validateSmartResponseV2(
        envelope((e) => {
          presentation(e).tables = [{ type: "key_metrics", title: "Key Metrics", headers: ["Metric"], rows: [["ROE"]] }];
          presentation(e).charts = [{ type: "bar", title: "PE", description: "PE by year", data: [1, 2] }];
        }),
      ),
    ).toEqual([]);
    expect(validateSmartResponseV2(envelope((e) => (presentation(e).tables = [{ type: 3, title: "t", headers: [], rows: [] }])))).toEqual([
      { path: "/presentation/tables/0/type", message: "must be a string" },
    ]);
  });

  it("D5: unknown keys pass (Task 4.5's _ref, a guidance field), summary.action does not", () => {
    expect(validateSmartResponseV2(envelope((e) => ((e.data._ref = { symbol: "ADVANC.BK" }), (e.guidance = {}))))).toEqual([]);
    expect(validateSmartResponseV2At("/summary", { ...envelope().summary, action: "Buy" })).toEqual([
      { path: "/summary/action", message: "was removed in SmartResponse V2: put the action in /recommendations/primary/action" },
    ]);
  });

  it("D6: every score range is enforced at its bounds", () => {
    const cases: Array<[string, (e: Json, v: number) => void, number, number]> = [
      ["/summary/confidence/score", (e, v) => (e.summary.confidence.score = v), 0, 1],
      ["/summary/keyFindings/0/weight", (e, v) => (e.summary.keyFindings[0].weight = v), 0, 1],
      ["/data/dataQuality/accuracy/score", (e, v) => (e.data.dataQuality.accuracy.score = v), 0, 1],
      ["/data/dataQuality/completeness/percentage", (e, v) => (e.data.dataQuality.completeness.percentage = v), 0, 100],
      ["/recommendations/primary/confidence", (e, v) => (e.recommendations.primary.confidence = v), 0, 1],
      ["/recommendations/primary/drivers/0/weight", (e, v) => (e.recommendations.primary.drivers[0].weight = v), 0, 1],
      ["/feedback/responseQuality/rating", (e, v) => (e.feedback = { responseQuality: { rating: v }, improvementHints: [], modelVersion: "m" }), 1, 5],
    ];
    for (const [path, set, min, max] of cases) {
      for (const ok of [min, max]) expect(validateSmartResponseV2(envelope((e) => set(e, ok)))).toEqual([]);
      for (const bad of [min - 0.01, max + 0.01]) {
        expect(validateSmartResponseV2(envelope((e) => set(e, bad)))).toEqual([{ path, message: `must be between ${min} and ${max}` }]);
      }
    }
  });

  it("D6: a non-finite number is reported as such", () => {
    expect(validateSmartResponseV2(envelope((e) => (e.summary.confidence.score = Number.NaN)))).toEqual([
      { path: "/summary/confidence/score", message: "must be a finite number" },
    ]);
  });

  it("D7: durations and ages are non-negative, tokens and decimals non-negative integers", () => {
    expect(validateSmartResponseV2(envelope((e) => (e.metadata.execution.duration = -1)))).toEqual([
      { path: "/metadata/execution/duration", message: "must be at least 0" },
    ]);
    expect(validateSmartResponseV2(envelope((e) => (e.data.dataQuality.freshness.age.value = -2)))).toEqual([
      { path: "/data/dataQuality/freshness/age/value", message: "must be at least 0" },
    ]);
    expect(
      validateSmartResponseV2(
        envelope((e) => (e.feedback = { responseQuality: {}, improvementHints: [], modelVersion: "m", promptTokens: 1.5, completionTokens: "9" })),
      ),
    ).toEqual([
      { path: "/feedback/promptTokens", message: "must be an integer" },
      { path: "/feedback/completionTokens", message: "must be an integer" },
    ]);
    expect(validateSmartResponseV2(envelope((e) => (e.presentation.formatting.decimals.ratio = -1)))).toEqual([
      { path: "/presentation/formatting/decimals/ratio", message: "must be at least 0" },
    ]);
  });

  it("D8: RFC 3339 date-times with seconds and a zone, for all three timestamps", () => {
    const message = "must be an RFC 3339 date-time with seconds and a time zone, like 2025-01-17T10:30:00Z";
    for (const good of ["2025-01-17T10:30:00Z", "2025-01-17T10:30:00.123Z", "2025-01-17T17:30:00+07:00"]) {
      expect(validateSmartResponseV2(envelope((e) => (e.metadata.execution.timestamp = good)))).toEqual([]);
    }
    for (const bad of ["2025-01-17T10:30Z", "2025-01-17T10:30:00", "2025-13-17T10:30:00Z", "2025-01-17 10:30:00Z"]) {
      expect(validateSmartResponseV2(envelope((e) => (e.metadata.execution.timestamp = bad)))).toEqual([{ path: "/metadata/execution/timestamp", message }]);
    }
    expect(validateSmartResponseV2(envelope((e) => (e.data.dataQuality.freshness.nextUpdate = "in 5 minutes")))).toEqual([
      { path: "/data/dataQuality/freshness/nextUpdate", message },
    ]);
  });

  it("D9: text must not be blank, but a table cell may be", () => {
    expect(validateSmartResponseV2(envelope((e) => (e.context.relatedTools[0].reason = "")))).toEqual([
      { path: "/context/relatedTools/0/reason", message: "must not be blank" },
    ]);
    expect(validateSmartResponseV2(envelope((e) => (e.presentation.highlights = ["ok", " "])))).toEqual([
      { path: "/presentation/highlights/1", message: "must not be blank" },
    ]);
    expect(validateSmartResponseV2(envelope((e) => (e.presentation.tables = [{ title: "t", headers: ["a", "b"], rows: [["", 1]] }])))).toEqual([]);
    expect(validateSmartResponseV2(envelope((e) => (e.summary.keyFindings[0].value = "")))).toEqual([
      { path: "/summary/keyFindings/0/value", message: "must not be blank" },
    ]);
  });

  it("D15: level is not cross-checked against score, nor status against age or percentage", () => {
    expect(
      validateSmartResponseV2(
        envelope((e) => {
          e.summary.confidence.level = "Very Low";
          e.data.dataQuality.freshness.status = "outdated";
          e.data.dataQuality.completeness.status = "minimal";
        }),
      ),
    ).toEqual([]);
  });

  it("D16: advice the type does not carry is not enforced", () => {
    expect(
      validateSmartResponseV2(
        envelope((e) => {
          e.presentation.highlights = ["only one"];
          e.recommendations.primary.drivers = [{ factor: "PE", value: 12.5, weight: 0.1, direction: "positive" }];
          e.presentation.tables = [{ title: "ragged", headers: ["a", "b", "c"], rows: [["x"]] }];
        }),
      ),
    ).toEqual([]);
  });

  it("checks tool references against the server's tools when given them", () => {
    const tools = ["calculate_pe_band", "calculate_dcf"];
    expect(
      validateSmartResponseV2(
        envelope((e) => (e.context.dependencies.conflictsWith = ["calculate_dfc"])),
        { tools },
      ),
    ).toEqual([
      { path: "/context/alternativeTools/0/name", message: 'names unknown tool "calculate_ddm"' },
      { path: "/context/dependencies/conflictsWith/0", message: 'names unknown tool "calculate_dfc"' },
    ]);
    // `requires` may name data, so it is never checked against tools (D2).
    expect(
      validateSmartResponseV2(
        envelope((e) => (e.context.alternativeTools = [])),
        { tools },
      ),
    ).toEqual([]);
  });

  it("checks warning IDs against the declared ones when given them", () => {
    const warning = { id: "WARN_LOW_ROE", severity: "warning", category: "calculation", message: "m", impact: "i" };
    expect(validateSmartResponseV2At("/metadata/warnings", [warning], { warningIds: ["WARN_LOW_ROE"] })).toEqual([]);
    expect(validateSmartResponseV2At("/metadata/warnings", [warning], { warningIds: ["WARN_NO_DIVIDEND_DATA"] })).toEqual([
      { path: "/metadata/warnings/0/id", message: 'names unknown warning ID "WARN_LOW_ROE"' },
    ]);
  });

  it("reports every problem of a badly broken envelope in document order", () => {
    expect(
      validateSmartResponseV2({
        summary: { title: 1, what: "w", input: {}, keyFindings: {}, conclusion: "c" },
        data: null,
        metadata: {},
        recommendations: { primary: {}, nextSteps: [], risks: [] },
      }),
    ).toEqual([
      { path: "/summary/title", message: "must be a string" },
      { path: "/summary/keyFindings", message: "must be an array" },
      { path: "/summary/confidence", message: "is required" },
      { path: "/data", message: "must be an object" },
      { path: "/metadata/tool", message: "is required" },
      { path: "/metadata/execution", message: "is required" },
      { path: "/metadata/source", message: "is required" },
      { path: "/metadata/assumptions", message: "is required" },
      { path: "/metadata/warnings", message: "is required" },
      { path: "/recommendations/primary/action", message: "is required" },
      { path: "/recommendations/primary/confidence", message: "is required" },
      { path: "/recommendations/primary/priority", message: "is required" },
      { path: "/recommendations/primary/reasoning", message: "is required" },
      { path: "/recommendations/primary/drivers", message: "is required" },
      { path: "/context", message: "is required" },
    ]);
  });

  it("refuses a pointer that names no part of the envelope", () => {
    expect(() => validateSmartResponseV2At("/summary/nope", {})).toThrow(/no part at "\/summary\/nope"/);
    expect(() => smartShapeAt("/summary/keyFindings/0")).toThrow(RangeError);
  });
});
