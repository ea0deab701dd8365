import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { runStatePath } from "../../src/incremental/run-state.js";
import { cleanScratch, copyFixture } from "../check/helpers.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * Commands load lazily (src/commands/index.ts): the ones that need no project must not pay for a
 * compiler or Prettier at start-up. Each run is a fresh process, since the test process has
 * loaded everything already. It runs the build, as users do: Vitest's global setup made it from
 * the sources before any test ran (test/setup/build-dist.ts), and the sources through tsx would
 * cost every run a second or more of transpiling.
 */
const run = promisify(execFile);
const COMPILERS_AND_PRETTIER = ["prettier", "ts-morph", "@ts-morph/common", "typescript", "typescript7"];

async function packagesLoadedBy(args: string[]): Promise<string[]> {
  return (await runReportingPackages(args)).loaded;
}

/** The packages a run loads, and what else it said on stderr. */
async function runReportingPackages(args: string[], cwd = repoRoot): Promise<{ loaded: string[]; stderr: string }> {
  const script = `import(${JSON.stringify(join(repoRoot, "dist", "cli.js"))}).then(async (cli) => { process.exitCode = await cli.main(${JSON.stringify(args)}); });`;
  const child = await run(process.execPath, ["--import", join(repoRoot, "test", "helpers", "loaded-packages.mjs"), "--input-type=module", "-e", script], {
    cwd,
    encoding: "utf8",
  }).catch((error: { stdout: string; stderr: string }) => error);
  const line = /loaded packages: (.*)$/m.exec(child.stderr)?.[1];
  if (line === undefined) throw new Error(`no report of loaded packages:\n${child.stderr}`);
  return { loaded: JSON.parse(line) as string[], stderr: child.stderr.replace(/^loaded packages: .*$\n?/m, "") };
}

afterAll(cleanScratch);

describe("start-up", () => {
  const example = join(fixturesRoot, "protocols/aorp/examples/analysis-response.json");
  it.each([
    [["--help"]],
    [["--version"]],
    [["schema", "aorp"]],
    [["validate", "--protocol", "aorp", "--tools", "analyze_perspectives", example]],
    [["validate", "--protocol", "aorp", "--no-tools", example]],
  ])("mcp-conform %j loads no compiler and no Prettier", async (args) => {
    const loaded = await packagesLoadedBy(args);
    expect(loaded.filter((name) => COMPILERS_AND_PRETTIER.includes(name))).toEqual([]);
  });

  // Without --tools inside a project, validate reads the tool names from the project's inventory: that analysis is the one compiler it loads.

  it("a command that reads a project does load the compiler (the check above can see one)", async () => {
    const loaded = await packagesLoadedBy(["analyze", "--project", join(fixturesRoot, "styles", "tool-object")]);
    expect(loaded).toContain("ts-morph");
  });

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
    expect(checked.loaded).toContain("ts-morph");
    expect(checked.loaded).not.toContain("prettier");
  });

  it("a TypeScript 6 project's analysis loads TypeScript 6 only; --engine ts7 loads TypeScript 7, which says nothing on stderr", async () => {
    const project = join(fixturesRoot, "styles", "tool-object");
    const six = await runReportingPackages(["analyze", "--project", project]);
    expect(six.loaded).toContain("ts-morph");
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
});
