/**
 * The generated output of a sample inventory in a hand-built project, under the real tsc (6 and 7):
 * the cases `generate.test.ts` runs for the default protocol and `hand-built.full.test.ts` for
 * every other one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { generate } from "../../src/generate/generate.js";
import { packageRoot } from "../../src/package-root.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { compile, conformingCall, diagnostics, writeResult } from "./harness.js";
import { strictCompilerOptions } from "../helpers/tsc.js";
import { inventory, param, tool, warning } from "./inventory-builders.js";

export const config = (protocol: ProtocolId, extra: { guidance?: boolean; outputDir?: string; guidanceDir?: string } = {}) => ({
  protocol,
  guidance: extra.guidance ?? false,
  outputDir: extra.outputDir ?? "src/generated/mcp-conform",
  guidanceDir: extra.guidanceDir ?? "src/guidance",
});

export const forecast = tool("get_forecast", {
  description: "Forecast for a city */ with a comment closer",
  input: [param("city", "string"), param("days", "number", true)],
  payload: {
    type: { text: 'import("~/src/types.js").Forecast', exact: true },
    schema: {
      type: "object",
      properties: { city: { type: "string" }, status: { enum: ["ok", "stale"] }, days: { type: "array", items: { type: "number" } } },
      required: ["city", "status", "days"],
    },
  },
  warnings: [warning("Forecast older than {} hours", { severity: "low" }), warning("No station", { id: "WARN_NO_STATION" })],
  references: [{ tool: "list_cities", file: "src/tools.ts", line: 9, kind: "mentions", via: "next-steps" }],
});
export const cities = tool("list_cities", {
  style: "fastmcp",
  payload: { type: { text: "string[]", exact: true }, schema: { type: "array", items: { type: "string" } } },
});
export const sample = inventory([forecast, cities]);

/** A project under the repository's .tmp/ (so the SDK resolves) with `files`; its folder goes into `dirs`, for removal. */
export function handBuiltProject(files: Record<string, string>, dirs: string[]): string {
  mkdirSync(join(packageRoot, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(packageRoot, ".tmp", "generate-hand-"));
  dirs.push(dir);
  const tsconfig = { compilerOptions: { ...strictCompilerOptions, noUnusedLocals: true }, include: ["src", "lib"] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  writeFileSync(join(dir, "package.json"), '{ "type": "module", "private": true }');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export const projectTypes = { "src/types.ts": 'export interface Forecast { city: string; status: "ok" | "stale"; days: number[] }\n' };

/** Custom output and guidance folders, a payload typed by the project's own interface: both compilers, no error. */
export async function customFoldersCompile(protocol: ProtocolId, dirs: string[]): Promise<void> {
  const dir = handBuiltProject(projectTypes, dirs);
  writeResult(dir, generate(sample, config(protocol, { outputDir: "lib/gen/conform", guidanceDir: "src/hints" })));
  for (const compiler of [6, 7] as const) {
    const { exitCode, output } = await compile(dir, compiler);
    expect(diagnostics(output), `TypeScript ${compiler}`).toEqual([]);
    expect(exitCode).toBe(0);
  }
}

/** A registerTool with the zod outputSchema and a conforming handler compiles; another tool's result does not. */
export async function zodOutputSchemaCompiles(protocol: ProtocolId, dirs: string[]): Promise<void> {
  const structured = protocol !== "aop" && protocol !== "acor";
  const call = conformingCall(protocol, "get_forecast", false);
  const server = [
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'import { conform } from "./gen/conform.js";',
    'import { formatGetForecastError } from "./gen/formatters/get_forecast.js";',
    structured ? 'import { OUTPUT_ZOD_SCHEMAS } from "./gen/output-schemas.zod.js";' : "",
    'const server = new McpServer({ name: "probe", version: "1.0.0" });',
    `server.registerTool("get_forecast", { description: "probe"${structured ? ", outputSchema: OUTPUT_ZOD_SCHEMAS.get_forecast" : ""} }, conform("get_forecast", async () => ${call}));`,
    `export const wrong = conform("list_cities", async () => ${call});`,
  ]
    .filter((line) => line !== "")
    .join("\n");
  const wrongLine = server.split("\n").findIndex((line) => line.startsWith("export const wrong")) + 1;
  const dir = handBuiltProject({ ...projectTypes, "src/server.ts": server }, dirs);
  writeResult(dir, generate(sample, config(protocol, { outputDir: "src/gen" })));
  for (const compiler of [6, 7] as const) {
    const errors = diagnostics((await compile(dir, compiler)).output);
    expect(errors.length, `TypeScript ${compiler}`).toBeGreaterThan(0);
    for (const error of errors) {
      expect(error.file, `TypeScript ${compiler}: ${error.text}`).toMatch(/src\/server\.ts$/);
      expect(error.line, error.text).toBeGreaterThanOrEqual(wrongLine);
      expect(error.text).toContain('"list_cities"');
    }
  }
}
