import { describe, expect, it } from "vitest";
import { ts } from "../../src/compiler.cjs";
import { returnedLiteralText } from "../../src/check/returned-literal.js";

/** The first returned expression of `source`. */
function returned(source: string): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) found ??= node.expression;
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile("/p/src/server.ts", source, ts.ScriptTarget.Latest, true));
  return found!;
}

/**
 * A returned object literal is quoted from its syntax, on one line (src/check/returned-literal.ts):
 * `check` does not type it, and what it says is what the author wrote.
 */
describe("returnedLiteralText", () => {
  it.each([
    ['return { content: [{ type: "text", text: JSON.stringify(rows) }] };', '{ content: [{ type: "text", text: JSON.stringify(rows) }] }'],
    ["return { content, isError: true };", "{ content, isError: true }"],
    ["return { ...base, isError: true };", "{ ...base, isError: true }"],
    ["return {};", "{}"],
    ["return ({ content: [] }) satisfies CallToolResult;", "{ content: [] }"],
    ["async () => { return await ({ content: [] }); }", "{ content: [] }"],
    // Lines and indentation collapse to single spaces, inside a value too; none is left before a chained call or after an opening parenthesis.
    [
      'return {\n  content: [\n    {\n      type: "text",\n      text: rows\n        .map((row) => row.name)\n        .join(", "),\n    },\n  ],\n};',
      '{ content: [{ type: "text", text: rows.map((row) => row.name).join(", ") }] }',
    ],
    [
      "return { content: [{ type: 'text', text: render(\n  rows,\n  { compact: true },\n) }] };",
      "{ content: [{ type: 'text', text: render(rows, { compact: true }) }] }",
    ],
    ["return { content: [{ type: 'text', text: `found ${rows.length}` }] };", "{ content: [{ type: 'text', text: `found ${rows.length}` }] }"],
    ['return { [key]: 1, "quoted-name": 2, toJSON() { return 3; } };', '{ [key]: 1, "quoted-name": 2, toJSON() { return 3; } }'],
  ])("%s", (source, expected) => {
    expect(returnedLiteralText(returned(source))).toBe(expected);
  });

  it.each([["return result;"], ["return format(result);"], ["return [result];"], ["return { content } as CallToolResult;"]])(
    "leaves %s to its type",
    (source) => {
      expect(returnedLiteralText(returned(source))).toBeUndefined();
    },
  );

  it("stops writing once the text is longer than a message quotes", () => {
    const fields = Array.from({ length: 200 }, (_, index) => `field${index}: ${index}`).join(", ");
    const text = returnedLiteralText(returned(`return { ${fields} };`))!;
    expect(text.startsWith("{ field0: 0, field1: 1, ")).toBe(true);
    expect(text.length).toBeLessThan(200);
  });
});
