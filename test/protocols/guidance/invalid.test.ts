import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { guidanceProtocol } from "../../../src/protocols/guidance/index.js";
import { validateGuidanceEnvelope } from "../../../src/protocols/guidance/runtime.js";
import { envelopeSchema } from "../../../src/protocols/guidance/schema.js";
import { jsonFiles, readExpected, readJson } from "./fixtures.js";

const schema = new Ajv2020({ strict: false }).compile(envelopeSchema());
const cases = jsonFiles("invalid");

describe("Guidance malformed responses", () => {
  it("has at least ten cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of cases) {
    const expected = readExpected("invalid", file);
    describe(`${file}${expected.why ? ` (${expected.why})` : ""}`, () => {
      const value = readJson("invalid", file);

      it("reports exactly the expected problems", () => {
        // Cases with options exercise the runtime's tool check; the others go through the
        // protocol's validate, which also unwraps CallToolResults.
        const problems = expected.options ? validateGuidanceEnvelope(value, expected.options) : guidanceProtocol.validate(value);
        expect(problems).toEqual(expected.problems);
      });

      if (expected.schemaRejects) {
        it("is rejected by the envelope JSON Schema too", () => {
          expect(schema(value)).toBe(false);
        });
      }
    });
  }
});
