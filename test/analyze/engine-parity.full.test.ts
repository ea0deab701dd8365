import { describe, expect, it } from "vitest";
import { fixtureProjects } from "../helpers/fixtures.js";
import { transcriptOf } from "./engine-parity.js";

/** Every fixture the analysis reads (the bad-input corpus aside): both engines, one transcript. */
const FIXTURES = fixtureProjects().filter((fixture) => !fixture.startsWith("bad/"));

describe("engine parity, every fixture", () => {
  it("finds the fixtures", () => expect(FIXTURES.length).toBeGreaterThanOrEqual(15));

  it.each(FIXTURES)("%s: the same transcript from TypeScript 6 and TypeScript 7", async (fixture) => {
    const ts6 = await transcriptOf("ts6", fixture);
    const ts7 = await transcriptOf("ts7", fixture);
    expect(ts7).toEqual(ts6);
  });
});
