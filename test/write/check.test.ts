import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { generatedJsonComment, writeGeneratedOutput, type WriteOptions } from "../../src/write/index.js";
import { generatedFiles, put, tempProject, tree } from "./helpers.js";

const OUT = "src/generated/mcp-conform";

let project: Awaited<ReturnType<typeof tempProject>>;
beforeEach(async () => {
  project = await tempProject();
});
afterEach(async () => {
  await project.cleanup();
});

function base(generated: Map<string, string>, extra: Partial<WriteOptions> = {}) {
  return { projectRoot: project.root, outputDir: OUT, generated, scaffolded: new Map<string, string>(), format: true, cache: false as const, ...extra };
}

const write = (generated: Map<string, string>, extra: Partial<WriteOptions> = {}) => writeGeneratedOutput({ ...base(generated, extra), mode: "write" });
const check = (generated: Map<string, string>, extra: Partial<WriteOptions> = {}) => writeGeneratedOutput({ ...base(generated, extra), mode: "check" });

describe("writeGeneratedOutput (check)", () => {
  it("is fresh right after a write", async () => {
    await write(generatedFiles("a", "b"));
    const result = await check(generatedFiles("a", "b"));
    expect(result.stale).toEqual([]);
    expect(result.fresh).toEqual([`${OUT}/a.ts`, `${OUT}/b.ts`]);
    expect(result.summary()).toBe("generated output is fresh: 2 files up to date");
  });

  it("lists changed, missing and stale files with unified diffs, and writes nothing", async () => {
    await write(generatedFiles("a", "b", "gone"));
    await put(project.root, `${OUT}/a.ts`, (await tree(join(project.root, OUT))).get("a.ts")!.replace('text: "a"', 'text: "edited by hand"'));
    const before = await tree(project.root);

    const result = await check(new Map([...generatedFiles("a", "b", "new")]), {
      scaffolded: new Map([["src/guidance/a.ts", "// mcp-conform:scaffolded\nexport const a = 1;\n"]]),
    });
    expect(result.stale.map((file) => [file.path, file.kind])).toEqual([
      [`${OUT}/a.ts`, "changed"],
      [`${OUT}/gone.ts`, "stale"],
      [`${OUT}/new.ts`, "missing"],
      ["src/guidance/a.ts", "scaffold-missing"],
    ]);
    expect(result.stale[0]!.diff).toBe(
      [
        `--- a/${OUT}/a.ts`,
        `+++ b/${OUT}/a.ts`,
        "@@ -11,7 +11,7 @@",
        "       payload,",
        "       keyInsight: options.keyInsight,",
        "       nextSteps: options.nextSteps ?? [],",
        "     },",
        '-    content: [{ type: "text" as const, text: "edited by hand" }],',
        '+    content: [{ type: "text" as const, text: "a" }],',
        "   };",
        " }",
        "",
      ].join("\n"),
    );
    expect(result.stale[1]!.diff).toMatch(/^-export function format_gone\(/m);
    expect(result.stale[2]!.diff).toMatch(/^\+export function format_new\(/m);
    expect(result.summary()).toBe(`generated output is stale: 4 files would change (${OUT}/a.ts, ${OUT}/gone.ts, ${OUT}/new.ts, src/guidance/a.ts)`);
    expect(result.report()).toContain(`${OUT}/a.ts (changed)\n--- a/${OUT}/a.ts`);
    expect(await tree(project.root)).toEqual(before);
  });

  it("is stale when nothing was generated yet", async () => {
    const result = await check(generatedFiles("a"));
    expect(result.stale.map((file) => file.kind)).toEqual(["missing"]);
    expect(await tree(project.root)).toEqual(new Map());
  });

  it("is never falsely stale with a user's Prettier config that differs from the defaults", async () => {
    await put(project.root, ".prettierrc", JSON.stringify({ semi: false, singleQuote: true, printWidth: 60 }));
    await put(project.root, ".editorconfig", "root = true\n[*.ts]\nindent_size = 4\n");
    const generated = new Map([
      ...generatedFiles("a", "nested/b"),
      ["schema.json", `{"$comment":${JSON.stringify(generatedJsonComment())},"type":"object","properties":{"a":{"type":"string"}}}`],
    ]);
    await write(generated);
    const text = (await tree(join(project.root, OUT))).get("a.ts")!;
    expect(text).toContain(`import type { Payload } from '../payload.js'\n`);
    expect(text).toContain("\n    payload: Payload,");
    expect((await check(generated)).stale).toEqual([]);
    expect((await write(generated)).written).toEqual([]);
  });

  it("is stale when the user's Prettier config changed since the last write", async () => {
    await write(generatedFiles("a"));
    await put(project.root, ".prettierrc", JSON.stringify({ semi: false }));
    const result = await check(generatedFiles("a"));
    expect(result.stale.map((file) => file.kind)).toEqual(["changed"]);
  });

  it("accepts a CRLF checkout only when the user's endOfLine is auto", async () => {
    await write(generatedFiles("a"));
    const path = `${OUT}/a.ts`;
    const lf = (await tree(project.root)).get(path)!;
    await put(project.root, path, lf.replace(/\n/g, "\r\n"));
    expect((await check(generatedFiles("a"))).stale.map((file) => file.path)).toEqual([path]);
    await put(project.root, ".prettierrc", JSON.stringify({ endOfLine: "auto" }));
    expect((await check(generatedFiles("a"))).stale).toEqual([]);
    expect((await write(generatedFiles("a"))).written).toEqual([]);
  });

  it("with --no-format compares the rendered text byte for byte", async () => {
    await write(generatedFiles("a"), { format: false });
    expect((await check(generatedFiles("a"), { format: false })).stale).toEqual([]);
    expect((await check(generatedFiles("a"))).stale.map((file) => file.kind)).toEqual(["changed"]);
  });

  it("fails with exit 2, not 'stale', when a user's file sits in the output folder", async () => {
    await write(generatedFiles("a"));
    await put(project.root, `${OUT}/notes.md`, "mine\n");
    await expect(check(generatedFiles("a"))).rejects.toBeInstanceOf(InputError);
  });
});
