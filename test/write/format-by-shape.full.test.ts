import * as prettier from "prettier";
import { afterEach, beforeEach, describe } from "vitest";
import { tempProject } from "./helpers.js";
import { shapeProperties } from "./shape-properties.js";

/** format-by-shape's property against the bundled Prettier, at full strength (npm test runs 4 cases per protocol). */
let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
});

describe("formatting once per shape (40 random cases per protocol)", () => {
  shapeProperties(prettier, () => project.root, 40);
});
