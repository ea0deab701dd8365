import { rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runStatePath } from "../../src/incremental/run-state.js";
import { cleanScratch, copyFixture } from "../check/helpers.js";
import { fixturesRoot } from "../helpers/fixtures.js";
import { COMPILERS_AND_PRETTIER, runReportingPackages } from "../helpers/packages-loaded-by-run.js";

afterAll(cleanScratch);

/** What runs on a project load (startup.test.ts holds the commands that need none). */
describe("start-up of the commands that read a project", () => {
  // A prebuild step runs `generate` on every build: with nothing changed it answers from the last
  // run's stamps (src/incremental/stamps.ts), without a compiler.
  it("generate with nothing changed since the last run loads no compiler and no Prettier", async () => {
    const project = copyFixture("styles/tool-object");
    const args = ["generate", "--protocol", "aorp", "--project", project];
    const first = await runReportingPackages(args);
    expect(first.loaded).toContain("prettier");
    const again = await runReportingPackages(args);
    expect(again.stderr.trim()).toBe("");
    expect(again.loaded.filter((name) => COMPILERS_AND_PRETTIER.includes(name))).toEqual([]);
    const checked = await runReportingPackages([...args, "--check"]);
    expect(checked.loaded.filter((name) => COMPILERS_AND_PRETTIER.includes(name))).toEqual([]);
  });
  // CI checks a fresh clone: no record of the last generate, output laid out by Prettier. Output
  // that differs from the unformatted text in layout only is fresh without formatting anything.
  it("check of formatted output on a fresh clone (no record of the last run) loads no Prettier", async () => {
    const project = copyFixture("check/conforming");
    expect((await runReportingPackages(["generate"], project)).loaded).toContain("prettier");
    rmSync(runStatePath(project, join(project, "tsconfig.json"))!);
    const checked = await runReportingPackages(["check"], project);
    expect(checked.stderr.trim()).toBe("");
    expect(checked.loaded).toContain("@ts-morph/common");
    expect(checked.loaded).not.toContain("prettier");
  });
  it("a TypeScript 6 project's analysis loads TypeScript 6 only; --engine ts7 loads TypeScript 7, which says nothing on stderr", async () => {
    const project = join(fixturesRoot, "styles", "tool-object");
    const six = await runReportingPackages(["analyze", "--project", project]);
    // TypeScript 6 as @ts-morph/common bundles it; ts-morph itself only edits (migrate) or serves the editor plugin.
    expect(six.loaded).toContain("@ts-morph/common");
    expect(six.loaded).not.toContain("ts-morph");
    expect(six.loaded).not.toContain("typescript7");
    const seven = await runReportingPackages(["analyze", "--engine", "ts7", "--project", project]);
    expect(seven.loaded).toContain("typescript7");
    // TypeScript 6's numbers come from analyze/engine/ts6-enums.generated.ts: loading it would cost about 0.2 s.
    expect(seven.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
    // tsgo shares our stderr: stopping it must not print ("context canceled").
    expect(seven.stderr).toBe(six.stderr);
  });

  it("generate and check on the TypeScript 7 engine load no TypeScript 6, check on a fresh clone too", async () => {
    const project = copyFixture("check/conforming");
    const generated = await runReportingPackages(["generate", "--engine", "ts7"], project);
    expect(generated.stderr).not.toContain("error");
    // The record of the run reads the tsconfig with TypeScript 7 too (incremental/tsconfig-inputs.ts).
    expect(generated.loaded).toContain("typescript7");
    expect(generated.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
    rmSync(runStatePath(project, join(project, "tsconfig.json"))!);
    const checked = await runReportingPackages(["check", "--engine", "ts7"], project);
    expect(checked.stderr.trim()).toBe("");
    expect(checked.loaded).toContain("typescript7");
    expect(checked.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
  });

  it("check on the TypeScript 7 engine loads no TypeScript 6 where the record of the last generate is read again (its stamps changed, not the sources)", async () => {
    const project = copyFixture("check/conforming");
    expect((await runReportingPackages(["generate", "--engine", "ts7"], project)).stderr).not.toContain("error");
    // A checkout or a restored cache: every stamp differs, the content does not, so the record is
    // checked against the tsconfig's files, which the engine's compiler reads.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(project, "src", "server.ts"), later, later);
    const checked = await runReportingPackages(["check", "--engine", "ts7"], project);
    expect(checked.stderr.trim()).toBe("");
    expect(checked.loaded).toContain("typescript7");
    expect(checked.loaded.filter((name) => ["ts-morph", "@ts-morph/common", "typescript"].includes(name))).toEqual([]);
  });
});
