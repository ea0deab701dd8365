import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { readTsconfigInputs, readTsconfigInputsWith } from "../../src/incremental/tsconfig-inputs.js";
import { fixtureProjects, fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/** The tsconfig of every fixture read by both compilers (tsconfig-inputs.test.ts holds the cases one by one). */
let ts7: Engine;
beforeAll(async () => {
  ts7 = await loadEngine("ts7", repoRoot);
});

describe("a tsconfig's inputs, as TypeScript 7 reads them", () => {
  it("are TypeScript 6's for the tsconfig of every fixture: files, what it extends, every folder walked", () => {
    const projects = fixtureProjects();
    expect(projects.length).toBeGreaterThan(50);
    for (const project of projects) {
      const tsconfig = join(fixturesRoot, project, "tsconfig.json");
      expect(readTsconfigInputsWith(ts7, tsconfig), project).toEqual(readTsconfigInputs(tsconfig));
    }
  });
});
