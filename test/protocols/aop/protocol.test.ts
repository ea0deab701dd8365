import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../src/package-root.js";
import { aopProtocol } from "../../../src/protocols/aop/index.js";
import { aopError, aopFinal, aopJoin, aopContext, toCallToolResult, validateAop } from "../../../src/protocols/aop/runtime.js";

const runtimePath = "src/protocols/aop/runtime.ts";

describe("aopProtocol", () => {
  it("is a text protocol that does not compose with guidance", () => {
    expect({ id: aopProtocol.id, title: aopProtocol.title, kind: aopProtocol.kind, composesWithGuidance: aopProtocol.composesWithGuidance }).toEqual({
      id: "aop",
      title: "Agent Output Protocol (AOP)",
      kind: "text",
      composesWithGuidance: false,
    });
  });

  it("hands generation the runtime file itself, which imports nothing", () => {
    expect(aopProtocol.runtimeSourcePath).toBe(runtimePath);
    const source = aopProtocol.runtimeSource();
    expect(source).toBe(readFileSync(join(packageRoot, runtimePath), "utf8"));
    expect(source).not.toMatch(/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b|\brequire\(|\bimport\(/m);
    expect(source).toMatch(/^\/\*\*[\s\S]*?DECISIONS/);
  });

  it("validates through the runtime's validator", () => {
    const broken = "=== AOP-FINAL ===\nno instruction\n=== END-AOP-FINAL ===\n=== END-AOP-STREAM ===";
    expect(aopProtocol.validate(broken)).toEqual(validateAop(broken));
    expect(aopProtocol.validate(broken).map((problem) => problem.line)).toEqual([1, 4]);
  });

  it("describes the parsed document with a 2020-12 object schema that ajv compiles, ignoring payloadSchema", () => {
    const schema = aopProtocol.envelopeSchema();
    expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema["type"]).toBe("object");
    const validate = new Ajv2020({ strict: true }).compile(schema);
    // Output with no block at all is what the validator reports first ("no AOP block found").
    expect(validate({ blocks: [] })).toBe(false);
    expect(validate({ blocks: [{ type: "FINAL", attributes: { confidence: "0.5" }, content: "", children: [], line: 1, endLine: 3 }] })).toBe(true);
    expect(validate({ blocks: [{ type: "FINAL", attributes: { confidence: "1.5" }, content: "", children: [], line: 1, endLine: 2 }] })).toBe(false);
    expect(validate({ blocks: [{ type: "RESULT", attributes: {}, content: "", children: [], line: 1, endLine: 2 }] })).toBe(false);
    expect(aopProtocol.envelopeSchema({ payloadSchema: { type: "object", required: ["x"] }, withGuidance: true })).toEqual(schema);
  });
});

describe("AOP over a real MCP server and client", () => {
  async function callThroughSdk(text: Parameters<typeof toCallToolResult>[0]) {
    const server = new McpServer({ name: "aop-probe", version: "0.0.0" });
    server.registerTool("doc_retriever", { description: "returns AOP text" }, async () => toCallToolResult(text));
    const client = new Client({ name: "aop-probe-client", version: "0.0.0" });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      return await client.callTool({ name: "doc_retriever", arguments: {} });
    } finally {
      await client.close();
      await server.close();
    }
  }

  it("delivers the text unchanged, without structuredContent, and the received result validates", async () => {
    const text = aopJoin(aopContext({ content: { hits: 1 } }), aopFinal({ content: "answer", attributes: { agent: "doc_retriever", source: "a b=c" } }));
    const received = await callThroughSdk(text);
    expect(received).toEqual({ content: [{ type: "text", text }] });
    expect(validateAop(received)).toEqual([]);
  });

  it("delivers an ERROR block as an error result", async () => {
    const received = await callThroughSdk(aopError({ content: "No documents found", attributes: { code: "DOC_NOT_FOUND" } }));
    expect(received.isError).toBe(true);
    expect(validateAop(received)).toEqual([]);
  });
});
