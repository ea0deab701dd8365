import { describe, expect, it } from "vitest";
import { STEP_BUILDER_USES, usesFile } from "./step-builders-cost.js";
import { userCodeRelations } from "./type-cost.js";

/**
 * A next step built by the kit (`aorp.step("tool")`) is what `mcp-conform migrate` writes for
 * every step a legacy response named, in an array. Typed by every tool of the server, each such
 * array was a union of four spellings per tool, which the checker reduces pair by pair: at 1,000
 * tools three calls took TypeScript 6 232 s and ended in TS2590 ("too complex to represent"),
 * TypeScript 7 47 s. Typed by the tool it names, a step costs the same whatever the number of
 * tools: counted as the pairs of types the checker compares for the user's code (its relation
 * caches). SmartResponse V2's `nextStep`, and both at 1,001 tools, are in the .full test.
 */
describe("next steps built by the kit cost the same at any number of tools", () => {
  it("aorp: as many pairs of types compared at 64 tools as at 8", () => {
    const [, source] = STEP_BUILDER_USES.find(([protocol]) => protocol === "aorp")!;
    const small = userCodeRelations("aorp", 8, usesFile(source));
    const large = userCodeRelations("aorp", 64, usesFile(source));
    expect(small.errors).toEqual([]);
    expect(large.errors).toEqual([]);
    // Typed by every tool: 134,788 pairs at 64 tools.
    expect(large.relations).toBe(small.relations);
  });
});
