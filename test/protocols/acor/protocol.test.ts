import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../src/package-root.js";
import { acorProtocol } from "../../../src/protocols/acor/index.js";
import {
  acorError,
  acorInputNeeded,
  acorJoin,
  acorOutputData,
  acorStatus,
  parseAcor,
  toCallToolResult,
  validateAcor,
  type AcorText,
} from "../../../src/protocols/acor/runtime.js";

const runtimePath = "src/protocols/acor/runtime.ts";

describe("acorProtocol", () => {
  it("is a text protocol that does not compose with guidance", () => {
    expect({ id: acorProtocol.id, title: acorProtocol.title, kind: acorProtocol.kind, composesWithGuidance: acorProtocol.composesWithGuidance }).toEqual({
      id: "acor",
      title: "ACOR Conversational Protocol",
      kind: "text",
      composesWithGuidance: false,
    });
  });

  it("hands generation the runtime file itself, which imports nothing", () => {
    expect(acorProtocol.runtimeSourcePath).toBe(runtimePath);
    const source = acorProtocol.runtimeSource();
    expect(source).toBe(readFileSync(join(packageRoot, runtimePath), "utf8"));
    expect(source).not.toMatch(/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b|\brequire\(|\bimport\(/m);
    expect(source).toMatch(/^\/\*\*[\s\S]*?DECISIONS/);
  });

  it("validates through the runtime's validator", () => {
    const broken = "## Error: Boom\nNo recovery here\n\n## Status: Paused";
    expect(acorProtocol.validate(broken)).toEqual(validateAcor(broken));
    expect(acorProtocol.validate(broken).map((problem) => problem.line)).toEqual([1, 4]);
  });
});

describe("ACOR parsed-document schema", () => {
  const ajv = new Ajv2020({ strict: true, allErrors: true });

  it("is a 2020-12 object schema that ajv compiles, with the payload open by default", () => {
    const schema = acorProtocol.envelopeSchema();
    expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema["type"]).toBe("object");
    const validate = ajv.compile(schema);
    expect(validate(parseAcor(acorOutputData({ anything: ["goes"] }))));
  });

  it("rejects what the validator reports: an Error without Recovery, an Input Needed without exactly one command", () => {
    const validate = ajv.compile(acorProtocol.envelopeSchema());
    const parsedMessages = (markdown: string) => ({ messages: parseAcor(markdown).messages });
    expect(validate(parsedMessages("## Error: Boom\nNo recovery here"))).toBe(false);
    expect(validate(parsedMessages("## Input Needed\nA key is required"))).toBe(false);
    expect(validate(parsedMessages("## Input Needed\nA key\n```bash\na\n```\n```bash\nb\n```"))).toBe(false);
    expect(validate(parsedMessages("## Input Needed\nA key\n```bash\na\n```"))).toBe(true);
    // Alternatives, each under its Option label, are one command the AI runs (decision 5).
    expect(validate(parsedMessages("## Input Needed\nChoose:\n**Option A - x:**\n```bash\na\n```\n**Option B - y:**\n```bash\nb\n```"))).toBe(true);
    expect(validate(parsedMessages("## Input Needed\nChoose:\n**Option A - x:**\n```bash\na\n```\n**Or:**\n```bash\nb\n```"))).toBe(false);
    // A json command must be a tool call (decision 6); no message at all is no document.
    expect(validate(parsedMessages('## Input Needed\nA key\n```json\n{"run": "x"}\n```'))).toBe(false);
    expect(validate({ messages: [] })).toBe(false);
  });

  it("fills Output data with the payload schema and hoists its $defs", () => {
    const validate = ajv.compile(
      acorProtocol.envelopeSchema({
        payloadSchema: {
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          properties: { processed: { $ref: "#/$defs/count" } },
          required: ["processed"],
          $defs: { count: { type: "integer", minimum: 0 } },
        },
      }),
    );
    const parsed = (data: unknown) => ({ messages: parseAcor(acorJoin(acorStatus("Complete"), acorOutputData(data))).messages });
    expect(validate(parsed({ processed: 1000 })), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(parsed({ processed: -1 }))).toBe(false);
    expect(validate(parsed({ errors: 3 }))).toBe(false);
  });

  it("refuses a payload schema whose $defs collide with its own", () => {
    expect(() => acorProtocol.envelopeSchema({ payloadSchema: { $defs: { acorMessage: {} } } })).toThrow(
      "acor envelopeSchema: the payload schema's $defs may not define acorMessage",
    );
  });
});

describe("ACOR over a real MCP server and client", () => {
  async function callThroughSdk(text: AcorText) {
    const server = new McpServer({ name: "acor-probe", version: "0.0.0" });
    server.registerTool("analyzer", { description: "returns ACOR Markdown" }, async () => toCallToolResult(text));
    const client = new Client({ name: "acor-probe-client", version: "0.0.0" });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      return await client.callTool({ name: "analyzer", arguments: {} });
    } finally {
      await client.close();
      await server.close();
    }
  }

  it("delivers the Markdown unchanged, without structuredContent, and the received result validates", async () => {
    const text = acorInputNeeded({ reason: "Tables must be specified", command: { tool: "analyzer", arguments: { tables: "<comma_separated_list>" } } });
    const received = await callThroughSdk(text);
    expect(received).toEqual({ content: [{ type: "text", text }] });
    expect(validateAcor(received)).toEqual([]);
  });

  it("delivers an Error message as an error result", async () => {
    const received = await callThroughSdk(acorError({ title: "File Not Found", message: "Cannot locate input.csv", recovery: "Check the path" }));
    expect(received.isError).toBe(true);
    expect(validateAcor(received)).toEqual([]);
  });
});
