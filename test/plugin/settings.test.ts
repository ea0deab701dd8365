import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PluginConfigLoader } from "../../src/plugin/settings.js";
import { repoRoot } from "../helpers/fixtures.js";

/** The editor plugin reads the config the CLI reads (src/plugin/settings.ts). */
const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function workspace(): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(repoRoot, ".tmp", "plugin-settings-"));
  scratch.push(dir);
  mkdirSync(join(dir, "packages", "server"), { recursive: true });
  return dir;
}

describe("the plugin's config", () => {
  it("is the nearest config upward from the tsconfig's folder, as the CLI finds it", () => {
    const root = workspace();
    writeFileSync(join(root, "mcp-conform.config.json"), '{\n  // shared by the workspace\n  "protocol": "acor",\n}\n');
    const loaded = new PluginConfigLoader(join(root, "packages", "server"), {}).load();
    expect(loaded.generate.protocol).toBe("acor");
  });

  it("reports a JSON syntax error at its line and column", () => {
    const root = workspace();
    writeFileSync(join(root, "packages", "server", "mcp-conform.config.json"), '{\n  "protocol": aorp\n}\n');
    expect(() => new PluginConfigLoader(join(root, "packages", "server"), {}).load()).toThrow(/syntax error/);
  });
});
