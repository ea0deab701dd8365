import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { migrateCommittedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * Handlers that declare `Promise<CallToolResult>` (fixtures/real-world/declared-results): wrapped in
 * conform(), each loses its declared return type wherever it stands (inline arrow, inline function
 * expression, a const passed by name), and the imports only those types used go too, so tsc passes
 * under `noUnusedLocals` and `--write` keeps its edits.
 */
describe("a handler's declared result type", () => {
  it("is left to inference when conform() wraps the handler", async () => {
    const { dir, run } = await migrateCommittedCopy("real-world/declared-results", "aorp");
    expect(run.stdout).toContain("3 tools migrated, 0 skipped");
    expect(run.stdout).toContain("tsc found no new errors");
    const server = readFileSync(join(dir, "src/server.ts"), "utf8");
    expect(server).toContain('conform("read_note", async ({ id }) => {');
    expect(server).toContain('conform("count_notes", function () {');
    expect(server).toContain("const addNote = async ({ title, body }: { title: string; body: string }) => {");
    expect(server).not.toMatch(/CallToolResult|McpToolResponse/);
    // The type's own module is the user's: only the uses of it went.
    expect(readFileSync(join(dir, "src/types.ts"), "utf8")).toContain("export type McpToolResponse = CallToolResult;");
  });
});
