import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { fromJsonSchema, McpServer as McpServerV2, Server as ServerV2, type StandardSchemaWithJSON } from "@modelcontextprotocol/server";
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
 * The generated output schemas on the wire (issue #12, point 1): a real server of each SDK major
 * advertises the generated schema of a tool whose handler returns the generated formatters'
 * results, and real clients of both majors call it on a success and an error path. The 1.x client
 * validates `structuredContent` against the listed schema even on `isError` results, so a schema
 * of the success envelope alone fails every error call with -32602.
 */

const OUT = "src/gen";
/** Registered through SDK 1.x (zod `outputSchema`) and through SDK 2.x (Standard Schema `outputSchema`). */
const TOOL = { 1: "get_weather", 2: "get_weather_v2" } as const;
const payload = { city: "Lisbon", temps: [18, 21] };

const weather = (major: SdkMajor) =>
  tool(TOOL[major], {
    sdkMajor: major,
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

interface Formatters {
  format: (...args: unknown[]) => unknown;
  formatError: (...args: unknown[]) => unknown;
}

interface Generated {
  formatters: Record<SdkMajor, Formatters>;
  jsonSchemas: Record<SdkMajor, { [key: string]: unknown }>;
  zodSchema: unknown;
  standardSchema: StandardSchemaWithJSON;
}

/** Generate for one tool into a scratch folder under the repository (so `zod` resolves) and load it. */
async function load(protocol: ProtocolId, guidance: boolean): Promise<Generated> {
  const root = join(packageRoot, ".tmp");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, `output-schemas-wire-${protocol}-`));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), '{ "type": "module", "private": true }');
  const result = generate(inventory([weather(1), weather(2)]), { protocol, guidance, outputDir: OUT, guidanceDir: "src/guidance" });
  for (const [path, text] of [...result.generated, ...result.scaffolded]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const url = (path: string) => pathToFileURL(join(dir, OUT, path)).href;
  const formattersOf = async (name: string): Promise<Formatters> => {
    const module = (await import(url(`formatters/${name}.ts`))) as Record<string, (...args: unknown[]) => unknown>;
    return { format: module[`format${pascalCase(name)}`]!, formatError: module[`format${pascalCase(name)}Error`]! };
  };
  const json = (await import(url("output-schemas.ts"))) as { OUTPUT_SCHEMAS: Record<string, { [key: string]: unknown }> };
  const zod = (await import(url("output-schemas.zod.ts"))) as { OUTPUT_ZOD_SCHEMAS: Record<string, unknown> };
  const standard = (await import(url("output-schemas.standard.ts"))) as { OUTPUT_STANDARD_SCHEMAS: Record<string, StandardSchemaWithJSON> };
  // Each form only for the tools of its SDK major.
  expect(Object.keys(zod.OUTPUT_ZOD_SCHEMAS)).toEqual([TOOL[1]]);
  expect(Object.keys(standard.OUTPUT_STANDARD_SCHEMAS)).toEqual([TOOL[2]]);
  return {
    formatters: { 1: await formattersOf(TOOL[1]), 2: await formattersOf(TOOL[2]) },
    jsonSchemas: { 1: json.OUTPUT_SCHEMAS[TOOL[1]]!, 2: json.OUTPUT_SCHEMAS[TOOL[2]]! },
    zodSchema: zod.OUTPUT_ZOD_SCHEMAS[TOOL[1]],
    standardSchema: standard.OUTPUT_STANDARD_SCHEMAS[TOOL[2]]!,
  };
}

/** The tool's answer: the success or the error formatter's result. */
function answer(formatters: Formatters, protocol: ProtocolId, guidance: boolean, fail: unknown): never {
  return (fail === true ? formatters.formatError(...errorArguments(protocol, guidance)) : formatters.format(payload, ...successArguments(protocol))) as never;
}

const FAIL_INPUT = { type: "object" as const, properties: { fail: { type: "boolean" } }, required: ["fail"] };

type ServerBuilder = (generated: Generated, protocol: ProtocolId, guidance: boolean) => ConnectableServer;

/** The servers, by SDK major, each wired as the README tells users to wire the generated schema. */
const servers: { label: string; major: SdkMajor; build: ServerBuilder }[] = [
  {
    label: "SDK 1.x registerTool + OUTPUT_ZOD_SCHEMAS",
    major: 1,
    build: (generated, protocol, guidance) => {
      const server = new McpServer({ name: "weather", version: "1.0.0" });
      server.registerTool(
        TOOL[1],
        { description: "The forecast", inputSchema: { fail: z.boolean() }, outputSchema: generated.zodSchema as z.ZodObject<z.ZodRawShape> },
        async ({ fail }) => answer(generated.formatters[1], protocol, guidance, fail),
      );
      return server;
    },
  },
  {
    label: "SDK 1.x low-level Server + OUTPUT_SCHEMAS",
    major: 1,
    build: (generated, protocol, guidance) => {
      const server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [{ name: TOOL[1], inputSchema: FAIL_INPUT, outputSchema: generated.jsonSchemas[1] as { type: "object" } }],
      }));
      server.setRequestHandler(CallToolRequestSchema, async (request) =>
        answer(generated.formatters[1], protocol, guidance, request.params.arguments?.["fail"]),
      );
      return server;
    },
  },
  {
    label: "SDK 2.x registerTool + OUTPUT_STANDARD_SCHEMAS",
    major: 2,
    build: (generated, protocol, guidance) => {
      const server = new McpServerV2({ name: "weather", version: "2.0.0" });
      server.registerTool(
        TOOL[2],
        { description: "The forecast", inputSchema: fromJsonSchema<{ fail: boolean }>(FAIL_INPUT), outputSchema: generated.standardSchema },
        async ({ fail }) => answer(generated.formatters[2], protocol, guidance, fail),
      );
      return server;
    },
  },
  {
    label: "SDK 2.x low-level Server + OUTPUT_SCHEMAS",
    major: 2,
    build: (generated, protocol, guidance) => {
      const server = new ServerV2({ name: "weather", version: "2.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler("tools/list", async () => ({
        tools: [{ name: TOOL[2], inputSchema: FAIL_INPUT, outputSchema: generated.jsonSchemas[2] as { type: "object" } }],
      }));
      server.setRequestHandler("tools/call", async (request) => answer(generated.formatters[2], protocol, guidance, request.params.arguments?.["fail"]));
      return server;
    },
  },
];

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
  let loaded: Promise<Generated> | undefined;
  // The 1.x client is the one that checks error results; the 2.x client runs on one case only, to keep this file cheap.
  const clients: SdkMajor[] = protocol === "aorp" && !guidance ? [1, 2] : [1];
  for (const { label, major, build } of servers) {
    for (const clientMajor of clients) {
      it(`${label}, SDK ${clientMajor}.x client: a success and an error call`, async () => {
        const generated = await (loaded ??= load(protocol, guidance));
        const client = await connectClient(build(generated, protocol, guidance), clientMajor);
        try {
          const [listed] = await client.listTools();
          expect(listed?.outputSchema?.["type"]).toBe("object");
          if (label.includes("OUTPUT_STANDARD_SCHEMAS")) expect(listed?.outputSchema).toEqual(generated.jsonSchemas[2]);
          expectHeld(await client.callTool(TOOL[major], { fail: false }), protocol, false);
          expectHeld(await client.callTool(TOOL[major], { fail: true }), protocol, true);
        } finally {
          await client.close();
        }
      });
    }
  }
});
