import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

const scratch: string[] = [];

export function cleanScratch(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** An empty folder under .tmp/ (inside the repo, so a project's imports resolve to our node_modules), removed by cleanScratch. */
export function scratchDir(): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "check-"));
  scratch.push(parent);
  return parent;
}

/** A copy of a fixture under .tmp/ (inside the repo, so its imports resolve to our node_modules). */
export function copyFixture(name: string): string {
  const dir = join(scratchDir(), "project");
  cpSync(join(fixturesRoot, name), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  return dir;
}

/** Copy, then generate into the copy, as a user would before `check`. */
export async function generatedCopy(name: string, protocolArgs: string[] = []): Promise<string> {
  const dir = copyFixture(name);
  const run = await runCli(["generate", "--no-format", ...protocolArgs], { cwd: dir });
  if (run.exitCode !== 0) throw new Error(`generate failed in ${dir}: ${run.stderr}`);
  return dir;
}
