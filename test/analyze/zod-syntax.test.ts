import { join } from "node:path";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { openSession } from "../../src/analyze/analyze.js";
import { resolveInputParams } from "../../src/analyze/resolve/input-params.js";
import { fixturesRoot } from "../helpers/fixtures.js";

/**
 * The syntactic zod reader is a shortcut for the checker, so it must give the checker's answers:
 * every shape in the fixture is resolved both ways and compared (descriptions aside: only the
 * syntax can see `.describe()` texts).
 */
describe("zod params read from the syntax equal the checker's", () => {
  const session = openSession({ project: join(fixturesRoot, "analyze/zod-forms") });
  const file = session.program.getSourceFiles().find((sf) => sf.fileName.endsWith("shapes.ts"));
  if (!file) throw new Error("fixture missing");
  const shapes = file.statements.filter(ts.isVariableStatement).flatMap((s) => s.declarationList.declarations);

  for (const declaration of shapes) {
    const name = declaration.name.getText();
    it(name, () => {
      const shape = declaration.initializer;
      if (!shape || !ts.isObjectLiteralExpression(shape)) throw new Error("not a shape");
      const fast = resolveInputParams(shape, session.checker);
      const slow = resolveInputParams(shape, session.checker, { zodSyntax: false });
      expect(fast.unrecognised).toBe(false);
      expect(fast.params.length).toBe(shape.properties.length);
      expect(fast.params.map(({ name, type, optional }) => ({ name, type, optional }))).toEqual(
        slow.params.map(({ name, type, optional }) => ({ name, type, optional })),
      );
    });
  }

  it("keeps .describe() texts wherever they sit in the chain", () => {
    const declaration = shapes.find((d) => d.name.getText() === "zod3Shape");
    const shape = declaration?.initializer;
    if (!shape) throw new Error("fixture missing");
    const params = resolveInputParams(shape, session.checker).params;
    expect(params.find((p) => p.name === "count")?.description).toBe("How many");
    expect(params.find((p) => p.name === "described")?.description).toBe("Described first");
  });
});
