import { describe, expect, it } from "vitest";
import { STEP_BUILDER_USES, usesFile } from "./step-builders-cost.js";
import { userCodeRelations } from "./type-cost.js";

/**
 * At 1,001 tools an array of two steps typed by every tool is past what the checker reduces: an
 * AORP step is a union of 4,004 spellings, a SmartResponse V2 one of 1,002 objects (each pair is
 * skipped by its `tool`, but counted), and `tsc` reports TS2590 ("Expression produces a union type
 * that is too complex to represent"). Typed by the tool they name, both compile.
 */
describe("next steps built by the kit at 1,001 tools", () => {
  it.each(STEP_BUILDER_USES)("%s: the user's code compiles", (protocol, source) => {
    expect(userCodeRelations(protocol, 1001, usesFile(source)).errors).toEqual([]);
  });
});
