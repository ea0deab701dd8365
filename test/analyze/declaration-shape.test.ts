import { describe, expect, it } from "vitest";
import { ts } from "../../src/compiler.cjs";
import { declarationShape } from "../../src/analyze/engine/declaration-shape.js";

/**
 * The stand-in for declaration emit on TypeScript 7 (watch mode keeps answers about files that
 * import a changed one while it declares what it did): equal shapes must mean equal declarations.
 */
const shapeOf = (text: string, fileName = "/p/src/tools.ts") => declarationShape(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true));
const same = (before: string, after: string) => shapeOf(before) === shapeOf(after);

describe("declarationShape", () => {
  it("leaves out what declares nothing: a registration call, a written return type's body", () => {
    expect(same('server.registerTool("a", { description: "Old" }, handler);\n', 'server.registerTool("a", { description: "New" }, handler);\n')).toBe(true);
    expect(same("await main();\n", "await main(1);\n")).toBe(true);
    expect(same("export function total(): number {\n  return 1;\n}\n", "export function total(): number {\n  return 2;\n}\n")).toBe(true);
  });

  it("keeps whatever may declare: inferred return types, initializers, assignments, types", () => {
    expect(same("export function total() {\n  return 1;\n}\n", 'export function total() {\n  return "1";\n}\n')).toBe(false);
    expect(same("export function total(): number {\n  return 1;\n}\n", "export function total(): string {\n  return 1;\n}\n")).toBe(false);
    expect(same('export const TOOLS = [{ name: "a" }];\n', 'export const TOOLS = [{ name: "b" }] as const;\n')).toBe(false);
    // A property assigned to a function is part of its type, in TypeScript files too.
    expect(same('export function f() {}\nf.label = "a";\n', "export function f() {}\nf.label = 1;\n")).toBe(false);
    expect(same("interface Shared {\n  id: string;\n}\n", "interface Shared {\n  id: number;\n}\n")).toBe(false);
    expect(same('import { a } from "./a.js";\n', 'import { b as a } from "./a.js";\n')).toBe(false);
  });

  it("leaves out a statement's leading comments, but not the file's first ones (triple-slash directives)", () => {
    // A generated formatter module's JSDoc holds its tool's description: editing the description declares nothing new.
    const formatter = (description: string) =>
      `import type { Result } from "./kit.js";\n\n/**\n * The formatter of \`a\`: ${description}\n */\nexport function formatA(payload: string): Result {\n  return { payload };\n}\n`;
    expect(same(formatter("Old words"), formatter("New words"))).toBe(true);
    expect(same('/// <reference types="node" />\nexport const a = 1;\n', "export const a = 1;\n")).toBe(false);
    expect(same("// header\nexport const a = 1;\n", "// other header\nexport const a = 1;\n")).toBe(false);
    expect(same("export const a = 1;\n/** one */\nexport const b = 2;\n", "export const a = 1;\n/** two */\nexport const b = 2;\n")).toBe(true);
  });

  it("has no shape for a JavaScript file, whose assignments declare", () => {
    expect(shapeOf("module.exports.tools = [];\n", "/p/src/tools.js")).toBeUndefined();
    expect(shapeOf("export const a = 1;\n", "/p/src/tools.mjs")).toBeUndefined();
  });
});
