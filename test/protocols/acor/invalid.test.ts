import { describe, expect, it } from "vitest";
import { acorProtocol } from "../../../src/protocols/acor/index.js";
import { validateAcor } from "../../../src/protocols/acor/runtime.js";
import { invalidCases } from "./fixtures.js";

const cases = invalidCases();

describe("malformed ACOR output", () => {
  it("has at least ten cases, one of them the document's own post-MVP example, which is outside the seven types", () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(cases.map((entry) => entry.name)).toEqual(expect.arrayContaining(["document-session-management-post-mvp"]));
  });

  it.each(cases)("$name reports exactly its expected problems", ({ input, expected }) => {
    expect(expected.length).toBeGreaterThan(0);
    expect(validateAcor(input)).toEqual(expected);
    expect(acorProtocol.validate(input)).toEqual(expected);
  });

  it("rejects input that is neither Markdown nor a CallToolResult", () => {
    expect(validateAcor(null)).toEqual([{ path: "", message: "expected ACOR Markdown, or a CallToolResult whose content holds it" }]);
  });
});
