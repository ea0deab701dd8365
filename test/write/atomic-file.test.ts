import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeFileAtomically, writeFileAtomicallyWith } from "../../src/write/atomic-file.js";
import { nodeWriteFs, type WriteFs } from "../../src/write/fs.js";

const dir = mkdtempSync(join(tmpdir(), "mcp-conform-atomic-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The one writer of single files (run state, format cache, migrate's sources). */
describe("writeFileAtomically", () => {
  it("replaces the file whole, creating its folder, and leaves nothing beside it", () => {
    const path = join(dir, "state", "run.json");
    writeFileAtomically(path, "first\n");
    writeFileAtomically(path, "second\n");
    expect(readFileSync(path, "utf8")).toBe("second\n");
    expect(readdirSync(join(dir, "state"))).toEqual(["run.json"]);
  });

  it("leaves the old content and no temp file when the rename fails", () => {
    const path = join(dir, "taken");
    mkdirSync(path); // a folder where the file should go: the rename fails
    expect(() => writeFileAtomically(path, "x")).toThrow();
    expect(readdirSync(dir).filter((name) => name.includes("taken"))).toEqual(["taken"]);
  });

  it("through a WriteFs: the temp file is removed when the rename fails", async () => {
    const path = join(dir, "cache.json");
    writeFileSync(path, "old\n");
    const failing: WriteFs = { ...nodeWriteFs, rename: async () => Promise.reject(new Error("disk full")) };
    await expect(writeFileAtomicallyWith(failing, path, "new\n")).rejects.toThrow("disk full");
    expect(readFileSync(path, "utf8")).toBe("old\n");
    expect(readdirSync(dir).filter((name) => name.includes("cache"))).toEqual(["cache.json"]);
  });
});
