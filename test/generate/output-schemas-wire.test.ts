import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { generate } from "../../src/generate/generate.js";
import { pascalCase } from "../../src/generate/paths.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { packageRoot } from "../../src/package-root.js";
import { errorArguments, successArguments } from "../helpers/formatter-parts.js";
import { connectClient, type CallOutcome, type ConnectableServer, type SdkMajor } from "../helpers/mcp-clients.js";
import { inventory, tool } from "./inventory-builders.js";

/**
 * The generated output schemas on the wire (issue #12, point 1): a real SDK 1.x server advertises
 * the generated schema of a tool whose handler returns the generated formatters' results, and real
 * clients of both majors call it on a success and an error path. The 1.x client validates
 * `structuredContent` against the listed schema even on `isError` results, so a schema of the
 * success envelope alone fails every error call with -32602.
 */

const OUT = "src/gen";
const TOOL = "get_weather";
const payload = { city: "Lisbon", temps: [18, 21] };

const weather = tool(TOOL, {
  description: "The forecast for a city",
  payloadType: "{ city: string; temps: number[] }",
  payload: {
    type: { text: "{ city: string; temps: number[] }", exact: true },
    schema: {
      type: "object",
      properties: { city: { type: "string" }, temps: { type: "array", items: { type: "number" } } },
      required: ["city", "temps"],
    },
  },
});

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Generated {
  format: (...args: unknown[]) => unknown;
  formatError: (...args: unknown[]) => unknown;
  jsonSchema: { [key: string]: unknown };
  zodSchema: unknown;
}

/** Generate for one tool into a scratch folder under the repository (so `zod` resolves) and load it. */
async function load(protocol: ProtocolId, guidance: boolean): Promise<Generated> {
  const root = join(packageRoot, ".tmp");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, `output-schemas-wire-${protocol}-`));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), '{ "type": "module", "private": true }');
  const result = generate(inventory([weather]), { protocol, guidance, outputDir: OUT, guidanceDir: "src/guidance" });
  for (const [path, text] of [...result.generated, ...result.scaffolded]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const url = (path: string) => pathToFileURL(join(dir, OUT, path)).href;
  const formatters = (await import(url(`formatters/${TOOL}.ts`))) as Record<string, (...args: unknown[]) => unknown>;
  const json = (await import(url("output-schemas.ts"))) as { OUTPUT_SCHEMAS: Record<string, { [key: string]: unknown }> };
  const zod = (await import(url("output-schemas.zod.ts"))) as { OUTPUT_ZOD_SCHEMAS: Record<string, unknown> };
  const pascal = pascalCase(TOOL);
  return {
    format: formatters[`format${pascal}`]!,
    formatError: formatters[`format${pascal}Error`]!,
    jsonSchema: json.OUTPUT_SCHEMAS[TOOL]!,
    zodSchema: zod.OUTPUT_ZOD_SCHEMAS[TOOL],
  };
}

/** `registerTool` with the generated zod `outputSchema`, as the README tells SDK 1.x users to wire it. */
function registeredServer(generated: Generated, protocol: ProtocolId, guidance: boolean): ConnectableServer {
  const server = new McpServer({ name: "weather", version: "1.0.0" });
  server.registerTool(
    TOOL,
    { description: "The forecast", inputSchema: { fail: z.boolean() }, outputSchema: generated.zodSchema as z.ZodObject<z.ZodRawShape> },
    async ({ fail }) => (fail ? generated.formatError(...errorArguments(protocol, guidance)) : generated.format(payload, ...successArguments(protocol))) as never,
  );
  return server;
}

/** A low-level `Server` listing the generated JSON Schema as the tool's `outputSchema`. */
function lowLevelServer(generated: Generated, protocol: ProtocolId, guidance: boolean): ConnectableServer {
  const server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: TOOL, inputSchema: { type: "object" as const, properties: { fail: { type: "boolean" } } }, outputSchema: generated.jsonSchema as { type: "object" } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    (request.params.arguments?.["fail"] ? generated.formatError(...errorArguments(protocol, guidance)) : generated.format(payload, ...successArguments(protocol))) as never,
  );
  return server;
}

/** What the client received holds: no throw, the right `isError`, a valid envelope, and a text block that mirrors it. */
function expectHeld(outcome: CallOutcome, protocol: ProtocolId, isError: boolean): void {
  if (!outcome.ok) throw new Error(`the client threw: ${outcome.error.message}`);
  const { result } = outcome;
  const text = result.content.find((block) => block.type === "text")?.text ?? "";
  expect(text, "the server did not reject the result").not.toMatch(/Output validation error/);
  expect(result.isError === true, "isError").toBe(isError);
  expect(getProtocol(protocol).validate(result.structuredContent)).toEqual([]);
  expect(JSON.parse(text)).toEqual(result.structuredContent);
}

const cases: { protocol: ProtocolId; guidance: boolean }[] = [
  { protocol: "aorp", guidance: false },
  { protocol: "aorp", guidance: true },
  { protocol: "smart-v2", guidance: false },
  { protocol: "smart-v2", guidance: true },
  { protocol: "guidance", guidance: false },
];

describe.each(cases)("$protocol (guidance: $guidance): the generated output schema on the wire", ({ protocol, guidance }) => {
  const servers = { "registerTool + OUTPUT_ZOD_SCHEMAS": registeredServer, "low-level Server + OUTPUT_SCHEMAS": lowLevelServer };
  for (const [label, build] of Object.entries(servers)) {
    for (const major of [1, 2] as SdkMajor[]) {
      it(`${label}, SDK ${major}.x client: a success and an error call`, async () => {
        const generated = await load(protocol, guidance);
        const client = await connectClient(build(generated, protocol, guidance), major);
        try {
          const [listed] = await client.listTools();
          expect(listed?.outputSchema?.["type"]).toBe("object");
          expectHeld(await client.callTool(TOOL, { fail: false }), protocol, false);
          expectHeld(await client.callTool(TOOL, { fail: true }), protocol, true);
        } finally {
          await client.close();
        }
      });
    }
  }
});
