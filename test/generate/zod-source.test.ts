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
import { outputSchema } from "../../src/generate/output-schema.js";
import { loadTemplates } from "../../src/generate/templates.js";
import { zodModule, zodModuleView, zodView } from "../../src/generate/zod-source.js";
import type { JsonSchema, ProtocolId } from "../../src/protocols/protocol.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { repoRoot } from "../helpers/fixtures.js";
import { tool } from "./inventory-builders.js";

/**
 * The zod `outputSchema`s are a translation of the generated JSON output schemas: whatever those
 * accept, success or error envelope, the zod one must accept too (it may be looser, never
 * stricter), the payload part must still be checked, and the SDK must take it as an object schema.
 */

const require = createRequire(import.meta.url);

/** The zod a project may have: zod 3 (`zod` here is 3.25), and zod 4 (3.25's `zod/v4` is zod 4's API, as `zod` 4.x exports it). */
const ZOD_FLAVOURS = { "zod 3": "zod", "zod 4": "zod/v4" } as const;
type ZodFlavour = keyof typeof ZOD_FLAVOURS;

/** The generated `output-schemas.zod.ts` for `schemas`, as the generator renders it. */
function renderModule(schemas: { name: string; schema: JsonSchema }[]): string {
  return loadTemplates().render("output-schemas.zod.ts.hbs", { header: "", ...zodModuleView(zodModule(schemas)) });
}

