import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { forEachChild, isObjectLiteralExpression } from "../../src/analyze/engine/ast.js";
import { ts } from "../../src/compiler.cjs";
import { mappedMembersInOrder } from "../../src/analyze/resolve/member-order.js";
import { printedAsWritten } from "../../src/analyze/resolve/written-order.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * `printedAsWritten` lets `check` skip the reordering walk for an object literal it quotes. It must
 * only say so where the walk would change nothing: held on every object literal of the print-parity
 * fixture (mapped types, spreads, unions, arrays of literals), on both engines.
 */
const project = join(fixturesRoot, "analyze", "print-parity", "tsconfig.json");
/** As typeText prints. */
const FULL = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

describe.each(["ts6", "ts7"] as const)("printedAsWritten on %s", (engineId) => {
  it("says a print is in order only where the reordering walk changes nothing, and tells both kinds apart", async () => {
    const { session } = analyze({ project, cwd: repoRoot, engine: await loadEngine(engineId) });
    try {
      const { checker } = session;
      const literals: ts.Node[] = [];
      for (const file of session.userSourceFiles()) {
        const visit = (node: ts.Node): void => {
          if (isObjectLiteralExpression(node)) literals.push(node);
          forEachChild(node, visit);
        };
        visit(file);
      }
      const verdicts = literals.map((literal) => {
        const type = checker.getTypeAtLocation(literal);
        const printed = checker.typeToString(type, literal, FULL);
        return { at: session.where(literal), printed, asWritten: printedAsWritten(printed, literal), walked: mappedMembersInOrder(printed, type, checker) };
      });
      for (const verdict of verdicts.filter((each) => each.asWritten)) expect(verdict.walked, `${verdict.at.file}:${verdict.at.line}`).toBe(verdict.printed);
      const verdictOf = (start: string) => verdicts.find((each) => each.printed.startsWith(start))?.asWritten;
      // Nested objects written out, in an array: in order as printed.
      expect(verdictOf("{ content: { type: ")).toBe(true);
      expect(verdictOf("{ id: string; role: ")).toBe(true);
      // A mapped type reached through a name (`{ split }`), and a literal that spreads: the walk runs.
      expect(verdictOf("{ split: ")).toBe(false);
      const spreading = verdicts.filter((each) => each.at.file === "src/types.ts" && each.printed.includes("url: string"));
      expect(spreading.length).toBeGreaterThan(0);
      for (const each of spreading) expect(each.asWritten, each.printed).toBe(false);
    } finally {
      session.close();
    }
  });
});

describe("printedAsWritten, by the syntax alone", () => {
  it("needs no walk for a print without objects, and refuses what the syntax cannot vouch for", async () => {
    const { session } = analyze({ project, cwd: repoRoot, engine: await loadEngine("ts6") });
    try {
      const [file] = session.userSourceFiles().filter((each) => each.fileName.endsWith("/server.ts"));
      const literal = findFirst(file!, isObjectLiteralExpression)!;
      expect(printedAsWritten("string", literal)).toBe(true);
      // The printed member is not one the literal writes: in doubt, so the walk runs.
      expect(printedAsWritten("{ other: { a: string; }; }", literal)).toBe(false);
      // Not the shape of an object at all.
      expect(printedAsWritten("{ a: string; } | { b: number; }", literal)).toBe(false);
    } finally {
      session.close();
    }
  });
});

function findFirst<T extends ts.Node>(root: ts.Node, test: (node: ts.Node) => node is T): T | undefined {
  let found: T | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (test(node)) found = node;
    else forEachChild(node, visit);
  };
  visit(root);
  return found;
}
