import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readsWithoutEffects } from "../../src/migrate/formatter-call-parts.js";
import { smartV2Protocol } from "../../src/protocols/smart-v2/index.js";
import { cleanScratch } from "../check/helpers.js";
import { importServer } from "../helpers/in-memory-client.js";
import { connectClient, type ConnectableServer } from "../helpers/mcp-clients.js";
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

    // Both SDK clients, a success and both error paths (the bound message, and one that calls invalidInput).
    const server = (await importServer(join(dir, "src/server.ts"), "server")) as ConnectableServer;
    for (const major of [1, 2] as const) {
      const client = await connectClient(server, major);
      try {
        const calls: [{ [key: string]: unknown }, boolean, string][] = [
          [{ id: "T-3", due: "2026-12-15" }, false, "T-3"],
          [{ id: "T-404", due: null }, true, "T-404"],
          [{ id: "T-3", due: "next week" }, true, "next week"],
        ];
        for (const [args, isError, said] of calls) {
          const outcome = await client.callTool("set_due_date", args);
          if (!outcome.ok) throw outcome.error;
          const result = outcome.result;
          expect(result.isError === true, `SDK ${major} ${JSON.stringify(args)}`).toBe(isError);
          expect(smartV2Protocol.validate(result as never), `SDK ${major} ${JSON.stringify(args)}`).toEqual([]);
          const envelope = result.structuredContent as { summary: { conclusion: string }; guidance?: { blocked_reason?: string } };
          if (isError) {
            expect(envelope.summary.conclusion).toContain(said);
            expect(envelope.guidance?.blocked_reason).toBe(envelope.summary.conclusion);
          }
        }
      } finally {
        await client.close();
      }
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
