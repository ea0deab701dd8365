import { describe, expect, it } from "vitest";
import { aopProtocol } from "../../../src/protocols/aop/index.js";
import { validateAop } from "../../../src/protocols/aop/runtime.js";
import { invalidCases } from "./fixtures.js";

const cases = invalidCases();

describe("malformed AOP output", () => {
  it("has at least ten cases, three of them the document's own non-examples", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(cases.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(["document-before-unmarked-output", "document-notation-basic-syntax", "document-notation-with-attributes"]),
    );
  });

  it.each(cases)("$name reports exactly its expected problems", ({ input, expected }) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(validateAop(input)).toEqual(expected);
    expect(aopProtocol.validate(input)).toEqual(expected);
  });

  it("rejects input that is neither text nor a CallToolResult", () => {
    expect(validateAop(42)).toEqual([{ path: "", message: "expected AOP text, or a CallToolResult whose content holds it" }]);
    expect(validateAop({ content: [] })).toEqual([{ path: "/content", message: "expected exactly one text block holding the AOP text, found 0" }]);
  });
});
