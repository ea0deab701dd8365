import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import { compile, configFor, copyFixture, fixtureInventory, removeCopy, writeResult } from "../generate/harness.js";

/**
 * fixtures/notes is a real project once generated: its guidance stubs import the generated kit,
 * which is not committed (hence its fixture.no-compile). Generated for the Guidance Pattern, as
 * its config asks, its stubs (the filled-in one included) type-check.
 */
describe("the notes fixture", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeCopy));

  it("type-checks once generated for the guidance protocol", async () => {
    const dir = copyFixture("notes");
    dirs.push(dir);
    const result = generate(fixtureInventory("notes"), configFor("guidance"));
    // The stubs are the fixture's own (scaffolded once, then edited): generation must not replace them.
    writeResult(dir, { ...result, scaffolded: new Map() });
    const { exitCode, output } = await compile(dir, 6);
    expect(output.trim(), output).toBe("");
    expect(exitCode).toBe(0);
  }, 120_000);
});
