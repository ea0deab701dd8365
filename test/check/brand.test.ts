import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ts } from "../../src/compiler.cjs";
import { hasBrandedTargets, isLiteralWithoutBrand } from "../../src/check/brand.js";
import { fixturesRoot } from "../helpers/fixtures.js";

/**
 * `check` says a return cannot conform without asking the checker when the return is an object
 * literal written without the brand and the targets are branded (src/check/brand.ts). Both halves
 * are syntax; what they may say must hold whatever the output's templates or the handler look like.
 */
const parse = (text: string): ts.SourceFile => ts.createSourceFile("/p/src/generated/mcp-conform/conform.ts", text, ts.ScriptTarget.Latest, true);

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

const BRANDED = `
import type { toCallToolResult } from "./runtime/aorp.js";
import type { ToolName } from "./tools.js";
declare const conformingTool: unique symbol;
export type ConformingResult<N extends ToolName> = ReturnType<typeof toCallToolResult> & { readonly [conformingTool]: N };
export type ConformingResults = { [N in ToolName]: ConformingResult<N> };
`;

describe("hasBrandedTargets", () => {
  it("holds for the conform.ts generate writes, for every protocol", () => {
    const expected = join(fixturesRoot, "orchestrator", "__expected__", "generated");
    const variants = readdirSync(expected);
    expect(variants.length).toBeGreaterThanOrEqual(5);
    for (const variant of variants)
      expect([variant, hasBrandedTargets(parse(readFileSync(join(expected, variant, "conform.ts"), "utf8")))]).toEqual([variant, true]);
  });

  it("holds for a brand written as the templates write it", () => {
    expect(hasBrandedTargets(parse(BRANDED))).toBe(true);
  });

  // Each of these lets a literal without a computed key be assignable, or makes the target another type.
  it.each([
    ["an optional brand", BRANDED.replace("readonly [conformingTool]: N", "readonly [conformingTool]?: N")],
    ["a brand keyed by a string", BRANDED.replace("[conformingTool]: N", '"conformingTool": N')],
    ["a brand keyed by a plain symbol", BRANDED.replace("unique symbol", "symbol")],
    ["a key that is not a const of the file", BRANDED.replace("declare const conformingTool: unique symbol;", "")],
    ["no brand at all", BRANDED.replace(" & { readonly [conformingTool]: N }", "")],
    ["ConformingResults mapping to another type", BRANDED.replace("]: ConformingResult<N> }", "]: ReturnType<typeof toCallToolResult> }")],
    ["ConformingResults with optional properties", BRANDED.replace("[N in ToolName]:", "[N in ToolName]?:")],
    ["ConformingResults applying another argument", BRANDED.replace("ConformingResult<N> }", 'ConformingResult<"a"> }')],
    ["no ConformingResults", BRANDED.replace(/export type ConformingResults.*\n/, "")],
  ])("does not hold with %s", (_case, text) => {
    expect(hasBrandedTargets(parse(text))).toBe(false);
  });
});

describe("isLiteralWithoutBrand", () => {
  it.each([
    ['return { content: [{ type: "text", text: "x" }] };'],
    ['return { content: [], "isError": true, 1: 2 };'],
    ["return ({ content });"],
    ["return await { content };"],
    ["return { content } satisfies object;"],
    ["return { content, get size() { return 1; }, method() {} };"],
  ])("holds for %s", (code) => {
    expect(isLiteralWithoutBrand(returned(`async function h() { ${code} }`))).toBe(true);
  });

  // Each of these may carry the brand, or its type is not the literal's.
  it.each([
    ["return { ...formatted };"],
    ["return { [conformingTool]: name, content };"],
    ["return { then(resolve) { resolve(formatted); } };"],
    ['return { "then": formatted };'],
    ["return { content } as never;"],
    ["return formatted;"],
    ["return format({ content });"],
  ])("does not hold for %s", (code) => {
    expect(isLiteralWithoutBrand(returned(`async function h() { ${code} }`))).toBe(false);
  });
});
