import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { aorpProtocol } from "../../../src/protocols/aorp/index.js";
import { validateAORP, type AORPVariant } from "../../../src/protocols/aorp/runtime.js";
import { envelopeSchema } from "../../../src/protocols/aorp/schema.js";
import { jsonFiles, readExpected, readJson } from "./fixtures.js";

const ajv = new Ajv2020({ strict: false });
const plainSchema = ajv.compile(envelopeSchema());
const composedSchema = ajv.compile(envelopeSchema({ withGuidance: true }));
const strictComposedSchema = ajv.compile(envelopeSchema({ withGuidance: true, strict: true }));
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
        // The protocol's validate adds guidance and CallToolResult checks to the runtime's.
        expect(aorpProtocol.validate(value, expected.options)).toEqual(expected.problems);
        const { variant, tools } = expected.options ?? {};
        if (variant !== undefined || tools !== undefined) {
          expect(validateAORP(value, { variant: variant as AORPVariant, ...(tools ? { tools } : {}) })).toEqual(expected.problems);
        }
      });

      if (expected.options?.strict === true) {
        it("is valid without --strict", () => {
          expect(aorpProtocol.validate(value, { ...expected.options, strict: false })).toEqual([]);
        });
      }

      if (expected.schemaRejects) {
        it("is rejected by the envelope JSON Schema too", () => {
          const composed = typeof value === "object" && value !== null && "guidance" in value;
          const schema = composed ? (expected.options?.strict === true ? strictComposedSchema : composedSchema) : plainSchema;
          expect(schema(value)).toBe(false);
          if (expected.options?.strict === true) expect(composedSchema(value)).toBe(true);
        });
      }
    });
  }
});
