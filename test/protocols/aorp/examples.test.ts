import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { aorpProtocol } from "../../../src/protocols/aorp/index.js";
import {
  generateNextSteps,
  toCallToolResult,
  validateAORP,
  type AORPNextStepPlan,
  type AORPResponse,
  type AORPVariant,
} from "../../../src/protocols/aorp/runtime.js";
import { envelopeSchema } from "../../../src/protocols/aorp/schema.js";
import { documentTools, jsonFiles, readExpected, readJson } from "./fixtures.js";

const envelopeFiles: Record<string, AORPVariant | undefined> = {
  "analysis-response.json": "analysis",
  "synthesis-response.json": "synthesis",
  "session-response.json": "session",
  "error-response.json": undefined,
  "universal-build-aorp-response.json": undefined,
};
const nextStepFiles = ["next-steps-complete-without-errors.json", "next-steps-in-progress.json", "next-steps-new-session.json", "next-steps-with-errors.json"];

describe("AORP golden examples from the document", () => {
  it("accounts for every example file", () => {
    expect(jsonFiles("examples")).toEqual([...Object.keys(envelopeFiles), ...nextStepFiles].sort());
  });

  const schema = new Ajv2020({ strict: false }).compile(envelopeSchema());

  for (const [file, variant] of Object.entries(envelopeFiles)) {
    describe(file, () => {
      const envelope = readJson("examples", file);

      it(`validates as ${variant ?? "the universal envelope"} with zero problems`, () => {
        expect(validateAORP(envelope, { tools: documentTools })).toEqual([]);
        if (variant) expect(validateAORP(envelope, { variant, tools: documentTools })).toEqual([]);
      });

      it("passes the protocol's validate, alone and inside its CallToolResult", () => {
        expect(aorpProtocol.validate(envelope)).toEqual([]);
        expect(aorpProtocol.validate(toCallToolResult(envelope as AORPResponse))).toEqual([]);
      });

      it("passes the envelope JSON Schema", () => {
        expect(schema(envelope), JSON.stringify(schema.errors)).toBe(true);
      });
    });
  }

  it("the next-step lists are valid next steps naming the document's tools", () => {
    for (const file of nextStepFiles) {
      const envelope = readJson("examples", "universal-build-aorp-response.json") as AORPResponse;
      envelope.actionable.next_steps = readJson("examples", file) as AORPResponse["actionable"]["next_steps"];
      expect(validateAORP(envelope, { tools: documentTools }), file).toEqual([]);
    }
  });

  it("generateNextSteps reproduces the document's generate_next_steps over its steps", () => {
    const plan = {
      newSession: readJson("examples", "next-steps-new-session.json"),
      completeWithoutErrors: readJson("examples", "next-steps-complete-without-errors.json"),
      withErrors: readJson("examples", "next-steps-with-errors.json"),
      inProgress: readJson("examples", "next-steps-in-progress.json"),
    } as AORPNextStepPlan;
    expect(generateNextSteps({ sessionState: "new", analysisComplete: false, errorCount: 0 }, plan)).toEqual(plan.newSession);
    expect(generateNextSteps({ sessionState: "active", analysisComplete: true, errorCount: 0 }, plan)).toEqual(plan.completeWithoutErrors);
    expect(generateNextSteps({ sessionState: "active", analysisComplete: true, errorCount: 2 }, plan)).toEqual(plan.withErrors);
    expect(generateNextSteps({ sessionState: "active", analysisComplete: false, errorCount: 0 }, plan)).toEqual(plan.inProgress);
  });
});

describe("AORP document defects", () => {
  it('build_aorp_response\'s default workflow_guidance "" is rejected (decision 8)', () => {
    const value = readJson("document-defects", "build-aorp-response-defaults.json");
    const expected = readExpected("document-defects", "build-aorp-response-defaults.json");
    expect(validateAORP(value)).toEqual(expected.problems);
    expect(aorpProtocol.validate(value)).toEqual(expected.problems);
  });
});
