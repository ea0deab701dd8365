import { describe, expect, it } from "vitest";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { FORMATTER_BUDGET, formatterCostPerTool } from "./type-cost.js";

const CASES: [ProtocolId, boolean][] = [
  ["aorp", false],
  ["aorp", true],
  ["aop", false],
  ["acor", false],
  ["smart-v2", false],
  ["smart-v2", true],
  ["guidance", false],
];

describe("the type-check cost of a formatter module, every protocol", () => {
  it.each(CASES)("%s (guidance composed: %s): within the budget, and no errors", (protocol, guidance) => {
    const cost = formatterCostPerTool(protocol, guidance);
    expect(cost.errors).toEqual([]);
    expect(cost.types).toBeLessThanOrEqual(FORMATTER_BUDGET.types);
    expect(cost.instantiations).toBeLessThanOrEqual(FORMATTER_BUDGET.instantiations);
  });
});
