import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

/**
 * A fixture made runnable: a scratch copy under the repository's `.tmp/` (so its imports resolve
 * the repository's node_modules, as the fixture's own do), committed as a user's repository would
 * be, migrated onto a protocol with `migrate --write` (or left as it is: the legacy server), then
 * built to JavaScript by one run of tsc into `dist/`.
 *
 * The build uses TypeScript 7's tsc (installed as `typescript7`): it emits the same JavaScript as
 * TypeScript 6 for these projects in a fifth of the time (0.8 s against 4.1 s of CPU on
 * stock-legacy), and the type-check that matters already ran: `migrate --write` type-checks with
 * TypeScript 6 and puts everything back on a new error. `--no-format` skips Prettier on the
 * generated output, which changes nothing on the wire.
 */

const run = promisify(execFile);
const tsc7 = join(repoRoot, "node_modules", "typescript7", "bin", "tsc");

/** What is served: the fixture as written, or migrated onto a protocol (with `guidance: true` where it composes). */
export type Variant = { kind: "legacy" } | { kind: "migrated"; protocol: ProtocolId; guidance: boolean };

export interface BuiltProject {
  fixture: string;
  variant: Variant;
  dir: string;
  /** `migrate --write`'s report (tools migrated and skipped), for failure messages. */
  migrateOutput: string;
}

export function variantName(variant: Variant): string {
  return variant.kind === "legacy" ? "legacy" : `${variant.protocol}${variant.guidance ? "+guidance" : ""}`;
}

const scratch: string[] = [];

/** Remove every copy this process made. */
export function removeBuiltProjects(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function copy(fixture: string, variant: Variant): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", `wire-${fixture.replace(/\//g, "-")}-${variantName(variant)}-`));
  scratch.push(parent);
  const dir = join(parent, "project");
  cpSync(join(fixturesRoot, fixture), dir, {
    recursive: true,
    // Golden files and anything generated at test time in the fixture are not the user's project.
    filter: (source) => !/__expected__|[\\/]src[\\/]generated([\\/]|$)|[\\/]dist([\\/]|$)/.test(source.slice(join(fixturesRoot, fixture).length)),
  });
  return dir;
}

function commitAll(dir: string): void {
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=wire@example.com", "-c", "user.name=wire", ...args], { cwd: dir, stdio: "ignore" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "legacy");
}

/** One tsc run: the project's own tsconfig, emitting JavaScript into `dist/` (the fixtures say `noEmit`). */
export async function buildProject(dir: string): Promise<void> {
  const args = [
    "-p",
    join(dir, "tsconfig.json"),
    "--noEmit",
    "false",
    "--rootDir",
    join(dir, "src"),
    "--outDir",
    join(dir, "dist"),
    "--declaration",
    "false",
    "--sourceMap",
    "false",
    "--incremental",
    "false",
    "--pretty",
    "false",
  ];
  try {
    await run(tsc7, args, { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc could not build ${dir}:\n${failed.stdout ?? ""}${failed.stderr ?? String(error)}`, { cause: error });
  }
}

/**
 * Copy a fixture and migrate the copy (unless legacy). Migration runs in this process, so callers
 * await one before starting the next; the build (`buildProject`, a tsc process) may overlap it.
 */
export async function prepareFixture(fixture: string, variant: Variant): Promise<BuiltProject> {
  const dir = copy(fixture, variant);
  let migrateOutput = "";
  if (variant.kind === "migrated") {
    const config = variant.guidance ? { protocol: variant.protocol, guidance: true } : { protocol: variant.protocol };
    writeFileSync(join(dir, "mcp-conform.config.json"), `${JSON.stringify(config)}\n`);
    commitAll(dir);
    const migrated = await runCli(["migrate", "--write", "--no-format"], { cwd: dir });
    migrateOutput = `${migrated.stdout}${migrated.stderr}`;
    if (migrated.exitCode !== 0) throw new Error(`migrate --write failed on ${fixture} (${variantName(variant)}):\n${migrateOutput}`);
  }
  return { fixture, variant, dir, migrateOutput };
}

/** Copy, migrate (unless legacy) and build a fixture. */
export async function buildFixture(fixture: string, variant: Variant): Promise<BuiltProject> {
  const project = await prepareFixture(fixture, variant);
  await buildProject(project.dir);
  return project;
}

/** Where tsc put the JavaScript of a source file (`src/server.ts` -> `dist/server.js`). */
export function builtPath(project: BuiltProject, source: string): string {
  return join(
    project.dir,
    source.replace(/^src\//, "dist/").replace(/\.(m|c)?tsx?$/, (_, kind: string | undefined) => `.${kind ?? ""}js`),
  );
}
