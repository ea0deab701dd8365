import { describe, expect, it } from "vitest";
import { derivedWarningBase, WARNING_DEFAULTS, warningConstants } from "../../src/generate/warning-ids.js";
import { tool, warning } from "./inventory-builders.js";

describe("derived warning IDs", () => {
  it("upper-snakes the first words of the message", () => {
    expect(derivedWarningBase("ROE is below 10%")).toBe("WARN_ROE_IS_BELOW_10");
    expect(derivedWarningBase("Data is {} days old")).toBe("WARN_DATA_IS_DAYS_OLD");
    expect(derivedWarningBase("Dividend history shorter than five years, results may vary")).toBe("WARN_DIVIDEND_HISTORY_SHORTER_THAN_FIVE");
  });

  it("keeps at most 40 characters after WARN_, at a word boundary", () => {
    const base = derivedWarningBase("Extraordinarily uncharacteristically disproportionate valuation");
    expect(base.length - "WARN_".length).toBeLessThanOrEqual(40);
    expect(base).toBe("WARN_EXTRAORDINARILY_UNCHARACTERISTICALLY");
  });

  it("drops accents and falls back to a hash for messages without letters", () => {
    expect(derivedWarningBase("Café crème épuisé")).toBe("WARN_CAFE_CREME_EPUISE");
    expect(derivedWarningBase("ข้อมูลไม่ครบ")).toMatch(/^WARN_[0-9A-F]{8}$/);
  });
});

describe("warning constants", () => {
  it("keeps explicit IDs and fills unstated fields with the documented defaults", () => {
    const constants = warningConstants([
      tool("a", { warnings: [warning("No dividend data", { id: "WARN_NO_DIVIDEND_DATA", severity: "high", category: "data" }), warning("ROE is below 10%")] }),
    ]);
    expect(constants).toEqual([
      { id: "WARN_NO_DIVIDEND_DATA", severity: "high", category: "data", message: "No dividend data", impact: null, suggestion: null },
      {
        id: "WARN_ROE_IS_BELOW_10",
        severity: WARNING_DEFAULTS.severity,
        category: WARNING_DEFAULTS.category,
        message: "ROE is below 10%",
        impact: null,
        suggestion: null,
      },
    ]);
  });

  it("gives colliding different messages a hash suffix from their own content, and merges equal ones", () => {
    const a = warning("Price is stale today", { file: "src/a.ts", line: 3 });
    const b = warning("Price is stale today!", { file: "src/b.ts", line: 9 });
    const again = warning("Price is stale today", { file: "src/c.ts", line: 1, severity: "low" });
    const ids = warningConstants([tool("x", { warnings: [a, b] }), tool("y", { warnings: [again] })]);
    expect(ids.map((c) => c.id)).toHaveLength(2);
    for (const constant of ids) expect(constant.id).toMatch(/^WARN_PRICE_IS_STALE_TODAY_[0-9A-F]{6}$/);
    expect(ids.find((c) => c.message === "Price is stale today")?.severity).toBe("low");
    // The suffix depends on the message only: without the collision there is none, with a third
    // colliding message the first two keep theirs.
    expect(warningConstants([tool("x", { warnings: [a] })])[0]!.id).toBe("WARN_PRICE_IS_STALE_TODAY");
    const third = warningConstants([tool("x", { warnings: [a, b, warning("Price is stale, today")] })]);
    expect(third.map((c) => c.id)).toEqual(expect.arrayContaining(ids.map((c) => c.id)));
  });

  it("does not let a derived ID take an explicit ID with another message", () => {
    const constants = warningConstants([tool("x", { warnings: [warning("Low ROE", { id: "WARN_LOW_ROE" }), warning("low roe")] })]);
    expect(constants.map((c) => c.id)).toEqual(["WARN_LOW_ROE", expect.stringMatching(/^WARN_LOW_ROE_[0-9A-F]{6}$/)]);
  });

  it("is the same whatever the order of tools and warnings", () => {
    const warnings = [
      warning("ROE is below 10%", { file: "src/a.ts", line: 1 }),
      warning("Data is {} days old", { file: "src/a.ts", line: 5, severity: "info" }),
      warning("Data is {} days old", { file: "src/b.ts", line: 2, category: "freshness" }),
      warning("No peers", { id: "WARN_NO_PEERS", file: "src/c.ts", line: 7 }),
      warning("ROE is below 10 %", { file: "src/d.ts", line: 4 }),
    ];
    const forward = warningConstants([tool("a", { warnings: warnings.slice(0, 3) }), tool("b", { warnings: warnings.slice(3) })]);
    const backward = warningConstants([
      tool("b", { warnings: [...warnings.slice(3)].reverse() }),
      tool("a", { warnings: [...warnings.slice(0, 3)].reverse() }),
    ]);
    expect(backward).toEqual(forward);
    const old = forward.find((c) => c.message === "Data is {} days old");
    expect(old).toMatchObject({ severity: "info", category: "freshness" });
  });
});
