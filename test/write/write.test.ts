import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { generatedHeader, generatedJsonComment, writeGeneratedOutput, type WriteOptions } from "../../src/write/index.js";
import { countingPrettier, generatedTs, put, tempProject, tree, generatedFiles } from "./helpers.js";

const OUT = "src/generated/mcp-conform";

let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
});

function options(generated: Map<string, string>, extra: Partial<WriteOptions> = {}): WriteOptions & { mode: "write" } {
  return { projectRoot: project.root, outputDir: OUT, generated, scaffolded: new Map(), format: true, cache: false, ...extra, mode: "write" };
}

describe("writeGeneratedOutput (write)", () => {
  it("writes formatted files, then a second run writes nothing and says so", async () => {
    const generated = new Map([
      ...generatedFiles("tools", "formatters/get_forecast"),
      ["schemas/get_forecast.json", `{"$comment":${JSON.stringify(generatedJsonComment())},"type":"object"}`],
    ]);
    const first = await writeGeneratedOutput(options(generated));
    expect(first.written).toEqual([`${OUT}/formatters/get_forecast.ts`, `${OUT}/schemas/get_forecast.json`, `${OUT}/tools.ts`]);
    expect(first.summary()).toBe("wrote 3 files, 0 unchanged");
    const onDisk = await tree(join(project.root, OUT));
    expect(onDisk.get("tools.ts")).toContain(`import type { Payload } from "../payload.js";`);
    expect(onDisk.get("tools.ts")!.startsWith(generatedHeader())).toBe(true);

    const second = await writeGeneratedOutput(options(generated));
    expect(second.written).toEqual([]);
    expect(second.unchanged).toHaveLength(3);
    expect(second.summary()).toBe("nothing changed: 0 files written, 3 unchanged");
    expect(await tree(join(project.root, OUT))).toEqual(onDisk);
  });

  it("is deterministic: the same input gives identical bytes in two fresh projects", async () => {
    const generated = generatedFiles("a", "b", "nested/c");
    await writeGeneratedOutput(options(generated));
    const other = await tempProject();
    try {
      await writeGeneratedOutput({ ...options(generated), projectRoot: other.root });
      expect(await tree(join(other.root, OUT))).toEqual(await tree(join(project.root, OUT)));
    } finally {
      await other.cleanup();
    }
  });

  it("rewrites only the files whose content changed", async () => {
    await writeGeneratedOutput(options(generatedFiles("a", "b", "c")));
    const changed = new Map([...generatedFiles("a", "c"), ["b.ts", generatedTs("b", "export const extra = 1\n")]]);
    const run = await writeGeneratedOutput(options(changed));
    expect(run.written).toEqual([`${OUT}/b.ts`]);
    expect(run.unchanged).toEqual([`${OUT}/a.ts`, `${OUT}/c.ts`]);
  });

  it("runs Prettier once per run, over the batch", async () => {
    const prettier = countingPrettier();
    await writeGeneratedOutput(options(generatedFiles("a", "b", "c"), { loadPrettier: () => prettier.load() }));
    expect(prettier.loads).toBe(1);
    // a, b and c are twins: two are formatted, the third is derived from the first (format-by-shape.ts).
    expect(prettier.formats).toHaveLength(2);
    await writeGeneratedOutput(options(generatedFiles("a", "b", "c"), { loadPrettier: () => prettier.load() }));
    expect(prettier.loads).toBe(2);
  });

  it("--no-format writes the rendered text as it is, and is idempotent", async () => {
    const prettier = countingPrettier();
    const generated = generatedFiles("a");
    const first = await writeGeneratedOutput(options(generated, { format: false, loadPrettier: () => prettier.load() }));
    expect(first.written).toEqual([`${OUT}/a.ts`]);
    expect((await tree(join(project.root, OUT))).get("a.ts")).toBe(generatedTs("a"));
    const second = await writeGeneratedOutput(options(generated, { format: false }));
    expect(second.written).toEqual([]);
    expect(prettier.loads).toBe(0);
  });

  it("deletes stale generated files (and folders they emptied), never a file without our header", async () => {
    await writeGeneratedOutput(options(generatedFiles("a", "b", "old/c")));
    const run = await writeGeneratedOutput(options(generatedFiles("a")));
    expect(run.deleted).toEqual([`${OUT}/b.ts`, `${OUT}/old/c.ts`]);
    expect(run.summary()).toBe("wrote 0 files, 1 unchanged, deleted 2");
    expect([...(await tree(join(project.root, OUT))).keys()]).toEqual(["a.ts"]);
  });

  it("refuses to run over a user's file in the output folder: exit 2, file named, untouched, nothing written", async () => {
    await writeGeneratedOutput(options(generatedFiles("a", "b")));
    const userFile = "// my notes\nexport const mine = 1;\n";
    await put(project.root, `${OUT}/deep/mine.ts`, userFile);
    const before = await tree(project.root);

    const run = writeGeneratedOutput(options(new Map([...generatedFiles("a", "c"), ["b.ts", generatedTs("b", "export const x = 2\n")]])));
    await expect(run).rejects.toBeInstanceOf(InputError);
    const error = (await run.catch((e: unknown) => e)) as InputError;
    expect(error.exitCode).toBe(2);
    expect(error.format()).toContain(`${OUT}/deep/mine.ts`);
    expect(await tree(project.root)).toEqual(before);
  });

  it("treats a desired path occupied by a folder, or a symbolic link, as a conflict", async () => {
    await put(project.root, `${OUT}/a.ts/keep.txt`, "x");
    await expect(writeGeneratedOutput(options(generatedFiles("a")))).rejects.toThrow(/a\.ts/);
    await project.cleanup();
    project = await tempProject();
    const { symlink } = await import("node:fs/promises");
    await put(project.root, "elsewhere.ts", generatedTs("x"));
    await put(project.root, `${OUT}/a.ts`, generatedTs("a"));
    await symlink(join(project.root, "elsewhere.ts"), join(project.root, OUT, "link.ts"));
    await expect(writeGeneratedOutput(options(generatedFiles("a")))).rejects.toThrow(/link\.ts/);
  });

  it("scaffolds stubs only when absent and never touches them afterwards", async () => {
    const stub = (text: string) => new Map([["src/guidance/get_forecast.ts", `// mcp-conform:scaffolded\nexport const guide = ${JSON.stringify(text)};\n`]]);
    const first = await writeGeneratedOutput(options(generatedFiles("a"), { scaffolded: stub("v1") }));
    expect(first.scaffolded).toEqual(["src/guidance/get_forecast.ts"]);
    expect(first.summary()).toBe("wrote 1 file, 0 unchanged, scaffolded 1");
    const edited = "// my own guidance, marker removed\nexport const guide = 'mine'\n";
    await put(project.root, "src/guidance/get_forecast.ts", edited);
    const second = await writeGeneratedOutput(options(generatedFiles("a"), { scaffolded: stub("v2") }));
    expect(second.scaffolded).toEqual([]);
    expect((await tree(join(project.root, "src/guidance"))).get("get_forecast.ts")).toBe(edited);
  });

  it("rejects a scaffold folder inside the output folder", async () => {
    const inside = new Map([[`${OUT}/guidance/x.ts`, "// mcp-conform:scaffolded\n"]]);
    await expect(writeGeneratedOutput(options(generatedFiles("a"), { scaffolded: inside }))).rejects.toBeInstanceOf(InputError);
  });

  it("rejects generated paths that escape the output folder (a bug in the caller)", async () => {
    await expect(writeGeneratedOutput(options(new Map([["../x.ts", generatedTs("x")]])))).rejects.toThrow(/relative path inside/);
  });

  it("cleans up temp files a killed run left behind", async () => {
    await writeGeneratedOutput(options(generatedFiles("a")));
    await put(project.root, `${OUT}/.a.ts.mcp-conform-99999.tmp`, "half");
    const run = await writeGeneratedOutput(options(generatedFiles("a")));
    expect(run.deleted).toEqual([`${OUT}/.a.ts.mcp-conform-99999.tmp`]);
    expect([...(await tree(join(project.root, OUT))).keys()]).toEqual(["a.ts"]);
  });
});
