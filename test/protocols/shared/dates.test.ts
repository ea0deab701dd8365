import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AORP_DATE_TIME_PATTERN, validateAORP } from "../../../src/protocols/aorp/runtime.js";
import { envelopeSchema as aorpSchema } from "../../../src/protocols/aorp/schema.js";
import { DATE_TIME_PATTERN, validateSmartResponseV2 } from "../../../src/protocols/smart-v2/runtime.js";
import { envelopeSchema as smartSchema } from "../../../src/protocols/smart-v2/schema.js";
import { readJson as readAorp } from "../aorp/fixtures.js";
import { quickReference } from "../smart-v2/fixtures.js";

/**
 * Dates in AORP (`details.metadata.timestamp`, decision 7) and SmartResponseV2 (the freshness and
 * execution timestamps, D8): a real calendar date and clock time, judged the same by the validator
 * and by the JSON Schema's pattern.
 */

const ajv = new Ajv2020({ strict: false });
const aorpSchemaValid = ajv.compile(aorpSchema());
const smartSchemaValid = ajv.compile(smartSchema());

function aorpVerdicts(timestamp: string): { validator: boolean; schema: boolean } {
  const envelope = readAorp("examples", "universal-build-aorp-response.json") as { details: { metadata: { timestamp: string } } };
  envelope.details.metadata.timestamp = timestamp;
  return { validator: validateAORP(envelope).length === 0, schema: aorpSchemaValid(envelope) };
}

function smartVerdicts(timestamp: string): { validator: boolean; schema: boolean } {
  const envelope = quickReference() as { data: { dataQuality: { freshness: { timestamp: string } } } };
  envelope.data.dataQuality.freshness.timestamp = timestamp;
  return { validator: validateSmartResponseV2(envelope).length === 0, schema: smartSchemaValid(envelope) };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysIn(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

describe("calendar dates", () => {
  it.each([
    ["2025-02-30T10:00:00Z", false, "February has no 30th"],
    ["2023-02-29T10:00:00Z", false, "2023 is not a leap year"],
    ["1900-02-29T10:00:00Z", false, "1900 is divisible by 100, not by 400"],
    ["2024-02-29T10:00:00Z", true, "2024 is a leap year"],
    ["2000-02-29T10:00:00Z", true, "2000 is divisible by 400"],
    ["2025-04-31T10:00:00Z", false, "April has 30 days"],
    ["2025-12-31T23:59:59Z", true, "the last second of a year"],
    ["2025-13-01T10:00:00Z", false, "there is no 13th month"],
    ["2025-01-17T10:30:60Z", false, "a leap second: no server clock writes one"],
    ["2025-01-17T24:00:00Z", false, "hour 24"],
    ["2025-01-17T10:30:00+24:00", false, "an offset of 24 hours"],
  ])("%s: %s (%s), in AORP and SmartResponseV2, by validator and schema alike", (timestamp, valid) => {
    expect(aorpVerdicts(timestamp)).toEqual({ validator: valid, schema: valid });
    expect(smartVerdicts(timestamp)).toEqual({ validator: valid, schema: valid });
  });

  it("keeps AORP's looser forms: no seconds, no zone, a zone without colon (decision 7)", () => {
    for (const timestamp of ["2025-01-17T10:30", "2025-01-17T10:30:00.123456", "2025-01-17T10:30:00+0700"]) {
      expect(aorpVerdicts(timestamp), timestamp).toEqual({ validator: true, schema: true });
      expect(smartVerdicts(timestamp), timestamp).toEqual({ validator: false, schema: false });
    }
  });

  it("accepts exactly the days of the Gregorian calendar, in any year", () => {
    const aorp = new RegExp(AORP_DATE_TIME_PATTERN, "u");
    const smart = new RegExp(DATE_TIME_PATTERN, "u");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (year, month, day) => {
        const exists = month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
        const timestamp = `${pad(year, 4)}-${pad(month)}-${pad(day)}T12:00:00Z`;
        expect(aorp.test(timestamp), timestamp).toBe(exists);
        expect(smart.test(timestamp), timestamp).toBe(exists);
      }),
      { numRuns: 2000 },
    );
    // Every 29th of February over a full 400-year cycle, and the century years around it.
    for (let year = 1600; year <= 2400; year++) {
      expect(aorp.test(`${year}-02-29T12:00:00Z`), String(year)).toBe(isLeapYear(year));
    }
  });
});
