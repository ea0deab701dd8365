import { describe, expect, it } from "vitest";
import {
  assessFreshness,
  assessMetric,
  assessmentIcon,
  calculateConfidence,
  calculateDataAge,
  confidenceLevel,
  createFieldValidationTracker,
  createWarning,
  getFreshnessStatus,
  rankKeyFindings,
  validateSmartResponseV2At,
  type KeyFinding,
  type MetricThresholds,
} from "../../../src/protocols/smart-v2/runtime.js";

const NOW = new Date("2025-01-17T10:32:00Z");
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();

describe("assessMetric (decision D13)", () => {
  const roe: MetricThresholds = { excellent: 15, good: 10, neutral: 5, concerning: 0, critical: -5 };
  const pe: MetricThresholds = { excellent: 10, good: 15, neutral: 20, concerning: 25, critical: 30 };

  it("gives the best level whose threshold a higher-is-better value reaches (inclusive)", () => {
    expect(assessMetric(18.5, roe, true)).toBe("excellent");
    expect(assessMetric(15, roe, true)).toBe("excellent");
    expect(assessMetric(14.99, roe, true)).toBe("good");
    expect(assessMetric(5, roe, true)).toBe("neutral");
    expect(assessMetric(0, roe, true)).toBe("concerning");
  });

  it("calls anything short of `concerning` critical, whatever `critical` says", () => {
    expect(assessMetric(-1, roe, true)).toBe("critical");
    expect(assessMetric(-50, roe, true)).toBe("critical");
  });

  it("mirrors the scale when lower is better (the document's PE 12.5 is 'good')", () => {
    expect(assessMetric(12.5, pe, false)).toBe("good");
    expect(assessMetric(10, pe, false)).toBe("excellent");
    expect(assessMetric(25, pe, false)).toBe("concerning");
    expect(assessMetric(27, pe, false)).toBe("critical");
  });

  it("rejects thresholds out of order for the direction, and a NaN value", () => {
    expect(() => assessMetric(1, pe, true)).toThrow(RangeError);
    expect(() => assessMetric(1, roe, false)).toThrow(/thresholds out of order: excellent \(15\) must be <= good \(10\)/);
    expect(() => assessMetric(Number.NaN, roe, true)).toThrow(RangeError);
  });
});

describe("key finding helpers (decision D15)", () => {
  it("maps each assessment to an icon; the document's good and excellent findings show ✓", () => {
    expect(["excellent", "good", "neutral", "concerning", "critical"].map((a) => assessmentIcon(a as never))).toEqual(["✓", "✓", "○", "⚠", "✗"]);
  });

  it("ranks by weight, counting a missing weight as 0.5 and keeping ties in order", () => {
    const finding = (metric: string, weight?: number): KeyFinding => ({
      metric,
      value: 1,
      formatted: "1",
      assessment: "neutral",
      ...(weight === undefined ? {} : { weight }),
    });
    const ranked = rankKeyFindings([finding("a", 0.4), finding("b"), finding("c", 0.9), finding("d", 0.5)]);
    expect(ranked.map((f) => f.metric)).toEqual(["c", "b", "d", "a"]);
  });
});

describe("calculateConfidence (Task 1.3, decision D14)", () => {
  it("applies the document's weights 0.3 / 0.3 / 0.25 / 0.15", () => {
    expect(calculateConfidence(1, 0, 0, 0)).toBeCloseTo(0.3, 12);
    expect(calculateConfidence(0, 1, 0, 0)).toBeCloseTo(0.3, 12);
    expect(calculateConfidence(0, 0, 1, 0)).toBeCloseTo(0.25, 12);
    expect(calculateConfidence(0, 0, 0, 1)).toBeCloseTo(0.15, 12);
    expect(calculateConfidence(0.9, 0.95, 0.7, 0.8)).toBeCloseTo(0.27 + 0.285 + 0.175 + 0.12, 12);
    expect(calculateConfidence(1, 1, 1, 1)).toBe(1);
  });

  it("clamps inputs into 0-1 so the result stays a 0-1 score", () => {
    expect(calculateConfidence(95, 95, 95, 95)).toBe(1);
    expect(calculateConfidence(-1, -1, -1, -1)).toBe(0);
    expect(calculateConfidence(2, 0, 0, 0)).toBeCloseTo(0.3, 12);
  });

  it("rescales the other weights when model agreement does not apply (null)", () => {
    expect(calculateConfidence(1, 1, null, 1)).toBe(1);
    expect(calculateConfidence(1, 0, null, 0)).toBeCloseTo(0.3 / 0.75, 12);
    expect(calculateConfidence(0, 0, null, 1)).toBeCloseTo(0.15 / 0.75, 12);
  });

  it("rejects NaN instead of producing a NaN score", () => {
    expect(() => calculateConfidence(Number.NaN, 1, 1, 1)).toThrow(/dataQuality is NaN/);
  });

  it("labels scores; the Quick Reference's 0.82 is High", () => {
    expect([0.95, 0.9, 0.82, 0.7, 0.69, 0.5, 0.3, 0.29, 0, 1.4, -2].map(confidenceLevel)).toEqual([
      "Very High",
      "Very High",
      "High",
      "High",
      "Medium",
      "Medium",
      "Low",
      "Very Low",
      "Very Low",
      "Very High",
      "Very Low",
    ]);
  });
});

