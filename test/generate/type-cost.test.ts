import { describe, expect, it } from "vitest";
import { FORMATTER_BUDGET, fileCostPerTool, formatterCostPerTool } from "./type-cost.js";

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

/**
 * `tool-graph.ts` and `output-schemas.ts` are data: the checker needs none of it, so each is JSON
 * text with a declared type. As `as const` object literals a tool's node cost 20 types and 12
 * instantiations, and at 1,000 tools the two files 31 MB of TypeScript 6's heap (issue #17).
 */
describe("the type-check cost of the data files", () => {
  it.each(["tool-graph.ts", "output-schemas.ts"])("aorp %s: no type and no instantiation per tool, and no errors", (file) => {
    const cost = fileCostPerTool("aorp", false, (path) => path === file);
    expect(cost.errors).toEqual([]);
    expect(cost.types).toBe(0);
    expect(cost.instantiations).toBe(0);
  });
});

/**
 * `output-schemas.zod.ts` holds the zod schemas as data, built into zod when the module loads: the
 * checker sees one JSON text and a `ZodSchema` alias per tool. Written out as `z.` call chains
 * through a plain interface, a tool's schema cost 4 types and 1 instantiation here (its shape
 * literals, and `zod.ZodType` per tool), and at 1,000 tools about 10 MB of TypeScript 6's heap;
 * typed by zod itself, thousands of instantiations (issue #17). Checked against the real zod.
 */
describe("the type-check cost of the zod output schemas", () => {
  it("aorp output-schemas.zod.ts: no type and no instantiation per tool, and no errors", () => {
    const cost = fileCostPerTool("aorp", false, (path) => path === "output-schemas.zod.ts");
    expect(cost.errors).toEqual([]);
    expect(cost.types).toBe(0);
    expect(cost.instantiations).toBe(0);
  });
});
