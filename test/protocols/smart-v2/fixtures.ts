import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../src/package-root.js";
import type { ValidateOptions, ValidationProblem } from "../../../src/protocols/protocol.js";

/** Loading of `fixtures/protocols/smart-v2/`, shared by the smart-v2 tests. */

export const fixturesDir = join(packageRoot, "fixtures", "protocols", "smart-v2");

export function readJson(...segments: string[]): unknown {
  return JSON.parse(readFileSync(join(fixturesDir, ...segments), "utf8")) as unknown;
}

export interface ExampleEntry {
  file: string;
  /** JSON pointer of the part of the envelope the example shows ("" for a whole envelope). */
  at: string;
  source: string;
  asPrinted?: { file: string; decision: string; problems: ValidationProblem[] };
}

export function exampleManifest(): ExampleEntry[] {
  return readJson("examples", "manifest.json") as ExampleEntry[];
}

export interface InvalidCase {
  name: string;
  input: unknown;
  expected: ValidationProblem[];
  /** The validator options the case needs; its expected file is then `{ options, problems }`. */
  options?: ValidateOptions;
}

export function invalidCases(): InvalidCase[] {
  return readdirSync(join(fixturesDir, "invalid"))
    .filter((file) => file.endsWith(".json") && !file.endsWith(".expected.json"))
    .sort()
    .map((file) => {
      const name = file.slice(0, -".json".length);
      const expected = readJson("invalid", `${name}.expected.json`) as ValidationProblem[] | { options: ValidateOptions; problems: ValidationProblem[] };
      return Array.isArray(expected)
        ? { name, input: readJson("invalid", file), expected }
        : { name, input: readJson("invalid", file), expected: expected.problems, options: expected.options };
    });
}

/** The Quick Reference envelope (golden copy), freshly parsed so tests may mutate it. */
export function quickReference(): Record<string, unknown> {
  return readJson("examples", "quick-reference.json") as Record<string, unknown>;
}
