import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { ts7HeadStartCounts } from "../../src/analyze/engine/ts7-head-start.js";
import { isGeneratedFile } from "../../src/write/header.js";
import { runCli } from "../helpers/run-cli.js";
import { sources, tscProject } from "../migrate/helpers.js";
import type { WireBlock } from "./harness.js";

/**
 * What the wire matrices check of `migrate --write` and `check` on their own migrated copies (each
 * fixture and variant is migrated once, for the wire and for these): the copies are migrated with
 * `--no-format`, so these compare what formatting leaves alone.
 */

export interface CheckReport {
  tools: { name: string; conforms: boolean; guidance: string; placeholders: string[]; problems: { code: string; message: string }[] }[];
}

export async function checkReport(dir: string, ...args: string[]): Promise<{ exitCode: number; report: CheckReport }> {
  const check = await runCli(["check", ...args, "--format", "json"], { cwd: dir });
  return { exitCode: check.exitCode, report: JSON.parse(check.stdout) as CheckReport };
}

export const codesOf = (report: CheckReport): string[] => report.tools.flatMap((tool) => tool.problems.map((problem) => problem.code));

/** `migrate --write` migrated `count` tools of a variant and tsc passes; run again, it finds nothing to do and changes nothing. */
export async function expectMigratedOnce(block: WireBlock, variant: string, protocol: string, count: number): Promise<string> {
  const { dir, migrateOutput } = block.project(variant);
  expect(migrateOutput).toContain(`${count} tools migrated, 0 skipped`);
  const tsc = tscProject(dir);
  expect(tsc.exitCode, tsc.output).toBe(0);
  const after = sources(dir);
  const again = await runCli(["migrate", "--protocol", protocol, "--write", "--force", "--no-format"], { cwd: dir });
  expect(again.exitCode, again.stderr).toBe(0);
  expect(again.stdout).toContain(`0 tools migrated, 0 skipped, ${count} already on the formatters`);
  expect(sources(dir)).toEqual(after);
  return dir;
}

/**
 * The output a variant's servers answered the clients with is what the TypeScript 7 engine writes
 * through the command line (its compiler started ahead, ts7-head-start.ts): the generated files are
 * removed and `generate --engine ts7` writes them again, byte for byte. (migrate runs on TypeScript 6.)
 */
export async function expectTs7EngineWritesTheSame(block: WireBlock, variant: string): Promise<void> {
  const { dir } = block.project(variant);
  const served = sources(dir);
  const generated = [...served].filter(([, text]) => isGeneratedFile(text)).map(([path]) => path);
  expect(generated.length).toBeGreaterThan(3);
  for (const path of generated) rmSync(join(dir, path));
  const before = ts7HeadStartCounts();
  const run = await runCli(["generate", "--engine", "ts7", "--no-format"], { cwd: dir });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(ts7HeadStartCounts().adopted - before.adopted).toBe(1);
  expect(sources(dir)).toEqual(served);
}
