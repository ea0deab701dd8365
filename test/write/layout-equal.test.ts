import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { equalModuloLayout, firstLayoutDifference } from "../../src/write/layout-equal.js";
import { cleanScratch, generatedCopy } from "../check/helpers.js";

afterAll(cleanScratch);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Prettier option sets users have: the defaults, and others that change quotes, commas, keys, widths and indents. */
const OPTION_SETS: prettier.Options[] = [
  {},
  { singleQuote: true, trailingComma: "none", printWidth: 60 },
  { quoteProps: "consistent", bracketSpacing: false, arrowParens: "avoid", printWidth: 120, tabWidth: 4 },
  { useTabs: true, trailingComma: "es5", printWidth: 40 },
];

describe("equalModuloLayout", () => {
  it.each([["aorp"], ["smart-v2"], ["guidance"]])(
    "holds the %s output generated unformatted equal to the same output after Prettier, with any of its options",
    async (protocol) => {
      const dir = await generatedCopy("demo", ["--protocol", protocol]);
      const output = join(dir, "src/generated/mcp-conform");
      const files = filesUnder(output);
      expect(files.length).toBeGreaterThan(5);
      for (const options of OPTION_SETS) {
        for (const file of files) {
          const unformatted = readFileSync(file, "utf8");
          const formatted = await prettier.format(unformatted, { ...options, filepath: file });
          expect(firstLayoutDifference(unformatted, formatted), `${relative(output, file)} with ${JSON.stringify(options)}`).toBeUndefined();
        }
      }
    },
  );

  it.each([
    ["a changed name", "type A = { id: string };", "type A = { key: string };"],
    ["a changed string", 'const a = "x";', 'const a = "y";'],
    ["a changed number", "const a = 1.5;", "const a = 1.25;"],
    ["a union made an intersection", "type A = B | C;", "type A = B & C;"],
    ["parentheses that change a type", "type A = (B | C)[];", "type A = B | C[];"],
    ["a semicolon that stops a call", "a;\n(b);", "a\n(b);"],
    ["a line break that ends a return", "function f() { return a; }", "function f() { return\n a; }"],
    ["a line break before a postfix increment", "a\n++b;", "a++\nb;"],
    ["parentheses that call, not wrap", "function f() { return (a)(b); }", "function f() { return a(b); }"],
    ["a regular expression's spaces", "const r = /a b/;", "const r = /a  b/;"],
    ["a template's text", "const t = `a ${b} c`;", "const t = `a ${b}  c`;"],
    ["a comment's words", "/** Returns the list. */\nexport {};", "/** Returns the lists. */\nexport {};"],
    ["a quoted key that is no identifier", 'const a = { "a-b": 1 };', "const a = { ab: 1 };"],
    ["a string that is a value, not a key", 'const a = b ? "c" : d;', "const a = b ? c : d;"],
    ["an added member", "interface A { a: string }", "interface A { a: string; b: string }"],
  ])("tells %s", (_what, a, b) => {
    expect(equalModuloLayout(a, b)).toBe(false);
    expect(equalModuloLayout(b, a)).toBe(false);
  });

  it.each([
    ["line breaks and indents", "type A = { a: string; b: number };", "type A = {\n    a: string;\n    b: number;\n};"],
    ["quotes", 'const a = "x";', "const a = 'x';"],
    ["a quoted key that is an identifier", 'const a = { "ab": 1, readonly: 2 };', "const a = { ab: 1, readonly: 2 };"],
    ["a leading bar", "type A = B | C;", "type A =\n  | B\n  | C;"],
    ["parentheses around a returned expression", "function f() { return a && b; }", "function f() {\n  return (\n    a &&\n    b\n  );\n}"],
    ["parentheses around an arrow's one parameter", "xs.map((x) => x);", "xs.map(x => x);"],
    ["a trailing comma", "f(a, b);", "f(\n  a,\n  b,\n);"],
    ["a division and a regular expression", "const a = b / c; const r = /x/g.test(d);", "const a = b/c;\nconst r = /x/g.test(d);"],
    ["a template with substitutions", "const t = `a ${b ? { c: 1 } : d} e`;", "const t = `a ${b ? {c: 1} : d} e`;"],
  ])("holds equal what differs in %s", (_what, a, b) => {
    expect(firstLayoutDifference(a, b)).toBeUndefined();
  });

  it("cannot read a `/` after a closing brace, where it may divide or start a regular expression: unequal", () => {
    expect(equalModuloLayout("x = {} / 2;", "x = {}/2;")).toBe(false);
  });
});
