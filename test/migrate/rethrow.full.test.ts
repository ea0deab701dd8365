import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * `catch (error) { if (error instanceof TrackerError) return ...; throw error; }`: the caught value
 * passed on, as API-wrapper servers write it (fixtures/real-world/awaited-payloads). The SDK sends
 * such a throw as its message; after migrate the tool's error formatter says the same. migrate used
 * to skip the whole tool ("throws a value that is neither `new Error(message)` nor ..."). The calls
 * themselves are made through the SDK client in test/wire/sdk-servers.full.test.ts.
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
    expect(run.stdout).toContain("5 tools migrated, 0 skipped");
    expect(run.stdout).toContain("tsc found no new errors");
    const migrated = readFileSync(server, "utf8");
    expect(migrated).toContain("return formatGetIssueError(legacyErrorParts(tool, { message: error instanceof Error ? error.message : String(error) }));");
    expect(migrated).toContain('if (id.startsWith("LOCK-")) return formatCloseIssueError(legacyErrorParts(tool, { message: refusal.message }));');
    expect(migrated).not.toMatch(/throw (error|refusal);/);
  });
});
