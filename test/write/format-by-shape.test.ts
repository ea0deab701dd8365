import { join } from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { instantiate, shapeOf } from "../../src/write/format-by-shape.js";
import { createFormatter, type PrettierApi } from "../../src/write/format.js";
import { configFor } from "../generate/harness.js";
import { inventory, objectPayload, tool } from "../generate/inventory-builders.js";
import { put, tempProject } from "./helpers.js";

let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
});

/** The real Prettier, recording which files it was asked to format. */
function recordingPrettier(): { api: PrettierApi; formatted: string[] } {
  const formatted: string[] = [];
  const api: PrettierApi = {
    version: prettier.version,
    resolveConfig: (file, options) => prettier.resolveConfig(file, options),
    clearConfigCache: () => prettier.clearConfigCache(),
    format: (source, options) => {
      formatted.push(String(options["filepath"]));
      return prettier.format(source, options);
    },
  };
  return { api, formatted };
}

/** The per-tool files `generate` renders for these tools (formatter modules, guidance stubs), unformatted. */
function perToolFiles(root: string, protocol: ProtocolId, guidance: boolean, tools: { name: string; description: string | null }[]): Map<string, string> {
  const payload = objectPayload({ status: { enum: ["complete", "partial"] }, count: { type: "number" } });
  const result = generate(inventory(tools.map(({ name, description }) => tool(name, { description, payload }))), configFor(protocol, guidance));
  const files = new Map<string, string>();
  for (const [path, text] of [...result.generated, ...result.scaffolded]) {
    if (path.includes("/formatters/") || path.startsWith("src/guidance/")) files.set(join(root, path), text);
  }
  return files;
}

async function direct(files: ReadonlyMap<string, string>, options: Record<string, unknown>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [path, text] of files) out.set(path, await prettier.format(text, { ...options, parser: "typescript", filepath: path }));
  return out;
}

const equalLength = (count: number, length: number): string[] =>
  Array.from({ length: count }, (_, i) => `t${String(i).padStart(2, "0")}_${"abcdefghijklmnopqrstuvwxyz"[i]!.repeat(length - 4)}`);

describe("shapeOf", () => {
  const source = (name: string, comment = "// about it") => `${comment}\nexport function format${name}(a: Payload): Result<"${name}"> {\n  return build("${name}", a);\n}\n`;

  it("gives files that differ only in names of the same width one key, and another key for another width", () => {
    expect(shapeOf(source("Alpha"))!.key).toBe(shapeOf(source("Gamma"))!.key);
    expect(shapeOf(source("Alpha"))!.key).not.toBe(shapeOf(source("Alphas"))!.key);
    // A comment alone on its line may differ in any way; it is printed as written.
    expect(shapeOf(source("Alpha", "// one"))!.key).toBe(shapeOf(source("Gamma", "// a much longer comment"))!.key);
  });

  it("keeps fixed what Prettier reads beyond the width", () => {
    const key = (text: string) => shapeOf(text)?.key;
    // capitalised or not (factory calls), the names of Prettier's test-call rules, quotes in strings
    expect(key(`x = Alpha();\n`)).not.toBe(key(`x = alpha();\n`));
    expect(key(`x = describe("a", f);\n`)).not.toBe(key(`x = describx("a", f);\n`));
    expect(key(`x = f("it's");\n`)).not.toBe(key(`x = f("it is");\n`));
    expect(key(`x = { "ab": 1 };\n`)).not.toBe(key(`x = { "a-": 1 };\n`));
    // comments sharing a line with code, and ignore pragmas
    expect(key(`x = 1; // one\n`)).not.toBe(key(`x = 1; // two\n`));
    expect(key(`// prettier-ignore\nx  =  1;\n`)).not.toBe(key(`// prettier-ignorf\nx  =  1;\n`));
  });

  it("leaves shapeless what a scanner cannot cut without a parser", () => {
    expect(shapeOf("const a = `x${b}y`;\n")).toBeUndefined();
    expect(shapeOf("const a = /x+/g;\n")).toBeUndefined();
    expect(shapeOf("const a = b / c;\n")).toBeUndefined();
    expect(shapeOf("const a = `plain`;\n")).toBeDefined();
  });

  it("derives nothing when the printed text does not line up with its source", () => {
    const a = shapeOf(`f("Alpha");\n`)!;
    const b = shapeOf(`f("Gamma");\n`)!;
    expect(instantiate(`f('Alpha');\n`, a, b)).toBe(`f('Gamma');\n`);
    expect(instantiate(`f("Alpha", x);\n`, a, b)).toBeUndefined();
    expect(instantiate(`f("Alphb");\n`, a, b)).toBeUndefined();
    // A comment that left its own line would weigh on the line it joined: its width is not in the shape.
    const c = shapeOf(`/* one */\nx = 1;\n`)!;
    const d = shapeOf(`/* a longer one */\nx = 1;\n`)!;
    expect(c.key).toBe(d.key);
    expect(instantiate(`/* one */\nx = 1;\n`, c, d)).toBe(`/* a longer one */\nx = 1;\n`);
    expect(instantiate(`/* one */ x = 1;\n`, c, d)).toBeUndefined();
    expect(instantiate(`g("Alpha");\n`, a, b)).toBeUndefined();
  });
});

