import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectTypeScriptMajor } from "../../src/analyze/typescript-defaults.js";
import { fixtureProjects, fixturesRoot } from "../helpers/fixtures.js";
import { inventoryOn } from "./engine-inventory.js";

/**
 * Every fixture the analysis reads (the bad-input corpus aside, and projects declared for
 * TypeScript 5, which the TypeScript 7 engine never gets: see engine-parity.full.test.ts): the
 * inventory from the TypeScript 7 engine is the TypeScript 6 engine's, byte for byte.
 *
 * KNOWN_DIFFERENCES are fixtures where they still differ, run as `it.fails`: one that comes to
 * match fails here until it is taken off the list.
 */
const KNOWN_DIFFERENCES = new Set<string>([]);

const FIXTURES = fixtureProjects().filter(
  (fixture) => !fixture.startsWith("bad/") && (projectTypeScriptMajor(join(fixturesRoot, fixture, "tsconfig.json")) ?? 6) >= 6,
);

describe("the inventory on both engines, every fixture", () => {
  it("finds the fixtures", () => expect(FIXTURES.length).toBeGreaterThanOrEqual(15));

  for (const fixture of FIXTURES) {
    const test = KNOWN_DIFFERENCES.has(fixture) ? it.fails : it;
    test(`${fixture}: the same inventory from TypeScript 6 and TypeScript 7`, async () => {
      const ts6 = await inventoryOn("ts6", fixture);
      const ts7 = await inventoryOn("ts7", fixture);
      expect(ts7).toBe(ts6);
    });
  }
});
