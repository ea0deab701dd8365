import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/fixtures.js";

/**
 * The analysis and check read TypeScript 7's nodes as well as TypeScript 6's, whose kinds are
 * numbered differently: every kind test must go through src/analyze/engine/ast.ts. A TypeScript 6
 * predicate (`ts.isSpreadElement`, even passed as a callback), a kind compared with
 * `ts.SyntaxKind` directly, or TypeScript 6's own child walk would misread a TypeScript 7 node.
 */
const FOLDERS = ["src/analyze", "src/check", "src/commands"];
const FORBIDDEN: [RegExp, string][] = [
  [/\bts\.is[A-Z]\w*/, "a TypeScript 6 kind predicate"],
  [/\.kind\s*[!=]==\s*ts\.SyntaxKind\./, "a kind compared with TypeScript 6's numbers"],
  [/switch\s*\(\s*[\w.]+\.kind\s*\)/, "a switch over TypeScript 6's kind numbers"],
  [/\bts\.forEachChild\(/, "TypeScript 6's child walk"],
  [/\bts\.(getCombinedModifierFlags|getCombinedNodeFlags|getModifiers|canHaveModifiers)\(/, "TypeScript 6's modifier and flag helpers"],
];

function sources(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(repoRoot, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(join("src", "analyze", "engine")));
}

describe("kind tests go through engine/ast.ts", () => {
  it("in the analysis, check and the commands", () => {
    const files = FOLDERS.flatMap(sources);
    expect(files.length).toBeGreaterThan(60);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(repoRoot, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          for (const [pattern, what] of FORBIDDEN) if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
