import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { successView, zodModule } from "../../src/generate/zod-source.js";
import type { JsonSchema } from "../../src/protocols/protocol.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { repoRoot } from "../helpers/fixtures.js";

/**
 * The zod `outputSchema`s are a translation of the JSON Schemas: whatever an envelope schema
 * accepts for a success result, the zod one must accept too (it may be looser, never stricter),
 * the payload part must still be checked, and the SDK must take it as an object schema.
 */

const require = createRequire(import.meta.url);

/** Evaluate generated zod source (TypeScript) into schemas, with the real zod. */
function evaluate(schemas: { name: string; schema: JsonSchema }[]): Record<string, ZodTypeAny> {
  const module = zodModule(schemas);
  const source = [
    'import { z } from "zod";',
    ...module.shared.map((entry) => `const ${entry.name}: z.ZodType = ${entry.source};`),
    `export const schemas = { ${module.tools.map((entry) => `${JSON.stringify(entry.name)}: ${entry.source}`).join(", ")} };`,
  ].join("\n");
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: { schemas?: Record<string, ZodTypeAny> } = {};
  new Function("require", "exports", js)(require, exports);
  return exports.schemas!;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(repoRoot, "fixtures", "protocols", path), "utf8"));

const payloadSchema: JsonSchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    temps: { type: "array", items: { type: "number" } },
    node: { $ref: "#/$defs/Node" },
  },
  required: ["city", "temps"],
  $defs: { Node: { type: "object", properties: { next: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] } }, required: ["next"] } },
};
const goodPayload = { city: "Bangkok", temps: [31, 33], node: { next: { next: null } } };
const badPayloads = [{ city: 5, temps: [] }, { city: "x" }, { city: "x", temps: [], node: { next: 3 } }];

function aorpEnvelope(data: unknown): Record<string, unknown> {
  const example = readJson("aorp/examples/universal-build-aorp-response.json") as { details: Record<string, unknown> };
  return { ...example, details: { ...example.details, data } };
}

function smartEnvelope(data: unknown): Record<string, unknown> {
  const example = readJson("smart-v2/examples/quick-reference.json") as { data: Record<string, unknown> };
  return { ...example, data: { ...example.data, processed: data } };
}

function guidanceEnvelope(data: object): Record<string, unknown> {
  const example = readJson("guidance/examples/envelope-example-1-successful-task-creation.json") as { guidance: unknown };
  return { ...data, guidance: example.guidance };
}

const cases = [
  { protocol: "aorp", envelope: aorpEnvelope, withGuidance: false },
  { protocol: "aorp", envelope: (data: object) => ({ ...aorpEnvelope(data), guidance: guidanceEnvelope({}).guidance }), withGuidance: true },
  { protocol: "smart-v2", envelope: smartEnvelope, withGuidance: false },
  { protocol: "guidance", envelope: guidanceEnvelope, withGuidance: false },
] as const;

describe.each(cases)("$protocol (guidance: $withGuidance)", ({ protocol, envelope, withGuidance }) => {
  const schema = getProtocol(protocol).envelopeSchema({ payloadSchema, withGuidance });
  const zod = evaluate([{ name: "tool", schema }]).tool!;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);

  it("accepts a success envelope the JSON Schema accepts, keeping unknown keys", () => {
    const value = { ...envelope(goodPayload), extra_field: 1 };
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    const parsed = zod.safeParse(value);
    expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
    expect(parsed.data).toEqual(value);
  });

  it("still checks the payload", () => {
    for (const payload of badPayloads) {
      const value = envelope(payload);
      expect(validate(value)).toBe(false);
      expect(zod.safeParse(value).success).toBe(false);
    }
  });

  it("is an object schema the SDK accepts, lists and validates with", async () => {
    const server = new McpServer({ name: "probe", version: "0.0.0" });
    let result: CallToolResult = { content: [], structuredContent: envelope(goodPayload) };
    server.registerTool("probe", { outputSchema: zod }, async () => result);
    const client = new Client({ name: "probe-client", version: "0.0.0" });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      const listed = await client.listTools();
      expect(listed.tools[0]?.outputSchema?.type).toBe("object");
      const ok = await client.callTool({ name: "probe", arguments: {} });
      expect(ok.isError).not.toBe(true);
      result = { content: [], structuredContent: envelope(badPayloads[0]!) };
      const rejected = await client.callTool({ name: "probe", arguments: {} }).catch((error: unknown) => error);
      expect(JSON.stringify(rejected instanceof Error ? rejected.message : rejected)).toMatch(/validation|Invalid/i);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("successView", () => {
  it("merges `else` (the success form) and `allOf`, and drops `if`/`then`", () => {
    expect(
      successView({
        type: "object",
        properties: { a: { type: "string" } },
        if: { properties: { a: { const: "x" } } },
        then: { required: ["b"] },
        else: { properties: { c: { type: "number" } }, required: ["c"] },
        allOf: [{ properties: { a: { pattern: "\\S" } } }],
      }),
    ).toEqual({ type: "object", properties: { a: { type: "string", pattern: "\\S" }, c: { type: "number" } }, required: ["c"] });
  });
});

describe("sharing", () => {
  it("writes a sub-schema that several tools share once", () => {
    const schema = getProtocol("aorp").envelopeSchema({ payloadSchema: { type: "object" } });
    const module = zodModule([
      { name: "a", schema },
      { name: "b", schema: getProtocol("aorp").envelopeSchema({ payloadSchema: { type: "string" } }) },
    ]);
    expect(module.shared.length).toBeGreaterThan(0);
    for (const shared of module.shared) expect(module.tools.some((tool) => tool.source.includes(shared.name)) || module.shared.some((other) => other.source.includes(shared.name))).toBe(true);
    const evaluated = evaluate([{ name: "a", schema }]);
    expect(evaluated.a).toBeDefined();
  });
});
