import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { guidanceProtocol } from "../../../src/protocols/guidance/index.js";
import { createGuidance, toCallToolResult, validateGuidance, validateGuidanceEnvelope, type Guidance } from "../../../src/protocols/guidance/runtime.js";
import { envelopeSchema, guidanceObjectSchema } from "../../../src/protocols/guidance/schema.js";
import { documentTools, jsonFiles, readJson } from "./fixtures.js";

const files = jsonFiles("examples");
const envelopes = files.filter((file) => file.startsWith("envelope-"));
const guidanceObjects = files.filter((file) => file.startsWith("guidance-"));
const fields = files.filter((file) => file.startsWith("field-"));

const ajv = new Ajv2020({ strict: false });
const envelopeValid = ajv.compile(envelopeSchema());
const guidanceValid = ajv.compile(guidanceObjectSchema());

describe("Guidance golden examples from the document", () => {
  it("accounts for every example: 7 envelopes, 8 phase patterns, 6 field lists", () => {
    expect([envelopes.length, guidanceObjects.length, fields.length]).toEqual([7, 8, 6]);
    expect(envelopes.length + guidanceObjects.length + fields.length).toBe(files.length);
  });

  it('Example 1 stands in [] for the document\'s "phases": [...] (decision 7)', () => {
    expect(readJson("examples", "envelope-example-1-successful-task-creation.json")).toMatchObject({ phases: [] });
  });

  for (const file of envelopes) {
    describe(file, () => {
      const envelope = readJson("examples", file) as { guidance: Guidance };

      it("validates with zero problems, its tools among the document's", () => {
        expect(validateGuidanceEnvelope(envelope, { tools: file.includes("core-schema") ? ["string"] : documentTools })).toEqual([]);
      });

      it("passes the protocol's validate, alone and inside its CallToolResult", () => {
        expect(guidanceProtocol.validate(envelope)).toEqual([]);
        expect(guidanceProtocol.validate(toCallToolResult(envelope))).toEqual([]);
      });

      it("passes the envelope JSON Schema", () => {
        expect(envelopeValid(envelope), JSON.stringify(envelopeValid.errors)).toBe(true);
      });
    });
  }

  for (const file of guidanceObjects) {
    it(`${file} is valid guidance and passes the guidance object schema`, () => {
      const guidance = readJson("examples", file);
      expect(validateGuidance(guidance, { tools: documentTools })).toEqual([]);
      expect(guidanceValid(guidance), JSON.stringify(guidanceValid.errors)).toBe(true);
    });
  }

  // The field definitions' examples, each put into otherwise minimal guidance.
  const minimal: Guidance = { current_state: "task_initialization", next_action: "Call get_phase_status", available_actions: [] };
  const fieldName = (file: string) =>
    file
      .replace(/^field-/, "")
      .replace(/\.json$/, "")
      .replace(/-/g, "_");
  for (const file of fields) {
    it(`${file}: each example is a valid ${fieldName(file)}`, () => {
      const value = readJson("examples", file);
      const field = fieldName(file);
      const variants: unknown[] = field === "available_actions" || field === "warnings" || field === "context" ? [value] : (value as unknown[]);
      for (const example of variants) {
        const guidance = { ...minimal, [field]: example };
        expect(validateGuidance(guidance, { tools: documentTools }), JSON.stringify(example)).toEqual([]);
        expect(guidanceValid(guidance), JSON.stringify(example)).toBe(true);
      }
    });
  }
});

describe("the document's state-driven guidance, rebuilt with the state-driven builder", () => {
  type Tool = (typeof documentTools)[number];
  type PhaseStatus = "PENDING" | "ACTIVE" | "AWAITING_REVIEW" | "UNDER_REVIEW" | "APPROVED" | "REVISING" | "REJECTED" | "ESCALATED";
  const pattern = (state: string) => readJson("examples", `guidance-phase-${state}.json`) as Guidance<Tool>;
  const guidance = createGuidance<Tool>();

  const phaseGuidance = guidance.states<PhaseStatus, { agentsRunning: number }>({
    PENDING: pattern("pending"),
    // Implementation Guideline 2: ACTIVE splits on whether agents are running.
    ACTIVE: ({ agentsRunning }) =>
      agentsRunning > 0
        ? { ...pattern("active"), current_state: "phase_active_agents_working", next_action: `Wait for ${agentsRunning} agents to complete` }
        : { ...pattern("active"), current_state: "phase_active_no_agents", next_action: "Deploy agents using deploy_headless_agent" },
    AWAITING_REVIEW: pattern("awaiting-review"),
    UNDER_REVIEW: pattern("under-review"),
    APPROVED: pattern("approved"),
    REVISING: pattern("revising"),
    REJECTED: pattern("rejected"),
    ESCALATED: pattern("escalated"),
  });

  it("gives each phase state its pattern", () => {
    for (const [status, file] of [
      ["PENDING", "pending"],
      ["AWAITING_REVIEW", "awaiting-review"],
      ["UNDER_REVIEW", "under-review"],
      ["APPROVED", "approved"],
      ["REVISING", "revising"],
      ["REJECTED", "rejected"],
      ["ESCALATED", "escalated"],
    ] as const) {
      expect(phaseGuidance(status, { agentsRunning: 0 })).toEqual(pattern(file));
    }
  });

  it("follows Guideline 2 for ACTIVE", () => {
    expect(phaseGuidance("ACTIVE", { agentsRunning: 3 })).toMatchObject({
      current_state: "phase_active_agents_working",
      next_action: "Wait for 3 agents to complete",
    });
    expect(phaseGuidance("ACTIVE", { agentsRunning: 0 })).toMatchObject({
      current_state: "phase_active_no_agents",
      next_action: "Deploy agents using deploy_headless_agent",
    });
  });

  it("adds Guideline 4's progressive-disclosure context per call", () => {
    const context = { agents_status: { running: 2 }, phase_progress: "3/5", estimated_time: "10m", bottlenecks: ["slow reviewer"] };
    const built = phaseGuidance("UNDER_REVIEW", { agentsRunning: 0 }, { context });
    expect(built).toEqual({ ...pattern("under-review"), context });
    expect(validateGuidance(built, { tools: documentTools })).toEqual([]);
  });
});
