import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { projectTypeScriptMajor } from "../../src/analyze/typescript-defaults.js";
import { fixtureProjects, fixturesRoot } from "../helpers/fixtures.js";
import { transcriptOf } from "./engine-parity.js";

/**
 * Every fixture the analysis reads (the bad-input corpus aside): both engines, one transcript.
 * A project declared for TypeScript 5 is left out: the TypeScript 6 engine reads it with 5's
 * defaults (src/analyze/typescript-defaults.ts), which TypeScript 7's API, opening the tsconfig
 * itself, cannot be given; and such a project never gets the TypeScript 7 engine (select.ts).
 */
const FIXTURES = fixtureProjects().filter(
  (fixture) => !fixture.startsWith("bad/") && (projectTypeScriptMajor(join(fixturesRoot, fixture, "tsconfig.json")) ?? 6) >= 6,
);

describe("engine parity, every fixture", () => {
  it("finds the fixtures", () => expect(FIXTURES.length).toBeGreaterThanOrEqual(15));

  it.each(FIXTURES)("%s: the same transcript from TypeScript 6 and TypeScript 7", async (fixture) => {
    const ts6 = await transcriptOf("ts6", fixture);
    const ts7 = await transcriptOf("ts7", fixture);
    expect(ts7).toEqual(ts6);
  });
});
