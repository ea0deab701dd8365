import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { cleanScratch } from "../check/helpers.js";
import { connectClient, type CallOutcome, type ConnectableServer, type SdkMajor } from "../helpers/mcp-clients.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy } from "./helpers.js";

afterAll(cleanScratch);

/**
 * A declared `outputSchema` through `migrate --write`, on servers of both SDK majors: the
 * migration compiles (migrate type-checks and rolls back otherwise), `check` reports no MCPC111,
 * and the migrated server, called in memory by real clients of both majors, answers a success
 * and an error call that hold: no throw, the right `isError`, a valid AORP envelope that the text
 * mirrors, no "Output validation error" from the server.
 */

async function migrate(fixture: string, protocol = "aorp"): Promise<string> {
  const dir = committedCopy(fixture);
  const run = await runCli(["migrate", "--protocol", protocol, "--write"], { cwd: dir });
  expect(run.exitCode, run.stdout + run.stderr).toBe(0);
  return dir;
}

async function outputSchemaProblems(dir: string, protocol = "aorp"): Promise<string[]> {
  const run = await runCli(["check", "--protocol", protocol, "--format", "json"], { cwd: dir });
  const result = JSON.parse(run.stdout) as CheckResult;
  return result.tools.flatMap((tool) => tool.problems.filter((problem) => problem.code === "MCPC111").map((problem) => `${tool.name}: ${problem.message}`));
}

function expectHeld(outcome: CallOutcome, isError: boolean): void {
  if (!outcome.ok) throw new Error(`the client threw: ${outcome.error.message}`);
  const { result } = outcome;
  const text = result.content.find((block) => block.type === "text")?.text ?? "";
  expect(text).not.toMatch(/Output validation error/);
  expect(result.isError === true, `isError of ${text.slice(0, 200)}`).toBe(isError);
  expect(getProtocol("aorp").validate(result.structuredContent)).toEqual([]);
  expect(JSON.parse(text)).toEqual(result.structuredContent);
}

/** `calls` of tools that declared an outputSchema (now the generated one), and the others'. */
async function onTheWire(
  server: () => ConnectableServer,
  calls: { tool: string; args: Record<string, unknown>; isError: boolean; undeclared?: true }[],
): Promise<void> {
  for (const major of [1, 2] as SdkMajor[]) {
    const client = await connectClient(server(), major);
    try {
      const listed = await client.listTools();
      for (const call of calls) {
        expect(listed.find((tool) => tool.name === call.tool)?.outputSchema?.["type"], call.tool).toBe(call.undeclared ? undefined : "object");
        expectHeld(await client.callTool(call.tool, call.args), call.isError);
      }
    } finally {
      await client.close();
    }
  }
}

const load = async <T>(dir: string, file: string): Promise<T> => (await import(pathToFileURL(join(dir, file)).href)) as T;

describe.concurrent("migrate --write and a declared outputSchema, on the wire", () => {
  it("SDK 1.x: registerTool (z.object, raw shape) and a low-level listing", async () => {
    const dir = await migrate("output-schemas/sdk-v1");
    expect(await outputSchemaProblems(dir)).toEqual([]);
    const again = await runCli(["migrate", "--protocol", "aorp", "--write", "--force"], { cwd: dir });
    expect(again.stdout).toContain("0 tools migrated, 0 skipped, 3 already on the formatters");
    const { server } = await load<{ server: ConnectableServer }>(dir, "src/server.ts");
    await onTheWire(
      () => server,
      [
        { tool: "list_cities", args: {}, isError: false },
        { tool: "get_city", args: { name: "Oslo" }, isError: false },
        { tool: "get_city", args: { name: "Atlantis" }, isError: true },
      ],
    );
    const { admin } = await load<{ admin: ConnectableServer }>(dir, "src/admin.ts");
    await onTheWire(
      () => admin,
      [
        { tool: "city_count", args: { country: "PT" }, isError: false },
        { tool: "city_count", args: { country: 5 }, isError: true },
      ],
    );
  });

  it("SDK 2.x: registerTool with a zod 4 outputSchema", async () => {
    const dir = await migrate("sdk-v2/sdk-register-tool");
    expect(await outputSchemaProblems(dir)).toEqual([]);
    const { createServer } = await load<{ createServer: () => ConnectableServer }>(dir, "src/server.ts");
    await onTheWire(createServer, [
      { tool: "get_forecast", args: { city: "Lisbon", days: 2 }, isError: false },
      { tool: "get_forecast", args: { city: "Atlantis" }, isError: true },
      { tool: "station_count", args: {}, isError: false, undeclared: true },
    ]);
  });

  it("SDK 2.x: the low-level Server's listing", async () => {
    const dir = await migrate("sdk-v2/sdk-low-level");
    expect(await outputSchemaProblems(dir)).toEqual([]);
    const { createServer } = await load<{ createServer: () => ConnectableServer }>(dir, "src/server.ts");
    await onTheWire(createServer, [
      { tool: "get_note", args: { id: "n1" }, isError: false },
      { tool: "get_note", args: { id: "n404" }, isError: true },
    ]);
  });

  it("AOP: the outputSchema is removed, and check has nothing to report of it", async () => {
    const dir = await migrate("output-schemas/sdk-v1", "aop");
    expect(await outputSchemaProblems(dir, "aop")).toEqual([]);
    const { server } = await load<{ server: ConnectableServer }>(dir, "src/server.ts");
    const client = await connectClient(server, 1);
    try {
      expect((await client.listTools()).map((tool) => tool.outputSchema)).toEqual([undefined, undefined]);
      const outcome = await client.callTool("get_city", { name: "Atlantis" });
      expect(outcome.ok && outcome.result.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
