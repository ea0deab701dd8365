import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { engineForProject, loadEngine } from "../../src/analyze/engine/select.js";
import { InputError } from "../../src/errors.js";

const scratch = mkdtempSync(join(tmpdir(), "mcp-conform-engine-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A project folder whose node_modules holds `typescript` at `version` (or none). */
function projectWith(version: string | null): string {
  const dir = mkdtempSync(join(scratch, "project-"));
  writeFileSync(join(dir, "package.json"), "{}\n");
  if (version !== null) {
    mkdirSync(join(dir, "node_modules", "typescript"), { recursive: true });
    writeFileSync(join(dir, "node_modules", "typescript", "package.json"), JSON.stringify({ name: "typescript", version }));
  }
  return dir;
}

describe("which engine analyses a project", () => {
  it("follows the TypeScript major the project installs", () => {
    expect(engineForProject(projectWith("7.0.2"))).toBe("ts7");
    expect(engineForProject(projectWith("7.1.0-dev.20260101"))).toBe("ts7");
    expect(engineForProject(projectWith("6.0.3"))).toBe("ts6");
    expect(engineForProject(projectWith("5.9.3"))).toBe("ts6");
  });

  it("falls back to TypeScript 6 when the project installs no TypeScript", () => {
    expect(engineForProject(projectWith(null))).toBe("ts6");
  });

  it("is overridden by --engine, and refuses an unknown one", () => {
    expect(engineForProject(projectWith("7.0.2"), "ts6")).toBe("ts6");
    expect(engineForProject(projectWith("6.0.3"), "ts7")).toBe("ts7");
    expect(() => engineForProject(projectWith("6.0.3"), "ts8")).toThrow(InputError);
  });

  it("loads the engine asked for", async () => {
    expect((await loadEngine("ts6")).id).toBe("ts6");
    const ts7 = await loadEngine("ts7");
    expect(ts7.id).toBe("ts7");
    expect(ts7.compilerVersion).toBe("7.0.2");
  });
});
