import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../src/package-root.js";
import { smartV2Protocol } from "../../../src/protocols/smart-v2/index.js";
import { quickReference } from "./fixtures.js";

const guidance = { current_state: "valuation_done", next_action: "Verify with DCF", available_actions: ["calculate_dcf - cash-flow value"] };

function callToolResult(envelope: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }], structuredContent: envelope, ...extra };
}

describe("smartV2Protocol", () => {
  it("describes itself", () => {
    expect(smartV2Protocol).toMatchObject({
      id: "smart-v2",
      kind: "json",
      composesWithGuidance: true,
      runtimeSourcePath: "src/protocols/smart-v2/runtime.ts",
    });
    expect(smartV2Protocol.title).toMatch(/Smart Response Format/);
  });

  it("hands out the runtime's source verbatim, and that source imports nothing", () => {
    const source = smartV2Protocol.runtimeSource();
    expect(source).toBe(readFileSync(join(packageRoot, "src/protocols/smart-v2/runtime.ts"), "utf8"));
    expect(source).not.toMatch(/^\s*import\b|\brequire\(|\bimport\(/m);
    expect(source).toMatch(/DECISIONS/);
  });
});

describe("smartV2Protocol.validate on captured CallToolResults", () => {
  it("accepts the envelope mirrored with different key order and whitespace", () => {
    const envelope = quickReference();
    const reordered = Object.fromEntries(Object.entries(envelope).reverse());
    expect(smartV2Protocol.validate({ content: [{ type: "text", text: JSON.stringify(reordered) }], structuredContent: envelope })).toEqual([]);
  });

  it("accepts a text-only result whose text is the envelope", () => {
    expect(smartV2Protocol.validate({ content: [{ type: "text", text: JSON.stringify(quickReference()) }] })).toEqual([]);
  });

  it("finds the mirror in the first text block, after other content", () => {
    const envelope = quickReference();
    const result = {
      content: [
        { type: "image", data: "", mimeType: "image/png" },
        { type: "text", text: "not json" },
      ],
      structuredContent: envelope,
    };
    expect(smartV2Protocol.validate(result)).toEqual([{ path: "/content/1/text", message: "is not valid JSON, so it does not mirror structuredContent" }]);
  });

  it("asks for the text mirror when structuredContent stands alone", () => {
    expect(smartV2Protocol.validate({ content: [], structuredContent: quickReference() })).toEqual([
      { path: "/content", message: "has no text block mirroring structuredContent" },
    ]);
  });

  it("reports a result with nothing to validate, and a text that is not JSON", () => {
    expect(smartV2Protocol.validate({ content: [] })).toEqual([{ path: "/content", message: "has neither structuredContent nor a text block" }]);
    expect(smartV2Protocol.validate({ content: [{ type: "text", text: "PE Band: Buy" }] })).toEqual([
      { path: "/content/0/text", message: "is not valid JSON" },
    ]);
  });

  it("validates a guidance field beside the sections with the Guidance Pattern's validator", () => {
    const envelope = { ...quickReference(), guidance };
    expect(smartV2Protocol.validate(envelope)).toEqual([]);
    expect(smartV2Protocol.validate(callToolResult(envelope))).toEqual([]);
    const unconventional = { ...quickReference(), guidance: { ...guidance, current_state: "Valuation Done" } };
    expect(smartV2Protocol.validate(unconventional)).toEqual([]);
    expect(smartV2Protocol.validate(unconventional, { strict: true })).toEqual([
      { path: "/guidance/current_state", message: "must be a lower-case snake_case state identifier" },
    ]);
    expect(smartV2Protocol.validate({ ...quickReference(), guidance: { ...guidance, available_actions: "all" } })).toEqual([
      { path: "/guidance/available_actions", message: "must be an array" },
    ]);
  });

  it("with strict, requires blocked_reason in the guidance of an error result, and accepts it when given", () => {
    const envelope = { ...quickReference(), guidance };
    expect(smartV2Protocol.validate(callToolResult(envelope, { isError: true }))).toEqual([]);
    expect(smartV2Protocol.validate(callToolResult(envelope, { isError: true }), { strict: true })).toEqual([
      { path: "/structuredContent/guidance/blocked_reason", message: "is required in error guidance" },
    ]);
    const blocked = { ...quickReference(), guidance: { ...guidance, blocked_reason: "Stock data is missing" } };
    expect(smartV2Protocol.validate(callToolResult(blocked, { isError: true }), { strict: true })).toEqual([]);
  });
});
