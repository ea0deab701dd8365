import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { cleanScratch } from "../check/helpers.js";
import { importServer } from "../helpers/in-memory-client.js";
import { connectClient, type ConnectableServer } from "../helpers/mcp-clients.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * `catch (error) { if (error instanceof TrackerError) return ...; throw error; }`: the caught value
 * passed on, as API-wrapper servers write it (fixtures/real-world/awaited-payloads). The SDK sends
 * such a throw as its message; after migrate the tool's error formatter says the same. migrate used
 * to skip the whole tool ("throws a value that is neither `new Error(message)` nor ..."). Both SDK
 * clients call the migrated server here; the wire harness also does with SDK 1.x
 * (test/wire/sdk-servers.full.test.ts).
 */
describe("migrate: a thrown value held in a name", () => {
  it("a caught `unknown` passed on, and an Error held in a const, become the error formatter's result with their message", async () => {
    const dir = committedCopy("real-world/awaited-payloads");
    const server = join(dir, "src/server.ts");
    // A second tool that throws an Error it holds in a const.
    writeFileSync(
      server,
      `${readFileSync(server, "utf8")}
server.registerTool("close_issue", { description: "Close an issue", inputSchema: { id: z.string() } }, async ({ id }) => {
  const refusal = new TrackerError(\`issue \${id} cannot be closed from here\`);
  if (id.startsWith("LOCK-")) throw refusal;
  return { content: [{ type: "text", text: JSON.stringify({ id, state: "closed" }) }] };
});
`,
    );
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qam", "close_issue"], { cwd: dir });
    const run = await runCli(["migrate", "--protocol", "aorp", "--write", "--no-format"], { cwd: dir });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("6 tools migrated, 0 skipped");
    expect(run.stdout).toContain("tsc found no new errors");
    const migrated = readFileSync(server, "utf8");
    expect(migrated).toContain("return formatGetIssueError(legacyErrorParts(tool, { message: error instanceof Error ? error.message : String(error) }));");
    expect(migrated).toContain('if (id.startsWith("LOCK-")) return formatCloseIssueError(legacyErrorParts(tool, { message: refusal.message }));');
    expect(migrated).not.toMatch(/throw (error|refusal);/);

    // Both SDK clients, each tool on a success and an error path: a valid AORP envelope that says what the throw said.
    const running = (await importServer(server, "server")) as ConnectableServer;
    for (const major of [1, 2] as const) {
      const client = await connectClient(running, major);
      try {
        const calls: [string, { [key: string]: unknown }, boolean, string][] = [
          ["get_issue", { id: "ISS-1" }, false, "ISS-1"],
          ["get_issue", { id: "ISS-404" }, true, "no issue ISS-404"],
          ["close_issue", { id: "ISS-2" }, false, "ISS-2"],
          ["close_issue", { id: "LOCK-7" }, true, "issue LOCK-7 cannot be closed from here"],
        ];
        for (const [tool, args, isError, said] of calls) {
          const title = `SDK ${major} ${tool} ${JSON.stringify(args)}`;
          const outcome = await client.callTool(tool, args);
          if (!outcome.ok) throw outcome.error;
          expect(outcome.result.isError === true, title).toBe(isError);
          expect(aorpProtocol.validate(outcome.result as never), title).toEqual([]);
          expect(JSON.stringify(outcome.result.structuredContent), title).toContain(said);
        }
      } finally {
        await client.close();
      }
    }
  });
});
