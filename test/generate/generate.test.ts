import { afterAll, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { generate, type GenerateMemo } from "../../src/generate/generate.js";
import { PROTOCOL_IDS } from "../../src/protocols/ids.js";
import { countUnfilled, generatedHeader, isScaffoldedFile } from "../../src/write/header.js";
import { compile, conformingCall, diagnostics, removeCopy, writeResult } from "./harness.js";
import { inventory, param, tool, warning } from "./inventory-builders.js";
import { cities, config, customFoldersCompile, forecast, handBuiltProject, projectTypes, sample, zodOutputSchemaCompiles } from "./hand-built.js";

describe("what is generated", () => {
  it("every generated file starts with the generated header; stubs carry the scaffold and unfilled markers", () => {
    for (const protocol of PROTOCOL_IDS) {
      const result = generate(sample, config(protocol));
      for (const contents of result.generated.values()) expect(contents.startsWith(generatedHeader())).toBe(true);
      for (const contents of result.scaffolded.values()) expect(isScaffoldedFile(contents)).toBe(true);
    }
    const stubs = generate(sample, config("guidance")).scaffolded;
    // get_forecast: two states (ok, stale) and the error guidance; list_cities: "default" and the error.
    expect(countUnfilled(stubs.get("src/guidance/get_forecast.ts")!)).toBe(3);
    expect(countUnfilled(stubs.get("src/guidance/list_cities.ts")!)).toBe(2);
  });

  it("keeps no state of its own: what a watch cycle reuses lives in the caller's memo, keyed by what it was made from", () => {
    const memo: GenerateMemo = {};
    const first = generate(sample, config("aorp"), new Map(), memo);
    const kept = memo.schemas;
    expect([...kept!.outputs.keys()]).toEqual(["src/generated/mcp-conform/output-schemas.ts", "src/generated/mcp-conform/output-schemas.zod.ts"]);
    // Nothing else changed: the schema files are reused, and the output is the same as without a memo.
    expect(generate(sample, config("aorp"), new Map(), memo).generated).toEqual(first.generated);
    expect(memo.schemas).toBe(kept);
    // Another protocol is another key: made anew, and what a one-shot run without a memo writes.
    const other = generate(sample, config("smart-v2"), new Map(), memo);
    expect(memo.schemas).not.toBe(kept);
    expect(other.generated).toEqual(generate(sample, config("smart-v2")).generated);
  });

  it("scaffolds guidance stubs only for the guidance protocol or guidance: true", () => {
    expect(generate(sample, config("aorp")).scaffolded.size).toBe(0);
    expect(generate(sample, config("aop")).scaffolded.size).toBe(0);
    expect([...generate(sample, config("aorp", { guidance: true })).scaffolded.keys()]).toEqual([
      "src/guidance/get_forecast.ts",
      "src/guidance/list_cities.ts",
    ]);
    expect(generate(sample, config("smart-v2", { guidance: true })).generated.has("src/generated/mcp-conform/runtime/guidance.ts")).toBe(true);
  });

  it("lays out the output folder", () => {
    const paths = [...generate(sample, config("aorp")).generated.keys()].map((path) => path.replace("src/generated/mcp-conform/", ""));
    expect(paths).toEqual([
      "conform.ts",
      "formatters/get_forecast.ts",
      "formatters/list_cities.ts",
      "kit.ts",
      "output-schemas.ts",
      "output-schemas.zod.ts",
      "runtime/aorp.ts",
      "tool-graph.ts",
      "tools.ts",
      "warnings.ts",
    ]);
  });

  it("gives zod output schemas only to SDK-registered tools of JSON protocols", () => {
    const zod = generate(sample, config("smart-v2")).generated.get("src/generated/mcp-conform/output-schemas.zod.ts")!;
    expect(zod).toContain('"get_forecast":');
    expect(zod).not.toContain('"list_cities":');
    expect(generate(inventory([cities]), config("aorp")).generated.has("src/generated/mcp-conform/output-schemas.zod.ts")).toBe(false);
    for (const protocol of ["aop", "acor"] as const) {
      const result = generate(sample, config(protocol));
      expect(result.generated.has("src/generated/mcp-conform/output-schemas.zod.ts")).toBe(false);
      expect(result.generated.get("src/generated/mcp-conform/output-schemas.ts")).toContain("export const OUTPUT_SCHEMAS = {} as const;");
    }
  });

  it("gives each SDK-registered tool the outputSchema form of its SDK major: zod for 1.x, a Standard Schema for 2.x", () => {
    const v2 = { ...forecast, name: "get_forecast_v2", sdkMajor: 2 as const };
    const lowLevel = { ...forecast, name: "low_level", style: "sdk-low-level" as const, sdkMajor: 2 as const };
    const files = generate(inventory([{ ...forecast, sdkMajor: 1 }, v2, lowLevel, cities]), config("aorp")).generated;
    const zod = files.get("src/generated/mcp-conform/output-schemas.zod.ts")!;
    const standard = files.get("src/generated/mcp-conform/output-schemas.standard.ts")!;
    expect(zod).toContain('"get_forecast":');
    expect(zod).not.toContain('"get_forecast_v2":');
    expect(standard).toContain('"get_forecast_v2": outputSchema(OUTPUT_SCHEMAS["get_forecast_v2"]),');
    expect(standard).not.toMatch(/"(get_forecast|low_level|list_cities)":/);
    expect(standard).toContain('from "@modelcontextprotocol/server"');
    // A tool object whose registration the analyser could not tie to a major takes the project's.
    const object = { ...forecast, name: "object_tool", style: "tool-object" as const };
    const onlyV2 = generate(inventory([v2, object]), config("aorp")).generated;
    expect(onlyV2.has("src/generated/mcp-conform/output-schemas.zod.ts")).toBe(false);
    expect(onlyV2.get("src/generated/mcp-conform/output-schemas.standard.ts")).toContain('"object_tool":');
    expect(generate(inventory([object]), config("aorp")).generated.get("src/generated/mcp-conform/output-schemas.zod.ts")).toContain('"object_tool":');
    expect(generate(inventory([v2]), config("aop")).generated.has("src/generated/mcp-conform/output-schemas.standard.ts")).toBe(false);
  });

  it("lets the handlers of SDK 2.x tools (and only those) also return the SDK's own InputRequiredResult", () => {
    const conformOf = (tools: Parameters<typeof inventory>[0]) =>
      generate(inventory(tools), config("aorp")).generated.get("src/generated/mcp-conform/conform.ts")!;
    const v2 = { ...forecast, name: "get_forecast_v2", sdkMajor: 2 as const };
    const lowLevel = { ...forecast, name: "low_level", style: "sdk-low-level" as const, sdkMajor: 2 as const };
    const mixed = conformOf([{ ...forecast, sdkMajor: 1 }, v2, lowLevel, cities]);
    expect(mixed).toContain('import type { InputRequiredResult } from "@modelcontextprotocol/server";');
    expect(mixed).toContain('type AsksForInput =\n  | "get_forecast_v2"\n  | "low_level";');
    expect(mixed).toContain("export type InputRequest<N extends ToolName> = N extends AsksForInput ? InputRequiredResult : never;");
    expect(mixed).toContain("R extends ConformingResult<N> | InputRequest<N> | Promise<ConformingResult<N> | InputRequest<N>>,");
    expect(mixed).toContain("export type ConformingResults = { [N in ToolName]: ConformingResult<N> | InputRequest<N> };");
    // SDK 1.x and framework tools: no InputRequiredResult, and no import of a package the project may not have.
    const v1 = conformOf([{ ...forecast, sdkMajor: 1 }, cities]);
    expect(v1).not.toContain("@modelcontextprotocol/server");
    expect(v1).not.toContain("InputRequest");
    expect(v1).toContain("R extends ConformingResult<N> | Promise<ConformingResult<N>>,");
  });

  it("rewrites project type imports relative to tools.ts and keeps comments closed", () => {
    const tools = generate(sample, config("aorp", { outputDir: "lib/gen" })).generated.get("lib/gen/tools.ts")!;
    expect(tools).toContain('"get_forecast": import("../../src/types.js").Forecast;');
    expect(generate(sample, config("aorp")).generated.get("src/generated/mcp-conform/formatters/get_forecast.ts")).toContain("comment closer");
    expect(generate(sample, config("aorp")).generated.get("src/generated/mcp-conform/formatters/get_forecast.ts")).not.toMatch(/\/\*\*[^\n]*\*\/ with/);
  });
});

describe("input errors", () => {
  it("two tools of one name", () => {
    const twice = inventory([tool("search", { file: "src/a.ts", line: 3 }), tool("search", { file: "src/b.ts", line: 8 })]);
    expect(() => generate(twice, config("aorp"))).toThrow(InputError);
    try {
      generate(twice, config("aorp"));
    } catch (error) {
      expect((error as InputError).format()).toBe('src/b.ts:8: tool "search" is registered twice (also at src/a.ts:3); rename one before generating');
    }
  });

  it("one name on two servers: generated once when both registrations agree, refused when their inputs or payloads differ", () => {
    const full = tool("search", {
      file: "src/servers.ts",
      line: 12,
      input: [param("query", "string")],
      server: { name: "full", file: "src/servers.ts", line: 9 },
    });
    const searchOnly = { ...full, line: 15, server: { name: "searchOnly", file: "src/servers.ts", line: 10 } };
    const agreed = generate(inventory([full, searchOnly]), config("aorp"));
    expect([...agreed.generated.keys()].filter((path) => path.includes("/formatters/"))).toEqual(["src/generated/mcp-conform/formatters/search.ts"]);
    expect(agreed.generated.get("src/generated/mcp-conform/tools.ts")).toContain('"search"');

    const differing = { ...searchOnly, input: [param("path", "string")] };
    expect(() => generate(inventory([full, differing]), config("aorp"))).toThrow(InputError);
    try {
      generate(inventory([full, differing]), config("aorp"));
    } catch (error) {
      expect((error as InputError).format()).toContain(
        'src/servers.ts:15: tool "search" is registered on 2 servers with different inputs or payloads (src/servers.ts:12 (server `full`), src/servers.ts:15 (server `searchOnly`))',
      );
    }
    // The same name twice on one server stays a duplicate.
    expect(() => generate(inventory([full, { ...full, line: 20 }]), config("aorp"))).toThrow(/registered twice/);
  });

  it("guidance: true with a protocol that does not carry it", () => {
    expect(() => generate(sample, config("aop", { guidance: true }))).toThrow(/guidance: true/);
    expect(() => generate(sample, config("acor", { guidance: true }))).toThrow(InputError);
    expect(() => generate(sample, config("guidance", { guidance: true }))).not.toThrow();
  });

  it("stubs inside the generated folder, or folders outside the project", () => {
    expect(() => generate(sample, config("guidance", { guidanceDir: "src/generated/mcp-conform/guidance" }))).toThrow(InputError);
    expect(() => generate(sample, config("aorp", { outputDir: "../elsewhere" }))).toThrow(InputError);
  });
});

describe("a hand-built project under the real tsc", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeCopy));
  const project = (files: Record<string, string>): string => handBuiltProject(files, dirs);
  const types = projectTypes;

  // The other protocols: hand-built.full.test.ts.
  it("aorp: custom folders, project types, no tools unused", () => customFoldersCompile("aorp", dirs));

  it("aorp: a registerTool with the zod outputSchema and a conforming handler compiles; another tool's result does not", () =>
    zodOutputSchemaCompiles("aorp", dirs));

  it("aorp: an SDK 2.x registerTool with the Standard Schema outputSchema and a conforming (args, ctx) handler, which may also ask for input, compiles", async () => {
    const protocol = "aorp";
    const call = conformingCall(protocol, "get_forecast", false);
    const server = [
      'import { fromJsonSchema, inputRequired, McpServer } from "@modelcontextprotocol/server";',
      'import { conform } from "./gen/conform.js";',
      'import { formatGetForecastError } from "./gen/formatters/get_forecast.js";',
      'import { OUTPUT_STANDARD_SCHEMAS } from "./gen/output-schemas.standard.js";',
      'const server = new McpServer({ name: "probe", version: "2.0.0" });',
      'const input = fromJsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } }, required: ["city"] });',
      'server.registerTool("get_forecast", { description: "probe", inputSchema: input, outputSchema: OUTPUT_STANDARD_SCHEMAS.get_forecast }, conform("get_forecast", async ({ city }, ctx) => { void ctx.mcpReq.id; if (city === "") return inputRequired({ requestState: "city" }); return ' +
        call +
        "; }));",
      "export { server };",
    ].join("\n");
    const dir = project({ ...types, "src/server.ts": server });
    writeResult(dir, generate(inventory([{ ...forecast, sdkMajor: 2 }, cities]), config(protocol, { outputDir: "src/gen" })));
    for (const compiler of [6, 7] as const) {
      const { exitCode, output } = await compile(dir, compiler);
      expect(diagnostics(output), `TypeScript ${compiler}`).toEqual([]);
      expect(exitCode).toBe(0);
    }
  });

  it("odd tool names, comment closers in texts and an unnamed payload type compile for every protocol", async () => {
    const odd = (name: string) =>
      tool(name, {
        description: "closes */ a comment",
        input: [{ name: "x*/", type: "string", optional: false, description: "d */ e" }],
        payload: {
          type: { text: "unknown", exact: false },
          schema: { type: "object", properties: { "status*/": { enum: ["a*/b"] } }, required: ["status*/"] },
        },
        warnings: [warning("m */ n")],
      });
    const dir = project({});
    for (const protocol of PROTOCOL_IDS) {
      writeResult(
        dir,
        generate(
          inventory([odd("evil*/name"), odd('q"uote'), odd("héllo wörld")]),
          config(protocol, { outputDir: `src/${protocol}`, guidanceDir: `src/${protocol}-hints` }),
        ),
      );
    }
    for (const compiler of [6, 7] as const) {
      const { exitCode, output } = await compile(dir, compiler);
      expect(diagnostics(output), `TypeScript ${compiler}`).toEqual([]);
      expect(exitCode).toBe(0);
    }
  });

  it("zero tools: ToolName is never and everything still compiles", async () => {
    const dir = project({});
    const result = generate(inventory([]), config("aorp", { guidance: true }));
    expect(result.generated.get("src/generated/mcp-conform/tools.ts")).toContain("export type ToolName = never;");
    writeResult(dir, result);
    writeResult(dir, generate(inventory([]), config("acor", { outputDir: "lib/acor" })));
    for (const compiler of [6, 7] as const) {
      const { exitCode, output } = await compile(dir, compiler);
      expect(diagnostics(output), `TypeScript ${compiler}`).toEqual([]);
      expect(exitCode).toBe(0);
    }
  });
});