describe("formatting once per shape", () => {
  it("formats two files of a group of twins and derives the rest, exactly as Prettier prints them", async () => {
    const tools = equalLength(12, 18).map((name) => ({ name, description: `Does ${name} things.` }));
    const files = perToolFiles(project.root, "aorp", true, tools);
    expect(files.size).toBe(24);
    const recording = recordingPrettier();
    const out = await createFormatter({ enabled: true, loadPrettier: async () => recording.api }).format(files);
    expect(out).toEqual(await direct(files, {}));
    // Two groups (formatter modules, guidance stubs), two files formatted in each.
    expect(recording.formatted).toHaveLength(4);
  });

  it("formats every file itself when a group's second file does not come out as derived", async () => {
    const files = perToolFiles(project.root, "aop", false, equalLength(5, 12).map((name) => ({ name, description: null })));
    const recording = recordingPrettier();
    const second = [...files.keys()].sort()[1]!;
    // A Prettier whose output for one file is not what the shape predicts (as a plugin might do).
    const odd: PrettierApi = { ...recording.api, format: async (source, options) => `${await recording.api.format(source, options)}${options["filepath"] === second ? "// odd\n" : ""}` };
    const out = await createFormatter({ enabled: true, loadPrettier: async () => odd }).format(files);
    expect(recording.formatted.sort()).toEqual([...files.keys()].sort());
    expect(out.get(second)).toMatch(/\/\/ odd\n$/);
  });

  it("never uses shapes with plugins in the options", async () => {
    await put(project.root, ".prettierrc", JSON.stringify({ plugins: [] , semi: false }));
    const files = perToolFiles(project.root, "acor", false, equalLength(4, 10).map((name) => ({ name, description: null })));
    const recording = recordingPrettier();
    await createFormatter({ enabled: true, loadPrettier: async () => recording.api }).format(files);
    expect(recording.formatted.length).toBeLessThan(files.size); // empty list: no plugin, shapes are used

    await put(project.root, ".prettierrc", JSON.stringify({ plugins: ["./no-such-plugin.mjs"], semi: false }));
    const withPlugin = recordingPrettier();
    const plugged: PrettierApi = { ...withPlugin.api, format: async (source, options) => withPlugin.api.format(source, { ...options, plugins: [] }) };
    await createFormatter({ enabled: true, loadPrettier: async () => plugged }).format(files);
    expect(withPlugin.formatted).toHaveLength(files.size);
  });

  const protocols: [ProtocolId, boolean][] = [["aorp", false], ["aorp", true], ["aop", false], ["smart-v2", true], ["acor", false], ["guidance", false]];
  const prettierOptions = fc.record(
    {
      printWidth: fc.constantFrom(30, 50, 80, 100, 140),
      tabWidth: fc.constantFrom(2, 4),
      useTabs: fc.boolean(),
      semi: fc.boolean(),
      singleQuote: fc.boolean(),
      trailingComma: fc.constantFrom("all", "es5", "none"),
      bracketSpacing: fc.boolean(),
      quoteProps: fc.constantFrom("as-needed", "consistent", "preserve"),
      arrowParens: fc.constantFrom("always", "avoid"),
      endOfLine: fc.constantFrom("lf", "crlf"),
    },
    { requiredKeys: [] },
  );
  // Tool names of a few widths so that groups form; some are not identifiers (`-`, `.`).
  const toolName = fc
    .tuple(fc.constantFrom(9, 23), fc.stringMatching(/^[a-z][a-z0-9_]{0,30}$/), fc.constantFrom("", "", "-x", ".v"))
    .map(([width, stem, suffix]) => `${stem.padEnd(width, "q").slice(0, width)}${suffix}`);
  const description = fc.option(fc.stringMatching(/^[A-Za-z0-9 ,.:;'"`()éß—-]{1,120}(\n[A-Za-z0-9 ,.'"]{1,60})?$/), { nil: null });

  for (const [protocol, guidance] of protocols) {
    it(`prints every per-tool file exactly as Prettier does (${protocol}${guidance ? " + guidance" : ""}, random names, descriptions and options)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(fc.record({ name: toolName, description }), { minLength: 3, maxLength: 8, selector: (t) => t.name.replace(/[^a-z0-9]/g, "") }), prettierOptions, async (tools, options) => {
          await put(project.root, ".prettierrc", JSON.stringify(options));
          const files = perToolFiles(project.root, protocol, guidance, tools);
          const out = await createFormatter({ enabled: true }).format(files);
          const expected = await direct(files, options);
          for (const [path, text] of expected) expect(out.get(path), path).toBe(text);
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  }
});
