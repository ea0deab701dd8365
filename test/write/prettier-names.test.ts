import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { NAMES_PRETTIER_READS } from "../../src/write/format-by-shape.js";

/**
 * Format-by-shape derives a file from its twin by putting other names in; that is only sound for
 * names Prettier's layout never reads. The names it does read are compared in its estree printer:
 * `x.name === "beforeEach"`, `["async", "inject", ...].includes(callee.name)`, and the list of
 * test-call paths (`"test.describe.serial.only"`). Read them out of the bundled Prettier, so that
 * an upgrade that reads a new name fails here instead of deriving a file Prettier would print
 * otherwise.
 */
function namesPrettierReads(): Set<string> {
  const require = createRequire(import.meta.url);
  const source = readFileSync(join(dirname(require.resolve("prettier/package.json")), "plugins", "estree.js"), "utf8");
  const names = new Set<string>();
  for (const match of source.matchAll(/\.name===?"([A-Za-z_$][\w$]*)"/g)) names.add(match[1]!);
  // Arrays of names tested with includes(...name), and the test-call list (dotted paths).
  for (const array of source.matchAll(/\[((?:"[\w$.]+",)*"[\w$.]+")\](?=\.includes\([\w$.]*name\))/g)) {
    for (const literal of array[1]!.matchAll(/"([\w$.]+)"/g)) names.add(literal[1]!);
  }
  for (const array of source.matchAll(/\[((?:"[\w$.]+",)*"[\w$.]+")\]/g)) {
    if (!array[1]!.includes('"xdescribe"')) continue;
    for (const literal of array[1]!.matchAll(/"([\w$.]+)"/g)) for (const part of literal[1]!.split(".")) names.add(part);
  }
  return names;
}

describe("the names Prettier reads", () => {
  it("are found in the bundled Prettier (the extraction still matches its source)", () => {
    const names = namesPrettierReads();
    for (const known of ["beforeEach", "afterAll", "Boolean", "inject", "it", "fixme", "serial"]) expect(names, known).toContain(known);
  });

  it("are every one fixed in format-by-shape", () => {
    const missing = [...namesPrettierReads()].filter((name) => !NAMES_PRETTIER_READS.has(name)).sort();
    expect(missing).toEqual([]);
  });
});
