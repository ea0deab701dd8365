import { describe, expect, it } from "vitest";
import { describeLoss, leaves, lostFromLegacy, saidBy, tokens, unwrapErrorMessage, type Json, type Said } from "./preserve.js";

const text = (value: string) => ({ type: "text", text: value });
const migrated = (said: Partial<Said>, payloads: Json[] = []) => ({ said: { json: [], texts: [], ...said }, payloads });
const lost = (...args: Parameters<typeof lostFromLegacy>) => lostFromLegacy(...args).map(describeLoss);

describe("tokens", () => {
  it("keeps words, numbers with decimals and snake_case tool names, lower-cased", () => {
    expect(tokens('Use calculate_ddm next: P/E 9.8 vs "Avg" 1,200 — ฿212.00')).toEqual([
      "use",
      "calculate_ddm",
      "next",
      "p",
      "e",
      "9.8",
      "vs",
      "avg",
      "1,200",
      "212.00",
    ]);
  });

  it("reads letters of any script", () => {
    expect(tokens("สวัสดี Chiang Mai")).toEqual(["สวัสดี", "chiang", "mai"]);
  });
});

describe("leaves", () => {
  it("gives every primitive with its JSON pointer; empty containers are leaves too", () => {
    expect(leaves({ a: { "b/c": [1, { d: null }] }, e: [], f: {} })).toEqual([
      { pointer: "/a/b~1c/0", value: 1 },
      { pointer: "/a/b~1c/1/d", value: null },
      { pointer: "/e", value: [] },
      { pointer: "/f", value: {} },
    ]);
  });
});

describe("saidBy", () => {
  it("reads structuredContent, JSON text that does not mirror it, and plain text", () => {
    const said = saidBy({ result: { content: [text('{"a":1}'), text('{"b":2}'), text("Use get_forecast next")], structuredContent: { a: 1 } } });
    expect(said).toEqual({ json: [{ a: 1 }, { b: 2 }], texts: ["Use get_forecast next"] });
  });

  it("reads a thrown error as its message, less the SDK's and FastMCP's wrappers", () => {
    expect(saidBy({ thrown: "MCP error -32602: Version conflict on city" })).toEqual({ json: [], texts: ["Version conflict on city"] });
    expect(unwrapErrorMessage("Tool 'delete_account' execution failed: Pro accounts must be downgraded first")).toBe("Pro accounts must be downgraded first");
  });

  it("unwraps an error text block too, but not a success's", () => {
    const failed = saidBy({ result: { content: [text("Tool 'x' execution failed: boom")], isError: true } });
    expect(failed.texts).toEqual(["boom"]);
    expect(saidBy({ result: { content: [text("MCP error -1: kept")] } }).texts).toEqual(["MCP error -1: kept"]);
  });

  it("reads a bare JSON string or number as text, not as a payload", () => {
    expect(saidBy({ result: { content: [text("42"), text('"hi"')] } })).toEqual({ json: [], texts: ["42", '"hi"'] });
  });
});

describe("lostFromLegacy on a success path", () => {
  const legacy: Said = { json: [{ city: "Oslo", highs: [3, 5], meta: { ok: true } }], texts: [] };

  it("finds every field at its pointer in the payload", () => {
    expect(lost(legacy, migrated({ json: [{ details: { data: legacy.json[0]! } }] }, [legacy.json[0]!]), "success")).toEqual([]);
  });

  it("reports a field that is neither in the payload nor anywhere in the response", () => {
    const payload = { city: "Oslo", highs: [3] };
    expect(lost(legacy, migrated({ json: [{ data: payload }] }, [payload]), "success")).toEqual(["lost field /highs/1 = 5", "lost field /meta/ok = true"]);
  });

  it("accepts a field the migration moved out of the payload when its value is still in the response", () => {
    const payload = { city: "Oslo", highs: [3, 5] };
    expect(lost(legacy, migrated({ json: [{ data: payload, quality: { ok: true } }] }, [payload]), "success")).toEqual([]);
  });

  it("accepts a moved string whose every token is in the response", () => {
    const v1: Said = { json: [{ summary: { keyFindings: ["ROE 7.2%"] } }], texts: [] };
    expect(lost(v1, migrated({ json: [{ summary: { keyFindings: [{ finding: "ROE is 7.2% this year" }] } }] }, [{}]), "success")).toEqual([]);
  });

  it("keeps a null field the payload leaves out, and reports one the payload changed", () => {
    const legacy: Said = { json: [{ guidance: { next_action: "Wait", blocked_reason: null, warnings: null } }], texts: [] };
    const dropped = { guidance: { next_action: "Wait" } };
    expect(lost(legacy, migrated({ json: [dropped] }, [dropped]), "success")).toEqual([]);
    const changed = { guidance: { next_action: "Wait", blocked_reason: "busy", warnings: [] } };
    expect(lost(legacy, migrated({ json: [changed] }, [changed]), "success")).toEqual([
      "lost field /guidance/blocked_reason = null",
      "lost field /guidance/warnings = null",
    ]);
  });

  it("reports a value the migration changed as lost", () => {
    const payload = { city: "Lima", highs: [3, 5], meta: { ok: true } };
    expect(lost(legacy, migrated({ json: [payload] }, [payload]), "success")).toEqual(['lost field /city = "Oslo"']);
  });

  it("reports every token of legacy text the response does not carry, once", () => {
    const hint: Said = { json: [], texts: ["Oslo, Lima — use get_forecast next; Oslo first"] };
    expect(lost(hint, migrated({ texts: ["Forecast for Oslo and Lima"] }), "success")).toEqual([
      'lost token "use" of "Oslo, Lima — use get_forecast next; Oslo first"',
      'lost token "get_forecast" of "Oslo, Lima — use get_forecast next; Oslo first"',
      'lost token "next" of "Oslo, Lima — use get_forecast next; Oslo first"',
      'lost token "first" of "Oslo, Lima — use get_forecast next; Oslo first"',
    ]);
  });

  it("finds tokens in the strings and numbers of the response's JSON, not only in its text", () => {
    const said: Said = { json: [], texts: ["Result: 42 for calculate_dcf"] };
    expect(lost(said, migrated({ json: [{ next_steps: [{ tool: "calculate_dcf" }], data: { label: "Result", value: 42, for: "x" } }] }), "success")).toEqual([
      'lost token "for" of "Result: 42 for calculate_dcf"',
    ]);
  });
});

describe("lostFromLegacy on an error path", () => {
  it("compares the legacy error envelope's strings and numbers as values or tokens, and not its booleans", () => {
    const legacy: Said = { json: [{ success: false, error: "NO_DIVIDEND_DATA", message: "SCC.BK has no dividend history", retryAfter: 30 }], texts: [] };
    const envelope = { immediate: { status: "error", key_insight: "SCC.BK has no dividend history" }, details: { data: { error_code: "NO_DIVIDEND_DATA" } } };
    expect(lost(legacy, migrated({ json: [envelope] }), "error")).toEqual(["lost field /retryAfter = 30"]);
  });

  it("never looks for the payload pointers: an error envelope has no payload", () => {
    const legacy: Said = { json: [], texts: ["No station with id nowhere-1"] };
    expect(lost(legacy, migrated({ texts: ["=== AOP-ERROR agent=retire_station ===\nNo station with id nowhere-1\n=== END-AOP-ERROR ==="] }), "error")).toEqual(
      [],
    );
  });
});
