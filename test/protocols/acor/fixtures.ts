import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../src/package-root.js";
import type { ValidationProblem } from "../../../src/protocols/protocol.js";

export const fixtureDir = join(packageRoot, "fixtures", "protocols", "acor");

export function readFixture(...parts: string[]): string {
  return readFileSync(join(fixtureDir, ...parts), "utf8");
}

/** The document's examples, one `.md` each. */
export function exampleFiles(): string[] {
  return readdirSync(join(fixtureDir, "examples"))
    .filter((name) => name.endsWith(".md"))
    .sort();
}

/** Malformed cases: `<case>.md` (ACOR Markdown) or `<case>.json` (a CallToolResult), each with `<case>.expected.json`. */
export function invalidCases(): { name: string; input: unknown; expected: ValidationProblem[] }[] {
  return readdirSync(join(fixtureDir, "invalid"))
    .filter((name) => !name.endsWith(".expected.json"))
    .sort()
    .map((name) => {
      const raw = readFixture("invalid", name);
      const base = name.replace(/\.(md|json)$/, "");
      return {
        name: base,
        input: name.endsWith(".json") ? (JSON.parse(raw) as unknown) : raw,
        expected: JSON.parse(readFixture("invalid", `${base}.expected.json`)) as ValidationProblem[],
      };
    });
}
