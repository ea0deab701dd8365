import { describe, expect, it } from "vitest";
import { coverageCount } from "../../src/check/result.js";

describe("coverageCount", () => {
  it("rounds down to one decimal, exactly, and calls nothing to cover 100%", () => {
    expect(coverageCount(1, 3).percent).toBe(33.3);
    expect(coverageCount(2, 3).percent).toBe(66.6);
    expect(coverageCount(57, 100).percent).toBe(57);
    expect(coverageCount(999, 1000).percent).toBe(99.9);
    expect(coverageCount(3, 3).percent).toBe(100);
    expect(coverageCount(0, 0)).toEqual({ count: 0, total: 0, percent: 100 });
  });
});