/** Load a generated module (TypeScript) with the real zod of `flavour`: its `OUTPUT_ZOD_SCHEMAS`. */
function evaluate(schemas: { name: string; schema: JsonSchema }[], flavour: ZodFlavour = "zod 3"): Record<string, ZodTypeAny> {
  const js = ts.transpileModule(renderModule(schemas), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: { OUTPUT_ZOD_SCHEMAS?: Record<string, ZodTypeAny> } = {};
  new Function("require", "exports", js)((id: string) => require(id === "zod" ? ZOD_FLAVOURS[flavour] : id), exports);
  return exports.OUTPUT_ZOD_SCHEMAS!;
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
/** Payloads with a field of the wrong type: both schemas reject them. */
const badPayloads = [
  { city: 5, temps: [] },
  { city: "x", temps: [], node: { next: 3 } },
];
/** A payload that lacks a required field. */
const incompletePayload = { city: "x" };

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

const errorGuidance = (readJson("guidance/examples/envelope-example-3-error-with-recovery-guidance.json") as { guidance: unknown }).guidance;

const cases: { protocol: ProtocolId; envelope: (data: object) => Record<string, unknown>; errorEnvelope: Record<string, unknown>; withGuidance: boolean }[] = [
  { protocol: "aorp", envelope: aorpEnvelope, errorEnvelope: readJson("aorp/examples/error-response.json") as Record<string, unknown>, withGuidance: false },
  {
    protocol: "aorp",
    envelope: (data: object) => ({ ...aorpEnvelope(data), guidance: guidanceEnvelope({}).guidance }),
    errorEnvelope: { ...(readJson("aorp/examples/error-response.json") as object), guidance: errorGuidance },
    withGuidance: true,
  },
  { protocol: "smart-v2", envelope: smartEnvelope, errorEnvelope: smartEnvelope(null as unknown as object), withGuidance: false },
  {
    protocol: "guidance",
    envelope: guidanceEnvelope,
    errorEnvelope: readJson("guidance/examples/envelope-example-3-error-with-recovery-guidance.json") as Record<string, unknown>,
    withGuidance: false,
  },
];

const flavoured = cases.flatMap((entry) => (Object.keys(ZOD_FLAVOURS) as ZodFlavour[]).map((flavour) => ({ ...entry, flavour })));

describe.each(flavoured)("$protocol (guidance: $withGuidance), $flavour", ({ protocol, envelope, errorEnvelope, withGuidance, flavour }) => {
  const schema = outputSchema(
    getProtocol(protocol),
    tool("tool", { payload: { type: { text: "Payload", exact: true }, schema: payloadSchema } }),
    withGuidance,
  );
  const zod = evaluate([{ name: "tool", schema }], flavour).tool!;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);

  it("accepts a success envelope the JSON Schema accepts, keeping unknown keys", () => {
    const value = { ...envelope(goodPayload), extra_field: 1 };
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    const parsed = zod.safeParse(value);
    expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
    expect(parsed.data).toEqual(value);
  });

  it("accepts the error envelope, as the JSON Schema does", () => {
    expect(validate(errorEnvelope), JSON.stringify(validate.errors)).toBe(true);
    const parsed = zod.safeParse(errorEnvelope);
    expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
  });

  it("still checks the payload's types", () => {
    for (const payload of badPayloads) {
      const value = envelope(payload);
      expect(validate(value)).toBe(false);
      expect(zod.safeParse(value).success).toBe(false);
    }
  });

  it("checks required payload fields where zod can tie them to the success form", () => {
    expect(validate(envelope(incompletePayload))).toBe(false);
    // A guidance error carries none of the payload's fields, and one zod object cannot make them
    // required only when `success` is not false: there the zod schema lets a missing field through.
    expect(zod.safeParse(envelope(incompletePayload)).success).toBe(protocol === "guidance");
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

describe("the data the module builds from", () => {
  /** A schema with every call the data holds: each keyword zod follows, a `$ref` into `$defs`, a shared part. */
  const everything: JsonSchema = {
    type: "object",
    properties: {
      text: { type: "string", minLength: 1, maxLength: 9, pattern: "^a", description: "Some text" },
      count: { type: "integer", minimum: 0, maximum: 10, exclusiveMinimum: -1, exclusiveMaximum: 11 },
      ratio: { type: "number" },
      flag: { type: "boolean" },
      nothing: { type: "null" },
      list: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
      closed: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      map: { type: "object", additionalProperties: { type: "number" } },
      kind: { enum: ["a", "b"] },
      mixed: { enum: ["a", 1, true, null] },
      fixed: { const: "x" },
      either: { anyOf: [{ type: "string" }, { type: "number" }] },
      nullable: { type: ["string", "null"] },
      never: false,
      anything: {},
      tree: { $ref: "#/$defs/Tree" },
    },
    required: ["text", "count", "tree"],
    $defs: { Tree: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Tree" } } } } },
  };

  /** The same schema as zod calls written out (as the generator wrote them before they were data), in `z` of either flavour. */
  function writtenOut(z: typeof import("zod").z): ZodTypeAny {
    const defs: { [name: string]: ZodTypeAny } = {};
    defs["Tree"] = z.object({ children: z.array(z.lazy(() => defs["Tree"]!)).optional() }).passthrough();
    return z
      .object({
        anything: z.unknown().optional(),
        closed: z.object({ a: z.string().optional() }).strict().optional(),
        count: z.number().int().gte(0).lte(10).gt(-1).lt(11),
        either: z.union([z.string(), z.number()]).optional(),
        fixed: z.literal("x").optional(),
        flag: z.boolean().optional(),
        kind: z.enum(["a", "b"]).optional(),
        list: z.array(z.string()).min(1).max(3).optional(),
        map: z.object({}).catchall(z.number()).optional(),
        mixed: z.union([z.literal("a"), z.literal(1), z.literal(true), z.null()]).optional(),
        // `false` is read as `{ not: {} }`, and zod has no `not`: looser, never stricter.
        never: z.unknown().optional(),
        nothing: z.null().optional(),
        nullable: z.union([z.string(), z.null()]).optional(),
        ratio: z.number().optional(),
        text: z.string().min(1).max(9).regex(new RegExp("^a", "u")).describe("Some text"),
        tree: z.lazy(() => defs["Tree"]!),
      })
      .passthrough();
  }

  async function listedOutputSchema(schema: ZodTypeAny): Promise<unknown> {
    const server = new McpServer({ name: "probe", version: "0.0.0" });
    server.registerTool("probe", { outputSchema: schema }, () => ({ content: [], structuredContent: {} }));
    const client = new Client({ name: "probe-client", version: "0.0.0" });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      return (await client.listTools()).tools[0]?.outputSchema;
    } finally {
      await client.close();
      await server.close();
    }
  }

  it.each(Object.keys(ZOD_FLAVOURS) as ZodFlavour[])("builds what the calls written out build (%s)", async (flavour) => {
    const built = evaluate([{ name: "tool", schema: everything }], flavour).tool!;
    const z = (require(ZOD_FLAVOURS[flavour]) as typeof import("zod")).z;
    // What the SDK lists for each: its own JSON Schema of the zod schema, zod 4's or zod 3's.
    expect(await listedOutputSchema(built)).toEqual(await listedOutputSchema(writtenOut(z)));
    const good = { text: "ab", count: 3, tree: { children: [{ children: [] }] }, map: { x: 1 }, mixed: null, extra: 1 };
    for (const value of [
      good,
      { ...good, text: "b" },
      { ...good, count: 11 },
      { ...good, closed: { a: "x", b: 1 } },
      { ...good, tree: { children: [{ children: 1 }] } },
    ])
      expect(built.safeParse(value).success).toBe(writtenOut(z).safeParse(value).success);
    expect(built.safeParse(good).success).toBe(true);
  });
});

describe("zodView", () => {
  it("merges `allOf`, and joins the `then` and `else` forms of a condition into one object", () => {
    expect(
      zodView({
        type: "object",
        properties: { a: { type: "string" }, kind: { type: "string" } },
        required: ["a", "kind"],
        if: { properties: { kind: { const: "error" } } },
        then: { properties: { b: { type: "boolean" }, kind: { const: "error" } }, required: ["b"] },
        else: { properties: { c: { type: "number" } }, required: ["c"] },
        allOf: [{ properties: { a: { pattern: "\\S" } } }],
      }),
    ).toEqual({
      type: "object",
      properties: {
        a: { type: "string", pattern: "\\S" },
        // The error form pins `kind`; the success form leaves it a string: either is accepted.
        kind: { anyOf: [{ type: "string", const: "error" }, { type: "string" }] },
        b: { type: "boolean" },
        c: { type: "number" },
      },
      // Required in both forms only.
      required: ["a", "kind"],
    });
  });

  it("joins conditions inside `allOf` members and below the root", () => {
    const view = zodView({
      type: "object",
      properties: {
        inner: { type: "object", properties: { x: { type: "string" } }, if: { required: ["x"] }, then: { required: ["y"] }, else: { required: ["z"] } },
      },
      allOf: [{ if: { required: ["a"] }, then: { properties: { a: { type: "string" } } } }],
    });
    expect(view).toEqual({
      type: "object",
      properties: { inner: { type: "object", properties: { x: { type: "string" } } }, a: { type: "string" } },
    });
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
    const uses = (value: unknown, name: string): boolean => JSON.stringify(value).includes(JSON.stringify(["part", name]));
    for (const shared of module.shared)
      expect(module.tools.some((tool) => uses(tool.entry, shared.name)) || module.shared.some((other) => uses(other.node, shared.name))).toBe(true);
    const evaluated = evaluate([{ name: "a", schema }]);
    expect(evaluated.a).toBeDefined();
  });
});

describe("what the module costs the project's tsc", () => {
  /** Type instantiations the checker makes for a module, checked as a strict project at the repo root would. */
  function checkerCost(source: string): { instantiations: number; errors: string[] } {
    const file = join(repoRoot, "test", "generate", "__zod-cost__.ts");
    const options: ts.CompilerOptions = {
      strict: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
    };
    const host = ts.createCompilerHost(options);
    const { fileExists, readFile } = host;
    host.fileExists = (name) => name === file || fileExists.call(host, name);
    host.readFile = (name) => (name === file ? source : readFile.call(host, name));
    const program = ts.createProgram([file], options, host);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    return { instantiations: program.getInstantiationCount(), errors };
  }

  it("builds the schemas without having tsc infer zod's types: the whole module costs less than one z.string() typed by zod", () => {
    // The orchestrator's eleven tools, with their shared envelope parts (the golden file is the generator's output).
    const generated = readFileSync(join(repoRoot, "fixtures", "orchestrator", "__expected__", "generated", "aorp", "output-schemas.zod.ts"), "utf8");
    const module = checkerCost(generated);
    const oneSchema = checkerCost('import { z } from "zod";\nexport const x: z.ZodType = z.string();\n');
    expect(module.errors).toEqual([]);
    expect(oneSchema.errors).toEqual([]);
    expect(module.instantiations).toBeLessThan(oneSchema.instantiations);
  });
});
