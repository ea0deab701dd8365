import { describe, expect, it } from "vitest";
import { FORMATTER_BUDGET, formatterCostPerTool } from "./type-cost.js";

/**
 * A formatter module must cost the user's type-check a plain signature, not a generic
 * instantiation per tool (issue #17: 1,000 formatter modules made tsc 3.5x slower). Counted, not
 * timed: the types and instantiations one more tool's module adds (the whole matrix of protocols is
 * in type-cost.full.test.ts).
 */
describe("the type-check cost of a formatter module (smoke)", () => {
  it("aorp: at most 4 types and 2 instantiations per tool, and no errors", () => {
    const cost = formatterCostPerTool("aorp", false);
    expect(cost.errors).toEqual([]);
    expect(cost.types).toBeLessThanOrEqual(FORMATTER_BUDGET.types);
    expect(cost.instantiations).toBeLessThanOrEqual(FORMATTER_BUDGET.instantiations);
  });
});
