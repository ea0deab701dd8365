import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundledPrettierVersion, loadProjectPrettier, resolvePluginNames } from "../../src/write/prettier.js";
import { repoRoot } from "../helpers/fixtures.js";
import { tempProject } from "./helpers.js";

/** Which Prettier formats a project's output (src/write/prettier.ts). */
let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
  mkdirSync(join(project.root, "src", "generated"), { recursive: true });
});
afterEach(async () => {
  await project.cleanup();
});

function link(name: string, target: string): void {
  mkdirSync(join(project.root, "node_modules", name, ".."), { recursive: true });
  symlinkSync(target, join(project.root, "node_modules", name), "dir");
}

describe("the Prettier that formats", () => {
  it("is the project's own, found from the output folder upward", async () => {
    link("prettier", join(repoRoot, "node_modules", "prettier30"));
    const loaded = await loadProjectPrettier(join(project.root, "src", "generated"));
    expect(loaded.api.version).toBe("3.0.3");
    expect(loaded.bundled).toBe(false);
    expect(loaded.warning).toBeUndefined();
    expect(await loaded.api.format("const a = {b:1}", { parser: "typescript" })).toBe("const a = { b: 1 };\n");
  });

  it("is mcp-conform's own when the project has none, or has ours hoisted", async () => {
    const none = await loadProjectPrettier(join(project.root, "src", "generated"));
    expect(none).toMatchObject({ bundled: true, api: { version: bundledPrettierVersion } });
    link("prettier", join(repoRoot, "node_modules", "prettier"));
    expect(await loadProjectPrettier(join(project.root, "src"))).toMatchObject({ bundled: true });
  });

  it("resolves plugin names from the project, and leaves paths and unknown names alone", () => {
    link("prettier-plugin-x", join(repoRoot, "node_modules", "prettier30"));
    const [named, path, missing] = resolvePluginNames(["prettier-plugin-x", "./local.mjs", "prettier-plugin-missing"], join(project.root, "src")) as string[];
    expect(named).toBe(join(project.root, "node_modules", "prettier-plugin-x", "index.mjs"));
    expect(path).toBe("./local.mjs");
    expect(missing).toBe("prettier-plugin-missing");
  });
});
