import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { createFormatter, formatFiles, parserFor } from "../../src/write/format.js";
import { countingPrettier, generatedTs, put, tempProject } from "./helpers.js";

let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
});

describe("formatFiles", () => {
  it("formats with Prettier defaults when the project has no config", async () => {
    const file = join(project.root, "src/gen/a.ts");
    const out = await formatFiles(new Map([[file, generatedTs("a")]]), { enabled: true });
    const text = out.get(file)!;
    expect(text).toContain(`import type { Payload } from "../payload.js";`);
    expect(text).toContain("export function format_a(\n");
  });

  it("honours the user's .prettierrc, overrides included, and .editorconfig", async () => {
    await put(project.root, ".prettierrc", JSON.stringify({ semi: false, singleQuote: true, overrides: [{ files: "b.ts", options: { semi: true } }] }));
    await put(project.root, ".editorconfig", "root = true\n[*]\nindent_style = tab\n");
    const a = join(project.root, "src/gen/a.ts");
    const b = join(project.root, "src/gen/b.ts");
    const out = await formatFiles(
      new Map([
        [a, generatedTs("a")],
        [b, generatedTs("b")],
      ]),
      { enabled: true },
    );
    expect(out.get(a)).toContain(`import type { Payload } from '../payload.js'\n`);
    expect(out.get(a)).toContain("\n\tpayload: Payload,");
    expect(out.get(b)).toContain(`import type { Payload } from '../payload.js';\n`);
  });

  it("honours package.json#prettier", async () => {
    await put(project.root, "package.json", JSON.stringify({ name: "x", prettier: { semi: false } }));
    const file = join(project.root, "a.ts");
    const out = await formatFiles(new Map([[file, "export const a = 1;\n"]]), { enabled: true });
    expect(out.get(file)).toBe("export const a = 1\n");
  });

  it("picks the parser from the extension", async () => {
    const file = join(project.root, "schema.json");
    const out = await formatFiles(new Map([[file, `{"a":1,"b":[1,2]}`]]), { enabled: true });
    expect(out.get(file)).toBe(`{ "a": 1, "b": [1, 2] }\n`);
    expect(parserFor("/x/y.ts")).toBe("typescript");
    expect(() => parserFor("/x/y.txt")).toThrow(/y\.txt/);
  });

  it("returns the input untouched when disabled, without loading Prettier", async () => {
    const prettier = countingPrettier();
    const file = join(project.root, "a.ts");
    const out = await formatFiles(new Map([[file, "export  const a=1"]]), { enabled: false, loadPrettier: () => prettier.load() });
    expect(out.get(file)).toBe("export  const a=1");
    expect(prettier.loads).toBe(0);
  });

  it("names the file when a template rendered invalid code (an Error, not an InputError)", async () => {
    const good = join(project.root, "good.ts");
    const bad = join(project.root, "bad.ts");
    const failure = formatFiles(
      new Map([
        [good, "export const a = 1;\n"],
        [bad, "export const = ;\n"],
      ]),
      { enabled: true },
    );
    await expect(failure).rejects.toThrow(/bad\.ts is not valid typescript/);
    await expect(failure).rejects.not.toBeInstanceOf(InputError);
  });

  it("reports an unreadable Prettier config as an InputError", async () => {
    await put(project.root, ".prettierrc", "{ not json");
    const failure = formatFiles(new Map([[join(project.root, "a.ts"), "export const a = 1;\n"]]), { enabled: true });
    await expect(failure).rejects.toBeInstanceOf(InputError);
  });

  it("imports Prettier once per formatter, however many files and calls", async () => {
    const prettier = countingPrettier();
    const formatter = createFormatter({ enabled: true, loadPrettier: () => prettier.load() });
    const files = new Map(Array.from({ length: 20 }, (_, i) => [join(project.root, `f${i}.ts`), generatedTs(`f${i}`)] as const));
    for (const path of files.keys()) await formatter.resolve(path);
    await formatter.format(files);
    expect(prettier.loads).toBe(1);
    expect(prettier.resolves).toBe(20);
    // f0..f9 and f10..f19 are two shapes of ten twins: Prettier formats two of each (format-by-shape.ts).
    expect(prettier.formats).toHaveLength(4);
  });

  it("gives equal format keys for equal configs and different keys for different ones", async () => {
    await put(project.root, "x/.prettierrc", JSON.stringify({ semi: false, printWidth: 60 }));
    await put(project.root, "y/.prettierrc", JSON.stringify({ printWidth: 60, semi: false }));
    await put(project.root, "z/.prettierrc", JSON.stringify({ semi: true, endOfLine: "auto" }));
    const formatter = createFormatter({ enabled: true });
    const [x, y, z] = await Promise.all(["x", "y", "z"].map((dir) => formatter.resolve(join(project.root, dir, "a.ts"))));
    expect(x!.key).toBe(y!.key);
    expect(x!.key).not.toBe(z!.key);
    expect(x!.endOfLineAuto).toBe(false);
    expect(z!.endOfLineAuto).toBe(true);
  });
});
