import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/fixtures.js";
import { readWireCalls, type WireCall } from "./calls.js";
import { migratedCallProblems } from "./checks.js";
import { describeWire, migrated } from "./harness.js";
import { jsonEqual } from "./preserve.js";
import { launchArgs } from "./session.js";

/**
 * The fast suite's smoke run of the wire harness (the full matrix is in *.full.test.ts): a server on
 * SDK 1.x in memory, an xmcp server (SDK 2.x) and an mcp-framework server over stdio, each migrated
 * onto one protocol and called on every tool's success and error paths; and the MCP Inspector's CLI
 * against the migrated SDK server, since that is what users run.
 */

const run = promisify(execFile);
const inspector = join(repoRoot, "node_modules", "@modelcontextprotocol", "inspector-cli", "build", "cli.js");
const weather = readWireCalls("styles/sdk-register-tool").servers[0]!;

describeWire({ fixture: "styles/sdk-register-tool", variants: [migrated("smart-v2")] }, (block) => {
  describe("the MCP Inspector CLI (--cli, stdio)", () => {
    // The standalone inspector-cli reads its own package.json through a path it tests against the
    // working directory: run it from a folder whose parent holds a package.json, as the project's `dist/` is.
    const inspect = async (...args: string[]) => {
      const project = block.project("smart-v2");
      const { stdout } = await run(process.execPath, [inspector, "--cli", process.execPath, ...launchArgs(project, weather.start), ...args], {
        cwd: join(project.dir, "dist"),
      });
      return JSON.parse(stdout) as unknown;
    };

    it("lists the migrated server's tools", async () => {
      const listed = (await inspect("--method", "tools/list")) as { tools: { name: string }[] };
      expect(listed.tools.map((tool) => tool.name).sort()).toEqual(weather.calls.map((entry) => entry.tool).sort());
    });

    it("calls a tool on its error path and gets the protocol's error envelope", async () => {
      const call: WireCall = { tool: "retire_station", path: "error", arguments: { id: "nowhere-1", reason: "never existed" } };
      const result = await inspect("--method", "tools/call", "--tool-name", call.tool, "--tool-arg", "id=nowhere-1", "reason=never existed");
      const legacy = block
        .run("legacy", weather.id)
        .outcomes.find((outcome) => outcome.call.tool === call.tool && jsonEqual(outcome.call.arguments, call.arguments));
      expect(legacy, "the same call on the legacy server").toBeDefined();
      const tools = weather.calls.map((entry) => entry.tool);
      expect(
        migratedCallProblems({ protocol: "smart-v2", start: weather.start, outcome: { call, result: result as never }, legacy: legacy!, tools }).join("\n"),
      ).toBe("");
      expect(result).toMatchObject({ isError: true });
    });
  });
});

describeWire({ fixture: "styles/xmcp", variants: [migrated("guidance")] });

describeWire({ fixture: "styles/mcp-framework", variants: [migrated("aop")] });
