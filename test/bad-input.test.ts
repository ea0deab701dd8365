import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { CONFIG_FILE_NAMES } from "../src/config/load-config.js";
import { afterAll, describe, expect, it } from "vitest";
import { fixturesRoot, repoRoot } from "./helpers/fixtures.js";
import { runCli } from "./helpers/run-cli.js";

/**
 * The bad-input corpus: every folder under fixtures/bad/ holds a `case.json` (the command, the exit
 * code and the messages it must print) and the project it runs in. Every case must also print no
 * stack trace and change nothing on disk.
 */
interface BadCase {
  description: string;
  args: string[];
  exitCode: number;
  stdout?: string[];
  stderr?: string[];
  notStdout?: string[];
  notStderr?: string[];
  /** Run from a copy outside the repository: no tsconfig above it, no node_modules to resolve. */
  isolate?: boolean;
}

const badRoot = join(fixturesRoot, "bad");
const cases = readdirSync(badRoot)
  .filter((name) => statSync(join(badRoot, name)).isDirectory())
  .sort();
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/**
 * A temp folder with no tsconfig.json or mcp-conform config in any folder above it, for the cases
 * that run "outside any project": the OS temp dir, unless something left a tsconfig.json there.
 */
function isolatedRoot(): string {
  const clean = (dir: string): boolean => {
    for (let at = dir; ; at = dirname(at)) {
      if (["tsconfig.json", ...CONFIG_FILE_NAMES].some((name) => existsSync(join(at, name)))) return false;
      if (dirname(at) === at) return true;
    }
  };
  const root = [tmpdir(), "/var/tmp", "/dev/shm"].find((dir) => existsSync(dir) && clean(dir));
  if (root === undefined) throw new Error(`every temp folder has a tsconfig.json or mcp-conform config above it (${tmpdir()}): the isolated cases cannot run`);
  return root;
}

/** Every file below `dir` with a hash of its content: what "nothing was written or lost" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isSymbolicLink()) files[relative(dir, path)] = `link:${readlinkSync(path)}`;
      else if (entry.isDirectory()) walk(path);
      else files[relative(dir, path)] = createHash("sha1").update(readFileSync(path)).digest("hex");
    }
  };
  walk(dir);
  return files;
}

function noStackTrace(text: string): void {
  expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(text).not.toContain("internal error");
}

describe("the bad-input corpus", () => {
  it("has cases", () => expect(cases.length).toBeGreaterThanOrEqual(25));

  for (const name of cases) {
    const spec = JSON.parse(readFileSync(join(badRoot, name, "case.json"), "utf8")) as BadCase;
    it(`${name}: ${spec.description}`, async () => {
      let cwd = join(badRoot, name);
      if (spec.isolate) {
        const parent = mkdtempSync(join(isolatedRoot(), "mcp-conform-bad-"));
        scratch.push(parent);
        cwd = join(parent, name);
        cpSync(join(badRoot, name), cwd, { recursive: true });
      }
      const before = snapshot(cwd);
      const run = await runCli(spec.args, { cwd });
      for (const text of spec.stdout ?? []) expect(run.stdout).toContain(text);
      for (const text of spec.stderr ?? []) expect(run.stderr).toContain(text);
      for (const text of spec.notStdout ?? []) expect(run.stdout).not.toContain(text);
      for (const text of spec.notStderr ?? []) expect(run.stderr).not.toContain(text);
      expect(run.exitCode).toBe(spec.exitCode);
      noStackTrace(run.stdout + run.stderr);
      expect(snapshot(cwd)).toEqual(before);
    });
  }
});

describe("bad input too large to commit", () => {
  it("analyses a 5 MB source file and finds its tool", async () => {
    // Inside the repository (git-ignored .tmp/) so the SDK resolves from its node_modules.
    mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
    const dir = mkdtempSync(join(repoRoot, ".tmp", "big-file-"));
    scratch.push(dir);
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "package.json"), '{ "type": "module", "private": true }\n');
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", noEmit: true, skipLibCheck: true },
        include: ["src"],
      }),
    );
    const filler: string[] = [];
    for (let i = 0, size = 0; size < 5 * 1024 * 1024; i++) {
      const line = `export const constant_${i} = { id: ${i}, label: "row number ${i} of a generated table", weight: ${i * 0.5} };`;
      filler.push(line);
      size += line.length + 1;
    }
    const source = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'const server = new McpServer({ name: "big", version: "1.0.0" });',
      ...filler,
      'server.registerTool("needle", { description: "At the very end" }, async () => ({ content: [{ type: "text", text: JSON.stringify({ found: true }) }] }));',
    ].join("\n");
    expect(source.length).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    writeFileSync(join(dir, "src", "big.ts"), source);
    const run = await runCli(["analyze", "--json"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    const inventory = JSON.parse(run.stdout) as { tools: { name: string; line: number; payloadType: string }[] };
    expect(inventory.tools).toEqual([expect.objectContaining({ name: "needle", line: filler.length + 3, payloadType: "{ found: boolean; }" })]);
  });
});
