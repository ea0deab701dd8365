import { describe, expect, it } from "vitest";
import { smartV2Protocol } from "../../../src/protocols/smart-v2/index.js";
import { invalidCases } from "./fixtures.js";

const cases = invalidCases();

describe("smart-v2 malformed responses", () => {
  it("has at least 10 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))("%s reports its exact problems", (_name, testCase) => {
    expect(smartV2Protocol.validate(testCase.input, testCase.options)).toEqual(testCase.expected);
    if (testCase.options?.strict === true) expect(smartV2Protocol.validate(testCase.input)).toEqual([]);
  });
});