describe("calculateDataAge (Task 2.2, decision D12)", () => {
  it("uses the largest whole unit, as the document's function does", () => {
    expect(calculateDataAge(ago(59_999), NOW)).toEqual({ value: 59, unit: "seconds" });
    expect(calculateDataAge(ago(60_000), NOW)).toEqual({ value: 1, unit: "minutes" });
    expect(calculateDataAge("2025-01-17T10:30:00Z", NOW)).toEqual({ value: 2, unit: "minutes" });
    expect(calculateDataAge(ago(3_600_000 * 5.5), NOW)).toEqual({ value: 5, unit: "hours" });
    expect(calculateDataAge(new Date(NOW.getTime() - 86_400_000 * 3), NOW)).toEqual({ value: 3, unit: "days" });
  });

  it("counts a future timestamp (clock skew) as 0 seconds old", () => {
    expect(calculateDataAge("2025-01-17T10:40:00Z", NOW)).toEqual({ value: 0, unit: "seconds" });
  });

  it("throws on an unparsable timestamp instead of answering NaN days", () => {
    expect(() => calculateDataAge("yesterday", NOW)).toThrow(RangeError);
  });

  it("defaults `now` to the current time", () => {
    expect(calculateDataAge(new Date())).toEqual({ value: 0, unit: "seconds" });
  });
});

describe("getFreshnessStatus (decision D11)", () => {
  it("keeps the document's bands", () => {
    expect(getFreshnessStatus({ value: 29, unit: "seconds" })).toBe("real-time");
    expect(getFreshnessStatus({ value: 14, unit: "minutes" })).toBe("fresh");
    expect(getFreshnessStatus({ value: 5, unit: "hours" })).toBe("acceptable");
    expect(getFreshnessStatus({ value: 23, unit: "hours" })).toBe("stale");
    expect(getFreshnessStatus({ value: 1, unit: "days" })).toBe("outdated");
  });

  it("closes the document's holes: 45 seconds is fresh and 30 minutes acceptable, not outdated", () => {
    expect(getFreshnessStatus({ value: 45, unit: "seconds" })).toBe("fresh");
    expect(getFreshnessStatus({ value: 30, unit: "minutes" })).toBe("acceptable");
    expect(getFreshnessStatus({ value: 15, unit: "minutes" })).toBe("acceptable");
    expect(getFreshnessStatus({ value: 6, unit: "hours" })).toBe("stale");
  });

  it("accepts ages in any unit, and agrees with calculateDataAge's output at every band edge", () => {
    expect(getFreshnessStatus({ value: 90, unit: "minutes" })).toBe("acceptable");
    expect(getFreshnessStatus({ value: 0.5, unit: "days" })).toBe("stale");
    for (const [ms, status] of [
      [29_999, "real-time"],
      [30_000, "fresh"],
      [15 * 60_000 - 1, "fresh"],
      [15 * 60_000, "acceptable"],
      [6 * 3_600_000, "stale"],
      [24 * 3_600_000, "outdated"],
    ] as const) {
      // Ages are floored, so a boundary is crossed exactly when the floored value crosses it.
      expect(getFreshnessStatus(calculateDataAge(ago(ms), NOW))).toBe(status);
    }
  });
});

