import { describe, expect, it } from "vitest";
import { transcriptOf } from "./engine-parity.js";

/**
 * The TypeScript 6 and TypeScript 7 engines must tell the analysis the same things about a
 * project: files, nodes, symbols and types (engine-transcript.ts). One fixture here; every
 * fixture in engine-parity.full.test.ts.
 */
describe("engine parity (smoke)", () => {
  it("styles/tool-object: the same transcript from TypeScript 6 and TypeScript 7", async () => {
    const ts6 = await transcriptOf("ts6", "styles/tool-object");
    const ts7 = await transcriptOf("ts7", "styles/tool-object");
    expect(ts6.length).toBeGreaterThan(20);
    expect(ts6.some((line) => line.startsWith("function ") && line.includes("signature(s), returns"))).toBe(true);
    expect(ts7).toEqual(ts6);
  });
});
