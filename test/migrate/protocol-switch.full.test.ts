import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { cleanScratch } from "../check/helpers.js";
import { connectInMemory, importServer } from "../helpers/in-memory-client.js";
import { runCli } from "../helpers/run-cli.js";
import { commitAll, migratedCopy, sources } from "./helpers.js";

afterAll(cleanScratch);

/** A protocol switch of a whole migrated server, then a call over the SDK client (two migrations with tsc: in test:full). */
describe("switching the protocol of a migrated project, on the wire", () => {
  it("stock-legacy migrated on the Guidance Pattern moves to aorp with guidance: its Warning[] arrays are migrated already, not a reason to skip", async () => {
    const dir = await migratedCopy("stock-legacy", "guidance");
    commitAll(dir, "on the Guidance Pattern");
    const ddm = readFileSync(join(dir, "src/tools/ddm.ts"), "utf8");
    expect(ddm).toContain("const warnings: Warning[] = [];");

    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "aorp", guidance: true }));
    const moved = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
    expect(moved.exitCode, moved.stdout + moved.stderr).toBe(0);
    expect(moved.stdout).toContain("10 tools migrated, 0 skipped");
    expect(moved.stdout).toContain("tsc found no new errors");

    const server = await connectInMemory(await importServer(join(dir, "src/server.ts"), "server"));
    try {
      const result = await server.call("calculate_ddm", { symbol: "KBANK.BK" });
      expect(aorpProtocol.validate(result)).toEqual([]);
      expect(result.isError).not.toBe(true);
    } finally {
      await server.close();
    }
  });
});

/** A migrated Guidance Pattern server moved to another protocol with guidance kept (two migrations and tsc each). */
describe("switching the protocol of a migrated project, keeping the guidance stubs", () => {
  it.each([["aorp"], ["smart-v2"]])(
    "a migrated Guidance Pattern server moves to %s with guidance: true, keeping its stubs, and tsc passes",
    async (protocol) => {
      const dir = await migratedCopy("orchestrator", "guidance");
      const stubs = [...sources(dir)].filter(([path]) => path.startsWith("src/guidance/"));
      // Stubs scaffolded for the Guidance Pattern alone describe their facts with the kit's WithoutGuidance.
      expect(stubs.some(([, text]) => text.includes("type WithoutGuidance"))).toBe(true);
      // As a user would: the first migration committed, then the config changed.
      commitAll(dir, "on the Guidance Pattern");
      writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol, guidance: true }));
      const moved = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
      expect(moved.stderr).toBe("");
      expect(moved.exitCode, moved.stdout).toBe(0);
      expect(moved.stdout).toContain("tsc found no new errors");
      const after = sources(dir);
      for (const [path, text] of stubs) expect(after.get(path), path).toBe(text);
    },
  );
});
