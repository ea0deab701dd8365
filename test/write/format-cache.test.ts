import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CheckOutcome, FormatCache, writeGeneratedOutput, type WriteOptions, type WriteOutcome } from "../../src/write/index.js";
import { countingPrettier, generatedTs, put, tempProject, tree, generatedFiles } from "./helpers.js";

const OUT = "src/generated/mcp-conform";

let project: Awaited<ReturnType<typeof tempProject>>;
let cacheDir: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
  cacheDir = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
  await cacheDir.cleanup();
});

async function run<M extends "write" | "check">(
  mode: M,
  generated: Map<string, string>,
  prettier = countingPrettier(),
  extra: Partial<WriteOptions> = {},
): Promise<M extends "write" ? WriteOutcome : CheckOutcome> {
  return (await writeGeneratedOutput({
    projectRoot: project.root,
    outputDir: OUT,
    generated,
    scaffolded: new Map(),
    format: true,
    cache: FormatCache.inDir(cacheDir.root),
    loadPrettier: () => prettier.load(),
    ...extra,
    mode,
  })) as M extends "write" ? WriteOutcome : CheckOutcome;
}

const cacheFile = () => join(cacheDir.root, "format-cache.json");
const cacheEntries = async () => Object.keys((JSON.parse(await readFile(cacheFile(), "utf8")) as { entries: object }).entries).length;

describe("format cache", () => {
  it("lets an unchanged run format nothing, write nothing and still check fresh", async () => {
    await run("write", generatedFiles("a", "b", "c"));
    const warm = countingPrettier();
    const second = await run("write", generatedFiles("a", "b", "c"), warm);
    expect(second.written).toEqual([]);
    expect(second.unchanged).toHaveLength(3);
    expect(warm.formats).toEqual([]);
    const checking = countingPrettier();
    expect((await run("check", generatedFiles("a", "b", "c"), checking)).stale).toEqual([]);
    expect(checking.formats).toEqual([]);
  });

  it("formats only the inputs that changed", async () => {
    await run("write", generatedFiles("a", "b", "c"));
    const prettier = countingPrettier();
    const changed = new Map([...generatedFiles("a", "c"), ["b.ts", generatedTs("b", "export const v = 2\n")]]);
    const result = await run("write", changed, prettier);
    expect(result.written).toEqual([`${OUT}/b.ts`]);
    expect(prettier.formats).toEqual([join(project.root, OUT, "b.ts")]);
  });

  it("never hides a hand edit: a file that differs from the remembered output is formatted and compared", async () => {
    await run("write", generatedFiles("a"));
    const path = `${OUT}/a.ts`;
    await put(project.root, path, (await tree(project.root)).get(path)!.replace("keyInsight: options", "keyInsight:   options"));
    const result = await run("check", generatedFiles("a"));
    expect(result.stale.map((file) => file.path)).toEqual([path]);
    expect(result.stale[0]!.diff).toContain("-      keyInsight:   options.keyInsight,\n+      keyInsight: options.keyInsight,");
  });

  it("is keyed by the Prettier config: changing it makes the output stale", async () => {
    await run("write", generatedFiles("a"));
    await put(project.root, ".prettierrc", JSON.stringify({ printWidth: 60, semi: false }));
    expect((await run("check", generatedFiles("a"))).stale.map((file) => file.kind)).toEqual(["changed"]);
    await run("write", generatedFiles("a"));
    expect((await run("check", generatedFiles("a"))).stale).toEqual([]);
  });

  it("survives a corrupt cache file by formatting everything", async () => {
    await run("write", generatedFiles("a"));
    await put(cacheDir.root, "format-cache.json", "{ nope");
    const prettier = countingPrettier();
    expect((await run("write", generatedFiles("a"), prettier)).written).toEqual([]);
    expect(prettier.formats).toHaveLength(1);
  });

  it("keeps only the entries of the last write, and check never writes it", async () => {
    await run("write", generatedFiles("a", "b", "c"));
    expect(await cacheEntries()).toBe(3);
    await run("write", generatedFiles("a"));
    expect(await cacheEntries()).toBe(1);
    const before = await readFile(cacheFile(), "utf8");
    await run("check", generatedFiles("x", "y"));
    expect(await readFile(cacheFile(), "utf8")).toBe(before);
  });

  it("is not used with --no-format", async () => {
    await run("write", generatedFiles("a"), countingPrettier(), { format: false });
    await expect(readFile(cacheFile(), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("defaults to node_modules/.cache/mcp-conform of the nearest node_modules", async () => {
    await put(project.root, "node_modules/.keep", "");
    await put(project.root, "packages/server/tsconfig.json", "{}");
    expect(FormatCache.forProject(join(project.root, "packages/server"))?.file).toBe(join(project.root, "node_modules/.cache/mcp-conform/format-cache.json"));
  });
});
