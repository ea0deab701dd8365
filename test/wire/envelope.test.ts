import { describe, expect, it } from "vitest";
import { acorJoin, acorOutputData, acorStatus, toCallToolResult as acorResult } from "../../src/protocols/acor/runtime.js";
import { aopFinal, aopIntermediate, aopJoin, toCallToolResult as aopResult } from "../../src/protocols/aop/runtime.js";
import { carriedJson, envelopePayloads } from "./envelope.js";

/**
 * Where each protocol's response keeps the payload, as the formatter templates put it there. If
 * this found nothing, the legacy comparison would quietly fall back to "somewhere in the response".
 */

const payload = { city: "Oslo", highs: [3, 5] };
const json = (structuredContent: object, isError = false) => ({
  content: [{ type: "text", text: JSON.stringify(structuredContent, null, 2) }],
  structuredContent,
  ...(isError ? { isError: true } : {}),
});

describe("envelopePayloads", () => {
  it("aorp: details.data, and none on an error envelope", () => {
    expect(envelopePayloads("aorp", json({ immediate: { status: "success" }, details: { summary: "s", data: payload } }))).toEqual([payload]);
    expect(envelopePayloads("aorp", json({ immediate: { status: "error" }, details: { data: { error_code: "X" } } }, true))).toEqual([]);
  });

  it("smart-v2: data.processed, and none on an error (processed null)", () => {
    expect(envelopePayloads("smart-v2", json({ summary: {}, data: { processed: payload } }))).toEqual([payload]);
    expect(envelopePayloads("smart-v2", json({ summary: {}, data: { processed: null } }, true))).toEqual([]);
  });

  it("guidance: the fields beside guidance, or `data` for a payload that is not an object; none on success: false", () => {
    expect(envelopePayloads("guidance", json({ ...payload, guidance: { current_state: "ok" } }))).toEqual([payload]);
    expect(envelopePayloads("guidance", json({ data: "pong", guidance: { current_state: "ok" } }))).toEqual([{ data: "pong" }, "pong"]);
    expect(envelopePayloads("guidance", json({ success: false, error: "boom", guidance: {} }, true))).toEqual([]);
  });

  it("reads a JSON protocol's envelope from the text when a framework sends no structuredContent", () => {
    const textOnly = { content: [{ type: "text", text: JSON.stringify({ summary: {}, data: { processed: payload } }) }] };
    expect(envelopePayloads("smart-v2", textOnly)).toEqual([payload]);
  });

  it("aop: the JSON of an INTERMEDIATE block with format=json", () => {
    const text = aopJoin(aopFinal({ content: "Oslo is cold" }), aopIntermediate({ content: JSON.stringify(payload, null, 2), attributes: { format: "json" } }));
    expect(envelopePayloads("aop", aopResult(text))).toEqual([payload]);
    expect(carriedJson("aop", aopResult(text))).toEqual([payload]);
  });

  it("acor: the data of an Output message", () => {
    const text = acorJoin(acorStatus("Complete", "Forecast ready"), acorOutputData(payload));
    expect(envelopePayloads("acor", acorResult(text))).toEqual([payload]);
  });
});
