import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { addImports } from "../../src/migrate/imports.js";

/** A file with `imports` as its only line, after migrate added `names` from src/lib/errors.ts. */
function afterAdding(imports: string, names: string[]): string {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile("/p/src/tools/a.ts", `${imports}\n`);
  addImports(file, "src/tools/a.ts", new Map([["src/lib/errors.ts", new Set(names)]]));
  return file.getFullText().trim();
}

describe("names migrate adds to an import the file has", () => {
  it.each([
    [
      "in case-insensitive order, as an editor's organize imports leaves them",
      'import { invalidInput, wrapToolError } from "../lib/errors.js";',
      ["ToolError"],
      'import { invalidInput, ToolError, wrapToolError } from "../lib/errors.js";',
    ],
    ["in code-unit order, capitals first", 'import { Zed, alpha } from "../lib/errors.js";', ["Beta"], 'import { Beta, Zed, alpha } from "../lib/errors.js";'],
    ["at the end of names in no order", 'import { wrap, alpha } from "../lib/errors.js";', ["Beta"], 'import { wrap, alpha, Beta } from "../lib/errors.js";'],
    ["several, each in its place", 'import { b, d } from "../lib/errors.js";', ["a", "c", "e"], 'import { a, b, c, d, e } from "../lib/errors.js";'],
  ])("go %s", (_how, imports, names, expected) => {
    expect(afterAdding(imports, names)).toBe(expected);
  });
});
