import { describe, expect, it } from "vitest";
import type { DeclaredOutputSchema, JsonSchemaObject, ToolEntry } from "../../src/analyze/inventory.js";
import { judgeDeclaredOutputSchema } from "../../src/check/output-schema.js";
import { outputSchema, readySchemaForms } from "../../src/generate/output-schema.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { objectPayload, tool } from "../generate/inventory-builders.js";

/**
 * MCPC111 on hand-built tools: what the judge reports (only what certainly fails on the wire),
 * and what it lets through.
 */

const payload = objectPayload({ city: { type: "string" }, temps: { type: "array", items: { type: "number" } } });

function declaring(schema: JsonSchemaObject | null, extra: Partial<DeclaredOutputSchema> = {}, toolExtra: Partial<ToolEntry> = {}): ToolEntry {
  return tool("get_weather", { payload, declaredOutputSchema: { file: "src/server.ts", line: 12, generatedFor: null, schema, ...extra }, ...toolExtra });
}

function judge(entry: ToolEntry, protocol: ProtocolId = "aorp", guidance = false): string | null {
  return judgeDeclaredOutputSchema(entry, { protocol, guidance }, readySchemaForms([entry]))?.message ?? null;
}

describe("judgeDeclaredOutputSchema", () => {
  it("reports the payload's own schema, which the envelope does not fit, with the replacement for the tool's SDK", () => {
    const own = { type: "object", properties: { city: { type: "string" }, temps: { type: "array" } }, required: ["city", "temps"] };
    expect(judge(declaring(own))).toBe(
      'tool "get_weather" declares an outputSchema that rejects its AI-Optimized Response Protocol (AORP) envelope: it requires `city`, which the envelope does not have; use OUTPUT_ZOD_SCHEMAS.get_weather (`mcp-conform migrate` replaces it)',
    );
    expect(judge(declaring(own, {}, { sdkMajor: 2 }))).toContain("use OUTPUT_STANDARD_SCHEMAS.get_weather");
    expect(judge(declaring(own, {}, { style: "sdk-low-level" }))).toContain("use OUTPUT_SCHEMAS.get_weather");
    // FastMCP takes a Standard Schema, which is not generated for it: the schema has to go.
    expect(judge(declaring(own, {}, { style: "fastmcp" }))).toContain(
      'remove it (`mcp-conform migrate` does), or declare one that accepts the envelope: OUTPUT_SCHEMAS["get_weather"] of the generated output-schemas.ts is its JSON Schema',
    );
  });

  it("reports a field that only the success envelope carries: the error envelope would be rejected", () => {
    const detailsSummary = {
      type: "object",
      properties: { details: { type: "object", properties: { summary: { type: "string" } }, required: ["summary"] } },
      required: ["details"],
    };
    // Both AORP forms carry details.summary: fine. Only the success form has details.data as the payload.
    expect(judge(declaring(detailsSummary))).toBeNull();
    const detailsData = {
      type: "object",
      properties: { details: { type: "object", properties: { data: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } } },
    };
    expect(judge(declaring(detailsData))).toContain("it requires `details.data.city`, which the envelope does not have");
    // SmartResponseV2 errors send data.processed: null.
    const processed = {
      type: "object",
      properties: { data: { type: "object", properties: { processed: { type: "object" } }, required: ["processed"] } },
      required: ["data"],
    };
    expect(judge(declaring(processed), "smart-v2")).toBe(
      'tool "get_weather" declares an outputSchema that rejects its Smart Response Format (SmartResponseV2) envelope: it wants `data.processed` to be object, and the envelope\'s is null; use OUTPUT_ZOD_SCHEMAS.get_weather (`mcp-conform migrate` replaces it)',
    );
  });

  it("reports a field of another JSON type, and an object closed to the envelope's fields", () => {
    expect(judge(declaring({ type: "object", properties: { immediate: { type: "string" } } }))).toContain(
      "it wants `immediate` to be string, and the envelope's is object",
    );
    expect(judge(declaring({ type: "object", properties: { immediate: {}, actionable: {}, quality: {} }, additionalProperties: false }))).toContain(
      "it is closed to `details`, which the envelope always has",
    );
    expect(judge(declaring({ type: "array" }))).toContain("it wants the envelope to be array, and the envelope's is object");
  });

  it("lets through a schema that may accept every envelope, and one it cannot read", () => {
    // The generated schema itself, as the project might paste it.
    const tool = declaring(null);
    expect(judge(declaring(outputSchema(getProtocol("aorp"), tool, false)))).toBeNull();
    expect(judge(declaring(outputSchema(getProtocol("guidance"), tool, false)), "guidance")).toBeNull();
    expect(judge(declaring({ type: "object" }))).toBeNull();
    expect(judge(declaring({}))).toBeNull();
    // A union passes when one of its alternatives accepts.
    expect(judge(declaring({ anyOf: [{ type: "object", required: ["cities"] }, { type: "object" }] }))).toBeNull();
    expect(judge(declaring(null))).toBeNull();
  });

  it("passes the tool's own generated schema, reports another tool's, and any schema under a text protocol", () => {
    expect(judge(declaring(null, { generatedFor: "get_weather" }))).toBeNull();
    expect(judge(declaring(null, { generatedFor: "list_cities" }))).toBe(
      'tool "get_weather" declares the generated outputSchema of tool "list_cities"; use OUTPUT_ZOD_SCHEMAS.get_weather (`mcp-conform migrate` replaces it)',
    );
    expect(judge(declaring({ type: "object" }), "aop")).toBe(
      'tool "get_weather" declares an outputSchema, and Agent Output Protocol (AOP) results carry no structuredContent: the SDK rejects every success result of a tool with one; remove it',
    );
    expect(judge(tool("plain"))).toBeNull();
  });
});
