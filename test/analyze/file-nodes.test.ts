import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ts } from "../../src/compiler.cjs";
import { analyze } from "../../src/analyze/analyze.js";
import {
  forEachChild,
  isCallExpression,
  isIdentifier,
  isNoSubstitutionTemplateLiteral,
  isPrivateIdentifier,
  isStringLiteral,
} from "../../src/analyze/engine/ast.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { fileNodes } from "../../src/analyze/file-nodes.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/** The kinds file-nodes.ts keeps, by a walk of the test's own. */
function walked(file: ts.SourceFile): { calls: ts.Node[]; strings: ts.Node[]; identifiers: ts.Node[] } {
  const found = { calls: [] as ts.Node[], strings: [] as ts.Node[], identifiers: [] as ts.Node[] };
  const visit = (node: ts.Node): void => {
    if (isCallExpression(node)) found.calls.push(node);
    else if (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node)) found.strings.push(node);
    else if (isIdentifier(node) || isPrivateIdentifier(node)) found.identifiers.push(node);
    forEachChild(node, visit);
  };
  forEachChild(file, visit);
  return found;
}

describe("file-nodes.ts: check's project-wide indexes read the nodes the analysis walked", () => {
  for (const engineId of ["ts6", "ts7"] as const) {
    it(`${engineId}: every file the analysis walked gives its calls, strings and identifiers in document order, without a walk of its own`, async () => {
      const engine = await loadEngine(engineId);
      const result = analyze({ project: join(fixturesRoot, "styles", "tool-object", "tsconfig.json"), cwd: repoRoot, engine });
      try {
        const files = result.session.userSourceFiles();
        expect(files.length).toBeGreaterThan(3);
        let calls = 0;
        for (const file of files) {
          // A walk of the file's own would start at the file: its (prototype's) forEachChild, shadowed here.
          const own = file as unknown as { forEachChild?: unknown };
          expect(Object.hasOwn(own, "forEachChild")).toBe(false);
          Object.defineProperty(own, "forEachChild", {
            configurable: true,
            value: () => {
              throw new Error(`${file.fileName} walked again`);
            },
          });
          let gathered;
          try {
            gathered = fileNodes(file);
          } finally {
            delete own.forEachChild;
          }
          const expected = walked(file);
          for (const kind of ["calls", "strings", "identifiers"] as const) {
            expect(gathered[kind].length, `${file.fileName} ${kind}`).toBe(expected[kind].length);
            expect(
              gathered[kind].every((node, index) => node === expected[kind][index]),
              `${file.fileName} ${kind}`,
            ).toBe(true);
          }
          calls += gathered.calls.length;
        }
        expect(calls).toBeGreaterThan(20);
      } finally {
        result.session.close();
      }
    });
  }
});
