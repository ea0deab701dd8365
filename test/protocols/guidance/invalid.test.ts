import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { guidanceProtocol } from "../../../src/protocols/guidance/index.js";
import { validateGuidanceEnvelope } from "../../../src/protocols/guidance/runtime.js";
import { envelopeSchema } from "../../../src/protocols/guidance/schema.js";
import { jsonFiles, readExpected, readJson } from "./fixtures.js";

const ajv = new Ajv2020({ strict: false });
const schema = ajv.compile(envelopeSchema());
const strictSchema = ajv.compile(envelopeSchema({ strict: true }));
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
        // The protocol's validate also unwraps CallToolResults; envelopes go to the runtime alike.
        expect(guidanceProtocol.validate(value, expected.options)).toEqual(expected.problems);
        if (!(typeof value === "object" && value !== null && "content" in value)) {
          expect(validateGuidanceEnvelope(value, expected.options)).toEqual(expected.problems);
        }
      });

      if (expected.options?.strict === true) {
        it("is valid without --strict, for the validator and the schema", () => {
          expect(guidanceProtocol.validate(value, { ...expected.options, strict: false })).toEqual([]);
          expect(schema(value)).toBe(true);
        });
      }

      if (expected.schemaRejects) {
        it("is rejected by the envelope JSON Schema too", () => {
          expect((expected.options?.strict === true ? strictSchema : schema)(value)).toBe(false);
        });
      }
    });
  }
});
