import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../../src/analyze/analyze.js";
import type { Inventory, ToolEntry } from "../../../src/analyze/inventory.js";
import { fixturesRoot, repoRoot } from "../../helpers/fixtures.js";
import { typeCheckProject } from "../../helpers/typecheck.js";

/**
 * `payload.type`: the payload type as generated code writes it. The texts below are written from
 * the fixture's source (fixtures/analyze/payload-types), and then proven with the real compilers:
 * each text, its `~/` made relative, must accept the real payload and, when exact, be accepted
 * by it.
 */

const fixture = join(fixturesRoot, "analyze", "payload-types");
let inventory: Inventory;
beforeAll(() => {
  inventory = analyze({ project: fixture, cwd: fixturesRoot }).inventory;
});

function tool(name: string): ToolEntry {
  const found = inventory.tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

const TYPES = 'import("~/src/types.js")';

const expected: Record<string, { text: string; exact: boolean }> = {
  get_reading: { text: `${TYPES}.Reading`, exact: true },
  get_page: { text: `${TYPES}.Paged<${TYPES}.Station>`, exact: true },
  get_internal: {
    text: `{ status: ${TYPES}.Status; counts: { [key: string]: number }; point: ${TYPES}.Geo.Point; when: Date; pair: readonly [string, number?] }`,
    exact: true,
  },
  get_tree: { text: "{ label: string; children: unknown[]; parent: unknown }", exact: false },
  get_json: { text: "boolean | number | string | unknown[] | { [key: string]: unknown } | null", exact: false },
  get_category: { text: `${TYPES}.Category`, exact: true },
  get_card: { text: `${TYPES}.ServerCard`, exact: true },
  get_error: { text: 'import("@modelcontextprotocol/sdk/types.js").McpError', exact: true },
  // `Implementation` is `Infer<typeof ImplementationSchema>`: the checker keeps no name for it, so it is inlined.
  get_implementation: {
    // The SDK's zod-inferred Implementation: its properties as the SDK declares them (mapped types print in declaration order).
    text: '{ version: string; websiteUrl?: string | undefined; description?: string | undefined; icons?: { src: string; mimeType?: string | undefined; sizes?: string[] | undefined; theme?: "dark" | "light" | undefined }[] | undefined; name: string; title?: string | undefined }',
    exact: true,
  },
  get_issues: { text: 'import("zod").ZodIssue[]', exact: true },
  get_boxed: { text: `{ value: ${TYPES}.Paged<${TYPES}.Geo.Point>; label: string }`, exact: true },
  get_level: { text: `${TYPES}.Level`, exact: true },
  get_optional: { text: "{ id: string; label?: string; onClick?: () => void; when: Date | undefined; big?: bigint }", exact: true },
  get_either: { text: '{ kind: "alpha"; count: number } | { kind: "beta"; names: string[] }', exact: true },
};

/** The real payload of each tool, as a type written inside src/payloads.ts. */
const realType: Record<string, string> = {
  get_reading: "ReturnType<typeof reading>",
  get_page: "ReturnType<typeof page>",
  get_internal: "ReturnType<typeof internal>",
  get_tree: "ReturnType<typeof tree>",
  get_json: "ReturnType<typeof json>",
  get_category: "ReturnType<typeof category>",
  get_card: "ReturnType<typeof card>",
  get_error: "ReturnType<typeof mcpError>",
  get_implementation: "ReturnType<typeof implementation>",
  get_issues: "ReturnType<typeof issues>",
  get_boxed: "ReturnType<typeof boxed>",
  get_level: "ReturnType<typeof level>",
  get_optional: "ReturnType<typeof optional>",
  get_either: "ReturnType<typeof alpha> | ReturnType<typeof beta>",
};

describe("payload.type", () => {
  it("covers every tool of the fixture", () => {
    expect(inventory.tools.map((t) => t.name).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [name, want] of Object.entries(expected)) {
    it(`${name}: ${want.text.slice(0, 70)}`, () => {
      expect(tool(name).payload.type).toEqual(want);
    });
  }

  it("reports a non-exported type that refers to itself where it is declared (MCPA011)", () => {
    const recursive = inventory.diagnostics.filter((d) => d.code === "MCPA011");
    expect(recursive.map(({ file, line, severity }) => ({ file, line, severity }))).toEqual([
      { file: "src/payloads.ts", line: 14, severity: "warning" },
      { file: "src/payloads.ts", line: 20, severity: "warning" },
    ]);
    expect(recursive[0]?.message).toContain("`TreeNode`");
    expect(recursive[0]?.message).toContain('"get_tree"');
    expect(recursive[1]?.message).toContain("`Json`");
  });

  it("is the same text on a second analysis (no dependence on what was checked first)", () => {
    const again = analyze({ project: fixture, cwd: fixturesRoot }).inventory;
    expect(again.tools.map((t) => t.payload)).toEqual(inventory.tools.map((t) => t.payload));
  });
});

describe("payload.type compiles against the real payload", () => {
  const scratch: string[] = [];
  afterAll(() => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * A copy of the fixture (under the repository, so packages resolve) whose src/payloads.ts ends
   * with one check per tool: the real payload is assignable to the emitted type, and the emitted
   * type to the real payload when it is exact.
   */
  function proofProject(texts: Record<string, { text: string; exact: boolean }>): string {
    mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
    const dir = mkdtempSync(join(repoRoot, ".tmp", "payload-proof-"));
    scratch.push(dir);
    cpSync(fixture, dir, { recursive: true });
    const lines: string[] = ["", "// --- proof ---"];
    for (const [name, { text, exact }] of Object.entries(texts)) {
      const id = name.replace(/\W/g, "_");
      const real = realType[name];
      // `~/` is the tsconfig's folder; from src/payloads.ts that is `../`.
      lines.push(`type P_${id} = ${text.replaceAll('"~/', '"../')};`);
      lines.push(`declare const real_${id}: ${real};`);
      lines.push(`export const accepts_${id}: P_${id} = real_${id};`);
      if (exact) {
        lines.push(`declare const emitted_${id}: P_${id};`);
        lines.push(`export const fits_${id}: ${real} = emitted_${id};`);
      }
    }
    appendFileSync(join(dir, "src", "payloads.ts"), `${lines.join("\n")}\n`);
    return dir;
  }

  function tsc(compiler: "typescript" | "typescript7", project: string) {
    if (compiler === "typescript") {
      const { exitCode, output } = typeCheckProject(join(project, "tsconfig.json"), repoRoot);
      return { status: exitCode, output };
    }
    const bin = join(repoRoot, "node_modules", "typescript7", "bin", "tsc");
    const run = spawnSync(process.execPath, [bin, "-p", project, "--pretty", "false"], { cwd: repoRoot, encoding: "utf8" });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  function emitted(): Record<string, { text: string; exact: boolean }> {
    return Object.fromEntries(inventory.tools.map((t) => [t.name, t.payload.type]));
  }

  it("TypeScript 6: every emitted type holds the real payload (and the reverse when exact)", () => {
    const outcome = tsc("typescript", proofProject(emitted()));
    expect(outcome.output).toBe("");
    expect(outcome.status).toBe(0);
  });

  it("TypeScript 7: the same", () => {
    const outcome = tsc("typescript7", proofProject(emitted()));
    expect(outcome.output).toBe("");
    expect(outcome.status).toBe(0);
  });

  it("fails when an emitted type is wrong (the proof can fail)", () => {
    const texts = emitted();
    const internal = texts["get_internal"];
    if (!internal) throw new Error("get_internal missing");
    texts["get_internal"] = { ...internal, text: internal.text.replace("[key: string]: number", "[key: string]: string") };
    const outcome = tsc("typescript", proofProject(texts));
    expect(outcome.status).not.toBe(0);
    expect(outcome.output).toContain("not assignable to type 'P_get_internal'");
    expect(outcome.output.split("\n").filter((line) => line.includes("error TS"))).toHaveLength(2);
  });
});

describe("a generic that grows at every level (fixtures/analyze/growing-types)", () => {
  it("ends, with an inexact type and a bounded schema", () => {
    const started = Date.now();
    const grown = analyze({ project: join(fixturesRoot, "analyze", "growing-types"), cwd: fixturesRoot }).inventory;
    expect(Date.now() - started).toBeLessThan(20_000);
    const [only] = grown.tools;
    expect(only?.payload.type).toEqual({ text: "{ value: string; left: unknown; right: unknown }", exact: false });
    expect(grown.diagnostics.map((d) => `${d.code} ${d.file}:${d.line}`)).toEqual(["MCPA011 src/server.ts:3"]);
    expect(JSON.stringify(only?.payload.schema).length).toBeLessThan(50_000);
    expect(only?.payload.schema["required"]).toEqual(["value", "left", "right"]);
  });
});
