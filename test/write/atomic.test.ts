import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { nodeWriteFs, type WriteFs } from "../../src/write/fs.js";
import { writeGeneratedOutput, type WriteOptions } from "../../src/write/index.js";
import { generatedTs, tempProject, tree } from "./helpers.js";

const OUT = "src/generated/mcp-conform";
/** As root, chmod cannot make a folder read-only: that case is covered through the injected fs. */
const chmodIsEffective = await chmodRestricts();

let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await chmod(join(project.root, OUT), 0o755).catch(() => undefined);
  await project.cleanup();
});

type Op = "writeFile" | "rename" | "unlink" | "mkdir";

/** The real file system, except that the nth matching call of `op` fails with `code`. */
function failingFs(op: Op, matches: (path: string) => boolean, code: string, nth = 1): WriteFs & { calls: number } {
  let seen = 0;
  const fail = (path: string): void => {
    if (matches(path) && ++seen === nth) throw Object.assign(new Error(`${code}: injected failure, ${op} '${path}'`), { code });
  };
  const fs = {
    ...nodeWriteFs,
    calls: 0,
    async writeFile(path: string, content: string) {
      if (op === "writeFile") fail(path);
      return nodeWriteFs.writeFile(path, content);
    },
    async rename(from: string, to: string) {
      if (op === "rename") fail(to);
      return nodeWriteFs.rename(from, to);
    },
    async unlink(path: string) {
      if (op === "unlink") fail(path);
      return nodeWriteFs.unlink(path);
    },
    async mkdir(path: string) {
      if (op === "mkdir") fail(path);
      return nodeWriteFs.mkdir(path);
    },
  };
  return fs;
}

const previous = new Map([
  ["a.ts", generatedTs("a")],
  ["b.ts", generatedTs("b")],
  ["c.ts", generatedTs("c")],
]);
/** Changes a and b, adds sub/deeper/d (new folders), drops c. */
const next = new Map([
  ["a.ts", generatedTs("a", "export const v = 2\n")],
  ["b.ts", generatedTs("b", "export const v = 2\n")],
  ["sub/deeper/d.ts", generatedTs("d")],
]);

function options(generated: Map<string, string>, extra: Partial<WriteOptions> = {}): WriteOptions & { mode: "write" } {
  return { projectRoot: project.root, outputDir: OUT, generated, scaffolded: new Map(), format: true, cache: false, ...extra, mode: "write" };
}

async function expectPreviousOutputIntact(before: Map<string, string>): Promise<void> {
  const after = await tree(project.root);
  expect(after).toEqual(before);
  expect([...after.keys()].filter((path) => path.endsWith(".tmp"))).toEqual([]);
}

describe("atomic writes", () => {
  const failures: [string, Op, (path: string) => boolean, number][] = [
    ["writing the second temp file", "writeFile", (path) => path.endsWith(".tmp"), 2],
    ["writing a temp in a new folder", "writeFile", (path) => path.includes("deeper"), 1],
    ["renaming the second file into place", "rename", () => true, 2],
    ["renaming the last file into place", "rename", () => true, 3],
    ["deleting the stale file", "unlink", (path) => path.endsWith("c.ts"), 1],
    ["creating a folder", "mkdir", (path) => path.includes("deeper"), 1],
  ];

  for (const [when, op, matches, nth] of failures) {
    it(`leaves the previous output byte-identical when ${when} fails`, async () => {
      await writeGeneratedOutput(options(previous, { scaffolded: new Map([["src/guidance/a.ts", "// mcp-conform:scaffolded\n"]]) }));
      await writeFile(join(project.root, "src/guidance/a.ts"), "// mine now\n");
      const before = await tree(project.root);

      const run = writeGeneratedOutput(
        options(next, { fs: failingFs(op, matches, "EIO", nth), scaffolded: new Map([["src/guidance/z.ts", "// mcp-conform:scaffolded\n"]]) }),
      );
      await expect(run).rejects.toThrow(/injected failure/);
      await expect(run).rejects.not.toBeInstanceOf(InputError);
      await expectPreviousOutputIntact(before);

      // And the same input then goes through cleanly.
      const retry = await writeGeneratedOutput(options(next));
      expect(retry.written).toEqual([`${OUT}/a.ts`, `${OUT}/b.ts`, `${OUT}/sub/deeper/d.ts`]);
      expect(retry.deleted).toEqual([`${OUT}/c.ts`]);
    });
  }

  it("turns a refusal from the disk (EACCES) into an InputError naming the path, with nothing half-written", async () => {
    await writeGeneratedOutput(options(previous));
    const before = await tree(project.root);
    const run = writeGeneratedOutput(options(next, { fs: failingFs("writeFile", (path) => path.endsWith(".tmp"), "EACCES", 2) }));
    const error = (await run.catch((e: unknown) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe(`cannot write ${OUT}/b.ts: permission denied (EACCES)`);
    await expectPreviousOutputIntact(before);
  });

  it("removes the output folder it created when the very first run fails", async () => {
    const run = writeGeneratedOutput(options(next, { fs: failingFs("rename", () => true, "EROFS", 2) }));
    await expect(run).rejects.toThrow(/read-only file system/);
    expect(await tree(project.root)).toEqual(new Map());
  });

  it.skipIf(!chmodIsEffective)("reports a read-only output folder as an InputError with its path, nothing written", async () => {
    await writeGeneratedOutput(options(previous));
    const before = await tree(project.root);
    await chmod(join(project.root, OUT), 0o555);
    const run = writeGeneratedOutput(options(next));
    const error = (await run.catch((e: unknown) => e)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toContain(OUT);
    await chmod(join(project.root, OUT), 0o755);
    await expectPreviousOutputIntact(before);
  });
});

/** False when running as root (or on a file system where modes do not apply). */
async function chmodRestricts(): Promise<boolean> {
  const probe = await tempProject();
  try {
    const dir = join(probe.root, "ro");
    await mkdir(dir);
    await chmod(dir, 0o555);
    try {
      await writeFile(join(dir, "x"), "x");
      return false;
    } catch {
      return true;
    } finally {
      await chmod(dir, 0o755);
    }
  } finally {
    await probe.cleanup();
  }
}
