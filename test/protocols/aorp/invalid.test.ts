import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { aorpProtocol } from "../../../src/protocols/aorp/index.js";
import { validateAORP } from "../../../src/protocols/aorp/runtime.js";
import { envelopeSchema } from "../../../src/protocols/aorp/schema.js";
import { jsonFiles, readExpected, readJson } from "./fixtures.js";

const ajv = new Ajv2020({ strict: false });
const plainSchema = ajv.compile(envelopeSchema());
const composedSchema = ajv.compile(envelopeSchema({ withGuidance: true }));
const cases = jsonFiles("invalid");

describe("AORP malformed responses", () => {
  it("has at least ten cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of cases) {
    const expected = readExpected("invalid", file);
    describe(`${file}${expected.why ? ` (${expected.why})` : ""}`, () => {
      const value = readJson("invalid", file);

      it("reports exactly the expected problems", () => {
        // Cases with options exercise the runtime validator's variant or tool checks; the
        // others go through the protocol's validate, which adds guidance and CallToolResult checks.
        const problems = expected.options ? validateAORP(value, expected.options) : aorpProtocol.validate(value);
        expect(problems).toEqual(expected.problems);
      });

      if (expected.schemaRejects) {
        it("is rejected by the envelope JSON Schema too", () => {
          const composed = typeof value === "object" && value !== null && "guidance" in value;
          expect((composed ? composedSchema : plainSchema)(value)).toBe(false);
        });
      }
    });
  }
});
