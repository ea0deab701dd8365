import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { buildToolGraph } from "../../src/graph/model.js";
import { generate } from "../../src/generate/generate.js";
import { outputSchema } from "../../src/generate/output-schema.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { packageRoot } from "../../src/package-root.js";
import { typeCheckFiles } from "../helpers/typecheck.js";
import { configFor, OUTPUT_DIR } from "./harness.js";
import { inventory, objectPayload, tool } from "./inventory-builders.js";

/**
 * `output-schemas.ts` and `tool-graph.ts` hold their data as JSON text in a `String.raw` literal
 * (cheap for the user's type-check, issue #17). Loaded, each must give back exactly the schemas
 * and the graph the generator computed: whatever the strings in them hold, with the parts several
 * tools share one object.
 */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Strings a template literal would otherwise read as its end or a substitution, and backslashes. */
const AWKWARD = "a `quoted` ${not.a.substitution} \\S+ \\` $\\{ \u2028 done";

function tricky(name: string, extra: Record<string, unknown> = {}) {
  return tool(name, {
    payload: objectPayload({
      label: { type: "string", pattern: "^\\S`${x}`$", description: AWKWARD },
      items: {
        type: "array",
        items: { type: "object", properties: { id: { type: "string" }, note: { type: "string", description: AWKWARD } }, required: ["id"] },
      },
      ...extra,
    }),
  });
}

async function load(tools: ReturnType<typeof tricky>[]) {
  const root = join(packageRoot, ".tmp");
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, "data-files-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), '{ "type": "module", "private": true }');
  const result = generate(inventory(tools), configFor("aorp"));
  for (const [path, text] of [...result.generated, ...result.scaffolded]) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const url = (path: string) => pathToFileURL(join(dir, OUTPUT_DIR, path)).href;
  const { OUTPUT_SCHEMAS } = (await import(url("output-schemas.ts"))) as { OUTPUT_SCHEMAS: Record<string, Record<string, unknown>> };
  const { TOOL_GRAPH } = (await import(url("tool-graph.ts"))) as { TOOL_GRAPH: Record<string, unknown> };
  return { dir, OUTPUT_SCHEMAS, TOOL_GRAPH, source: result.generated.get(`${OUTPUT_DIR}/output-schemas.ts`)! };
}

describe("the data files hold their data as JSON text", () => {
  it("output-schemas.ts and tool-graph.ts give back the generator's schemas and graph, awkward strings and all", async () => {
    const tools = [tricky("list_a", { next: { type: "string", description: "then call list_b" } }), tricky("list_b")];
    const { OUTPUT_SCHEMAS, TOOL_GRAPH, source } = await load(tools);
    const aorp = getProtocol("aorp");
    for (const entry of tools) expect(OUTPUT_SCHEMAS[entry.name]).toEqual(outputSchema(aorp, entry, false));
    // Shared parts are written once and are one object when loaded.
    expect(source).toContain('PARTS.set("S_');
    const envelope = (name: string) => (OUTPUT_SCHEMAS[name]!["properties"] as Record<string, unknown>)["immediate"];
    expect(envelope("list_a")).toBe(envelope("list_b"));
    const graph = buildToolGraph(tools);
    expect(TOOL_GRAPH).toEqual(Object.fromEntries(graph.nodes.map(({ name, ...node }) => [name, node])));
  });

  it("a schema that holds the reference key itself is written out whole, and loads unchanged", async () => {
    const odd = { type: "object", const: { "mcp-conform:part": "S_00000000" } };
    const tools = [tricky("list_a", { odd }), tricky("list_b", { odd })];
    const { OUTPUT_SCHEMAS, source } = await load(tools);
    expect(source).not.toContain("PARTS.set(");
    for (const entry of tools) expect(OUTPUT_SCHEMAS[entry.name]).toEqual(outputSchema(getProtocol("aorp"), entry, false));
  });

  it("an entry of OUTPUT_SCHEMAS goes into a low-level ListTools entry of SDK 1.x and 2.x as it is, with no cast", async () => {
    const { dir } = await load([tricky("list_a"), tricky("list_b")]);
    // The README's wiring for a low-level Server. (As `as const` literals, `required` was a readonly tuple the SDK's type refused.)
    const user = join(dir, "src", "server.ts");
    writeFileSync(
      user,
      [
        'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
        'import { ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";',
        'import { Server as ServerV2, type Tool as ToolV2 } from "@modelcontextprotocol/server";',
        'import { OUTPUT_SCHEMAS } from "./generated/mcp-conform/output-schemas.js";',
        // The entries typed as the SDKs' `Tool`: the handlers' result types alone also take any loose `Result`.
        'const a: Tool = { name: "list_a", inputSchema: { type: "object" }, outputSchema: OUTPUT_SCHEMAS.list_a };',
        'const b: ToolV2 = { name: "list_b", inputSchema: { type: "object" }, outputSchema: OUTPUT_SCHEMAS["list_b"] };',
        'const v1 = new Server({ name: "x", version: "1.0.0" }, { capabilities: { tools: {} } });',
        "v1.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [a] }));",
        'const v2 = new ServerV2({ name: "x", version: "2.0.0" }, { capabilities: { tools: {} } });',
        'v2.setRequestHandler("tools/list", async () => ({ tools: [b] }));',
        "",
      ].join("\n"),
    );
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      exactOptionalPropertyTypes: true,
      noUnusedLocals: true,
      skipLibCheck: true,
      types: [],
    };
    const outcome = typeCheckFiles([user, join(dir, OUTPUT_DIR, "output-schemas.ts"), join(dir, OUTPUT_DIR, "tool-graph.ts")], options, dir);
    expect(outcome.output).toBe("");
  });
});