describe("assessFreshness", () => {
  it("builds the Quick Reference's freshness section, with nextUpdate as a cache hint", () => {
    const freshness = assessFreshness("2025-01-17T10:30:00Z", { now: NOW, refreshAfterMs: 5 * 60_000 });
    expect(freshness).toEqual({
      timestamp: "2025-01-17T10:30:00Z",
      age: { value: 2, unit: "minutes" },
      status: "fresh",
      nextUpdate: "2025-01-17T10:35:00.000Z",
    });
    expect(validateSmartResponseV2At("/data/dataQuality/freshness", freshness)).toEqual([]);
  });

  it("keeps an RFC 3339 string as given and restates any other timestamp in UTC", () => {
    expect(assessFreshness("2025-01-17T17:30:00+07:00", { now: NOW }).timestamp).toBe("2025-01-17T17:30:00+07:00");
    const dateOnly = assessFreshness("2025-01-17", { now: NOW });
    expect(dateOnly.timestamp).toBe("2025-01-17T00:00:00.000Z");
    expect(validateSmartResponseV2At("/data/dataQuality/freshness", dateOnly)).toEqual([]);
  });

  it("omits nextUpdate without a refresh interval and stamps Date input as ISO", () => {
    const freshness = assessFreshness(new Date("2025-01-16T10:32:00Z"), { now: NOW });
    expect(freshness).toEqual({ timestamp: "2025-01-16T10:32:00.000Z", age: { value: 1, unit: "days" }, status: "outdated" });
    expect("nextUpdate" in freshness).toBe(false);
  });
});

describe("createWarning (Task 1.5, decision D10)", () => {
  it("builds the document's warning without undefined optionals", () => {
    const warning = createWarning("WARN_NO_DIVIDEND_DATA", {
      severity: "warning",
      category: "data",
      message: "Dividend data not available",
      field: "dividend",
      impact: "DDM valuation cannot be calculated",
      suggestion: "Use DCF or PE Band valuation instead",
    });
    expect(warning.id).toBe("WARN_NO_DIVIDEND_DATA");
    expect(validateSmartResponseV2At("/metadata/warnings", [warning])).toEqual([]);
    const bare = createWarning("WARN_LOW_ROE", { severity: "info", category: "calculation", message: "m", impact: "i" });
    expect(Object.keys(bare)).toEqual(["id", "severity", "category", "message", "impact"]);
  });

  it("rejects an ID that is not a stable constant", () => {
    expect(() => createWarning("WARN_no_dividend" as "WARN_X", { severity: "info", category: "data", message: "m", impact: "i" })).toThrow(RangeError);
  });

  it("lets the same ID appear twice in one response", () => {
    const missing = (field: string) =>
      createWarning("WARN_MISSING_FIELD", { severity: "info", category: "data", message: `${field} missing`, field, impact: "less precise" });
    expect(validateSmartResponseV2At("/metadata/warnings", [missing("eps"), missing("roe")])).toEqual([]);
  });
});

describe("createFieldValidationTracker (Task 1.6, decision D20)", () => {
  it("files each field in exactly one list and hands values back", () => {
    const tracker = createFieldValidationTracker();
    const source: Record<string, unknown> = { peRatio: 12.5, eps: 0, dividend: null, name: "" };
    expect(tracker.observe("peRatio", source["peRatio"])).toBe(12.5);
    tracker.observe("eps", source["eps"]);
    tracker.observe("name", source["name"]);
    tracker.observe("dividend", source["dividend"]);
    tracker.observe("fcf", source["fcf"]);
    expect(tracker.withDefault("growthRate", source["growthRate"], 0.05, "No analyst estimate")).toBe(0.05);
    expect(tracker.withDefault("beta", 0.85, 1, "unused")).toBe(0.85);
    const validation = tracker.toValidation();
    expect(validation).toEqual({
      validFields: ["peRatio", "eps", "name", "beta"],
      missingFields: ["fcf"],
      nullFields: ["dividend"],
      defaultFields: [{ field: "growthRate", defaultValue: 0.05, reason: "No analyst estimate" }],
    });
    expect(validateSmartResponseV2At("/data/validation", validation)).toEqual([]);
  });

  it("moves a field observed again (last observation wins) and hands out copies", () => {
    const tracker = createFieldValidationTracker();
    tracker.observe("dividend", undefined);
    tracker.withDefault("dividend", null, 0, "Company pays no dividend");
    const first = tracker.toValidation();
    expect(first.missingFields).toEqual([]);
    expect(first.defaultFields).toEqual([{ field: "dividend", defaultValue: 0, reason: "Company pays no dividend" }]);
    first.validFields.push("tampered");
    expect(tracker.toValidation().validFields).toEqual([]);
  });
});
