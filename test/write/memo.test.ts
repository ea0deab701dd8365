import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { nodeWriteFs, type WriteFs } from "../../src/write/fs.js";
import { createFormatter, WriteMemo, writeGeneratedOutput, type WriteOptions } from "../../src/write/index.js";
import { generatedTs, tempProject, tree, generatedFiles } from "./helpers.js";

/**
 * The memo `generate --watch` keeps across writes (src/write/memo.ts) spares reading and hashing
 * again what cannot have changed; what changed behind its back is still seen as a cold run sees it.
 */
const OUT = "src/generated/mcp-conform";

let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
});

/** The real file system, counting the files read. */
function countingFs(): WriteFs & { reads: string[] } {
  const reads: string[] = [];
  return {
    ...nodeWriteFs,
    reads,
    readFile: async (path) => {
      reads.push(path);
      return nodeWriteFs.readFile(path);
    },
  };
}

describe("WriteMemo (generate --watch)", () => {
  const memo = () => new WriteMemo();
  // One formatter across the runs, as watch mode keeps one.
  const formatter = createFormatter({ enabled: true, byShape: true });
  const options = (generated: Map<string, string>, extra: Partial<WriteOptions>): WriteOptions & { mode: "write" } => ({
    projectRoot: project.root,
    outputDir: OUT,
    generated,
    scaffolded: new Map(),
    format: true,
    cache: false,
    formatter,
    ...extra,
    mode: "write",
  });

  it("reads an output file again only once its stat changed", async () => {
    const kept = memo();
    const fs = countingFs();
    const first = await writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept, fs }));
    expect(first.written).toEqual([`${OUT}/a.ts`, `${OUT}/b.ts`]);
    const second = await writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept, fs }));
    expect(second.unchanged).toEqual([`${OUT}/a.ts`, `${OUT}/b.ts`]);
    // Written by the first run: read by the second (their stat changed), then never again.
    const reads = fs.reads.length;
    const third = await writeGeneratedOutput(
      options(new Map([...generatedFiles("a"), ["b.ts", generatedTs("b", "export const more = 1\n")]]), { memo: kept, fs }),
    );
    expect(third.written).toEqual([`${OUT}/b.ts`]);
    expect(third.unchanged).toEqual([`${OUT}/a.ts`]);
    expect(fs.reads.length).toBe(reads);
  });

  it("rewrites a generated file edited behind its back, as a run without the memo does", async () => {
    const kept = memo();
    await writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept }));
    await writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept }));
    const expected = await tree(join(project.root, OUT));
    const path = join(project.root, OUT, "a.ts");
    await writeFile(path, `${expected.get("a.ts")!}// edited by hand\n`);
    const run = await writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept }));
    expect(run.written).toEqual([`${OUT}/a.ts`]);
    expect(await tree(join(project.root, OUT))).toEqual(expected);
  });

  it("refuses, as ever, a file in the output folder that is no longer ours", async () => {
    const kept = memo();
    await writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept }));
    const path = join(project.root, OUT, "a.ts");
    await writeFile(path, "export const mine = 1;\n");
    await expect(writeGeneratedOutput(options(generatedFiles("a", "b"), { memo: kept }))).rejects.toThrow(InputError);
    expect((await tree(join(project.root, OUT))).get("a.ts")).toBe("export const mine = 1;\n");
  });
});
