import * as prettier from "prettier";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { instantiate, shapeOf } from "../../src/write/format-by-shape.js";
import { resolveGenerateConfig } from "../../src/commands/resolve-generate-config.js";
import { shapesAllowed } from "../../src/generate/config.js";
import { createFormatter, fixedPrettier, type PrettierApi } from "../../src/write/format.js";
import { put, tempProject } from "./helpers.js";
import { direct, perToolFiles, shapeProperties } from "./shape-properties.js";

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

const equalLength = (count: number, length: number): string[] =>
  Array.from({ length: count }, (_, i) => `t${String(i).padStart(2, "0")}_${"abcdefghijklmnopqrstuvwxyz"[i]!.repeat(length - 4)}`);

describe("shapeOf", () => {
  const source = (name: string, comment = "// about it") =>
    `${comment}\nexport function format${name}(a: Payload): Result<"${name}"> {\n  return build("${name}", a);\n}\n`;

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
    // names Prettier 3.10 reads that earlier shapes did not keep: hooks, a Boolean callee in a logical expression
    expect(key(`beforeEach(inject(f));\n`)).not.toBe(key(`beforeXach(injext(f));\n`));
    expect(key(`x = Boolean(a && b && c);\n`)).not.toBe(key(`x = Boolexn(a && b && c);\n`));
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
  // 10 random cases per protocol here; format-by-shape.full.test.ts runs 40.
  shapeProperties(prettier, () => project.root, 4);

  it("formats two files of a group of twins and derives the rest, exactly as Prettier prints them", async () => {
    const tools = equalLength(12, 18).map((name) => ({ name, description: `Does ${name} things.` }));
    const files = perToolFiles(project.root, "aorp", true, tools);
    expect(files.size).toBe(24);
    const recording = recordingPrettier();
    const out = await createFormatter({ enabled: true, loadPrettier: fixedPrettier(recording.api) }).format(files);
    expect(out).toEqual(await direct(files, {}));
    // Two groups (formatter modules, guidance stubs), two files formatted in each.
    expect(recording.formatted).toHaveLength(4);
  });

  it("formats every file itself when a group's second file does not come out as derived", async () => {
    const files = perToolFiles(
      project.root,
      "aop",
      false,
      equalLength(5, 12).map((name) => ({ name, description: null })),
    );
    const recording = recordingPrettier();
    const second = [...files.keys()].sort()[1]!;
    // A Prettier whose output for one file is not what the shape predicts (as a plugin might do).
    const odd: PrettierApi = {
      ...recording.api,
      format: async (source, options) => `${await recording.api.format(source, options)}${options["filepath"] === second ? "// odd\n" : ""}`,
    };
    const out = await createFormatter({ enabled: true, loadPrettier: fixedPrettier(odd) }).format(files);
    expect(recording.formatted.sort()).toEqual([...files.keys()].sort());
    expect(out.get(second)).toMatch(/\/\/ odd\n$/);
  });

  it("never uses shapes with plugins in the options", async () => {
    await put(project.root, ".prettierrc", JSON.stringify({ plugins: [], semi: false }));
    const files = perToolFiles(
      project.root,
      "acor",
      false,
      equalLength(4, 10).map((name) => ({ name, description: null })),
    );
    const recording = recordingPrettier();
    await createFormatter({ enabled: true, loadPrettier: fixedPrettier(recording.api) }).format(files);
    expect(recording.formatted.length).toBeLessThan(files.size); // empty list: no plugin, shapes are used

    await put(project.root, ".prettierrc", JSON.stringify({ plugins: ["./no-such-plugin.mjs"], semi: false }));
    const withPlugin = recordingPrettier();
    const plugged: PrettierApi = { ...withPlugin.api, format: async (source, options) => withPlugin.api.format(source, { ...options, plugins: [] }) };
    await createFormatter({ enabled: true, loadPrettier: fixedPrettier(plugged) }).format(files);
    expect(withPlugin.formatted).toHaveLength(files.size);
  });

  it("derives nothing when shapes are turned off (format.byShape: false, or a templates.dir)", async () => {
    const files = perToolFiles(
      project.root,
      "aorp",
      false,
      equalLength(6, 12).map((name) => ({ name, description: null })),
    );
    const recording = recordingPrettier();
    const out = await createFormatter({ enabled: true, byShape: false, loadPrettier: fixedPrettier(recording.api) }).format(files);
    expect(recording.formatted.sort()).toEqual([...files.keys()].sort());
    expect(out).toEqual(await direct(files, {}));
    expect(shapesAllowed({ protocol: "aorp", guidance: false, outputDir: "out", guidanceDir: "g" })).toBe(true);
    expect(shapesAllowed({ protocol: "aorp", guidance: false, outputDir: "out", guidanceDir: "g", templatesDir: "/t" })).toBe(false);
    expect(shapesAllowed({ protocol: "aorp", guidance: false, outputDir: "out", guidanceDir: "g", templatesDir: "/t", formatByShape: true })).toBe(true);
    expect(resolveGenerateConfig({}, { protocol: "aorp", format: { byShape: false } }, null, project.root).formatByShape).toBe(false);
  });

  it("derives nothing with a Prettier version the property test does not cover", async () => {
    const files = perToolFiles(
      project.root,
      "aorp",
      false,
      equalLength(6, 12).map((name) => ({ name, description: null })),
    );
    const recording = recordingPrettier();
    await createFormatter({ enabled: true, loadPrettier: fixedPrettier({ ...recording.api, version: "3.5.0" }) }).format(files);
    expect(recording.formatted.sort()).toEqual([...files.keys()].sort());
  });
});
