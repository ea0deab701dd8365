import { describe, expect, it } from "vitest";
import { guidanceStates, stateIdentifier } from "../../src/generate/guidance-states.js";

describe("guidance stub states", () => {
  it("reads a required status-like enum, `status` first", () => {
    expect(
      guidanceStates({
        type: "object",
        properties: { phase_status: { enum: ["PENDING", "ACTIVE"] }, status: { type: "string", enum: ["running", "done"] } },
        required: ["phase_status", "status"],
      }),
    ).toEqual({ property: "status", values: ["done", "running"] });
  });

  it("accepts const and unions of literals, across a union payload, through $refs", () => {
    const schema = {
      $defs: { Done: { type: "object", properties: { state: { const: "done" } }, required: ["state"] } },
      anyOf: [{ $ref: "#/$defs/Done" }, { type: "object", properties: { state: { anyOf: [{ const: "queued" }, { const: "running" }] } }, required: ["state"] }],
    };
    expect(guidanceStates(schema)).toEqual({ property: "state", values: ["done", "queued", "running"] });
  });

  it("falls back to one default state", () => {
    const cases = [
      { type: "string" },
      {},
      // optional: not every payload carries it
      { type: "object", properties: { status: { enum: ["a", "b"] } } },
      // not only strings
      { type: "object", properties: { status: { enum: ["a", null] } }, required: ["status"] },
      // not status-like
      { type: "object", properties: { kind: { enum: ["a", "b"] } }, required: ["kind"] },
      // status-like but free text
      { type: "object", properties: { status: { type: "string" } }, required: ["status"] },
    ];
    for (const schema of cases) expect(guidanceStates(schema)).toEqual({ property: null, values: ["default"] });
  });

  it("turns state values into snake_case state identifiers", () => {
    expect(stateIdentifier("ACTIVE")).toBe("active");
    expect(stateIdentifier("inProgress")).toBe("in_progress");
    expect(stateIdentifier("needs-review now")).toBe("needs_review_now");
    expect(stateIdentifier("✓")).toMatch(/^state_[0-9a-f]{8}$/);
  });
});
