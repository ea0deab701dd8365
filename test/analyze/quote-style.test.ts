import { describe, expect, it } from "vitest";
import { withDoubleQuotes } from "../../src/analyze/resolve/quote-style.js";

/** TypeScript 7 prints a string literal type with the source's quote; TypeScript 6 with double quotes. */
describe("withDoubleQuotes", () => {
  it("writes single-quoted literals and keys as TypeScript 6 prints them", () => {
    expect(withDoubleQuotes("{ kind: 'image'; 'content-type': string; }")).toBe('{ kind: "image"; "content-type": string; }');
    expect(withDoubleQuotes("'low' | 'high'")).toBe('"low" | "high"');
  });

  it("unescapes a single quote and escapes a double one", () => {
    expect(withDoubleQuotes(`{ note: 'it\\'s "fine"'; }`)).toBe(`{ note: "it's \\"fine\\""; }`);
    expect(withDoubleQuotes(`'a\\\\b\\n'`)).toBe(`"a\\\\b\\n"`);
  });

  it("leaves double-quoted literals (an apostrophe inside included) and template literal types as printed", () => {
    for (const text of ['{ note: "it\'s"; }', "`tool_${string}` | `x - ${string}`", "Record<string, number>", '"a" | "b"']) {
      expect(withDoubleQuotes(text)).toBe(text);
    }
  });
});
