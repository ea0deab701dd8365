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

/**
 * Each fixture generated once per test process, with the arguments it was generated with: output is
 * byte-identical for the same input, so a copy of it is what generating again would write, and
 * thirty-odd cases do not each pay an analysis for it. The run's record (node_modules/.cache, by
 * the tsconfig's path) is not copied, so a copy's next `generate` runs as a first one does.
 */
const generatedTemplates = new Map<string, string>(); // removed after the run: test/setup/remove-generated-templates.ts

/** Copy, then generate into the copy, as a user would before `check`. */
export async function generatedCopy(name: string, protocolArgs: string[] = []): Promise<string> {
  const key = JSON.stringify([name, protocolArgs]);
  let template = generatedTemplates.get(key);
  if (template === undefined) {
    mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
    // Named by the Vitest process that runs this worker, which removes its own at the end.
    template = join(mkdtempSync(join(repoRoot, ".tmp", `generated-${process.ppid}-`)), "project");
    cpSync(join(fixturesRoot, name), template, { recursive: true, filter: (source) => !source.includes("__expected__") });
    const run = await runCli(["generate", "--no-format", ...protocolArgs], { cwd: template });
    if (run.exitCode !== 0) throw new Error(`generate failed in ${template}: ${run.stderr}`);
    generatedTemplates.set(key, template);
  }
  const dir = join(scratchDir(), "project");
  cpSync(template, dir, { recursive: true });
  return dir;
}
