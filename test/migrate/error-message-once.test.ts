import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readsWithoutEffects } from "../../src/migrate/formatter-call-parts.js";
import { smartV2Protocol } from "../../src/protocols/smart-v2/index.js";
import { cleanScratch } from "../check/helpers.js";
import { connectInMemory, importServer } from "../helpers/in-memory-client.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * SmartResponse V2 composed with the Guidance Pattern hands the error formatter the message twice
 * (the sections and `errorGuidance`). A message that calls something is made once, in a const:
 * migrate must not run the user's code twice.
 */
describe("migrate writes an error's message once", () => {
  it("task-desk on smart-v2 with guidance: `throw notFound(...)` becomes one call, bound before the return", async () => {
    const dir = committedCopy("legacy/task-desk");
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "smart-v2", guidance: true }));
    const run = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    const comments = readFileSync(join(dir, "src/tools/comments.ts"), "utf8");
    // reopen_task and set_due_date each throw notFound("Task", id): one call each, no more.
    expect(comments.match(/notFound\("Task", id\)/g)).toHaveLength(2);
    expect(comments).toContain('{ const message = notFound("Task", id).message; return formatReopenTaskError(');
    // A message that only reads names is written where it is used, as before.
    expect(comments).toContain('legacyErrorSections(tool, { message: `No comment ${id}`, code: "NOT_FOUND" }), `No comment ${id}`);');

    const server = await connectInMemory(await importServer(join(dir, "src/server.ts"), "server"));
    try {
      const result = await server.call("set_due_date", { id: "T-404", due: null });
      expect(result.isError).toBe(true);
      expect(smartV2Protocol.validate(result)).toEqual([]);
      const envelope = result.structuredContent as { summary: { conclusion: string } };
      expect(envelope.summary.conclusion).toContain("T-404");
    } finally {
      await server.close();
    }
  });

  it.each([
    ["message", true],
    ["error.message", true],
    ["`No comment ${id}`", true],
    ['"plain"', true],
    ['notFound("Task", id).message', false],
    ["`Error: ${describe(id)}`", false],
    ["new Error(text).message", false],
    ["counter++", false],
    ["caught instanceof Error ? caught.message : String(caught)", true],
    ["JSON.stringify(detail)", true],
    ["format(String(caught))", false],
    ["(last = text)", false],
  ])("%s can be written twice: %s", (expression, expected) => {
    expect(readsWithoutEffects(expression)).toBe(expected);
  });
});
