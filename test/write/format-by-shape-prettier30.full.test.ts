import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// Prettier 3.0.3, installed as the `prettier30` devDependency (`npm:prettier@3.0.3`).
import * as prettier30 from "prettier30";
import { loadProjectPrettier } from "../../src/write/prettier.js";
import { repoRoot } from "../helpers/fixtures.js";
import { tempProject } from "./helpers.js";
import { shapeProperties } from "./shape-properties.js";

/**
 * format-by-shape's property (shape-properties.ts) against Prettier 3.0.3, a project's own: the
 * oldest Prettier 3, and the second version that formats by shape (SHAPE_TESTED_PRETTIER). The
 * temp project links it as its `node_modules/prettier`, which the formatter then loads.
 */
let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
  mkdirSync(join(project.root, "node_modules"));
  symlinkSync(join(repoRoot, "node_modules", "prettier30"), join(project.root, "node_modules", "prettier"), "dir");
});
afterEach(async () => {
  await project.cleanup();
});

describe("formatting once per shape, with a project's Prettier 3.0.3", () => {
  it("formats with the project's Prettier 3.0.3", async () => {
    expect((await loadProjectPrettier(project.root)).api.version).toBe("3.0.3");
  });
  shapeProperties(prettier30, () => project.root);
});
