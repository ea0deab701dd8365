import { cpSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { dropTs7HeadStart, startTs7Ahead, ts7HeadStartCounts } from "../../src/analyze/engine/ts7-head-start.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";
import { configProjectGuess, startCompilerAhead } from "../../src/commands/compiler-ahead.js";

/**
 * The command line starts TypeScript 7's compiler on the project before it loads the command
 * (src/analyze/engine/ts7-head-start.ts); the engine's open adopts it. What must hold: the answer
 * is the one a compiler started by the engine gives, a head start for another project is never
 * adopted, one nobody adopts is ended, and a response that arrives while the event loop runs is
 * still there for the channel's synchronous read.
 */

const fixture = join(fixturesRoot, "styles", "sdk-register-tool");
const other = join(fixturesRoot, "styles", "fastmcp");

/** The inventory as `analyze --json` prints it, from a compiler the engine starts itself. */
async function inventoryWithoutHeadStart(dir: string): Promise<string> {
  const engine = await loadEngine("ts7", dir);
  const { inventory, session } = analyze({ project: join(dir, "tsconfig.json"), cwd: repoRoot, engine });
  session.close();
  return `${JSON.stringify(inventory, null, 2)}\n`;
}

function since(before: ReturnType<typeof ts7HeadStartCounts>) {
  const now = ts7HeadStartCounts();
  return { started: now.started - before.started, adopted: now.adopted - before.adopted, dropped: now.dropped - before.dropped };
}

describe("the TypeScript 7 compiler started ahead", () => {
  let expected: string;
  beforeAll(async () => {
    expected = await inventoryWithoutHeadStart(fixture);
  });

  it("is started by analyze and adopted by its open, and the inventory is the same", async () => {
    const before = ts7HeadStartCounts();
    const run = await runCli(["analyze", "--project", fixture, "--engine", "ts7", "--json"], { cwd: repoRoot });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(since(before)).toEqual({ started: 1, adopted: 1, dropped: 0 });
    expect(run.stdout).toBe(expected);
  });

  it("keeps its responses in the pipe while the event loop runs before the open", async () => {
    const before = ts7HeadStartCounts();
    await startTs7Ahead(join(fixture, "tsconfig.json"), repoRoot);
    // Long enough for tsgo to have answered both requests: Node must not have read them off the pipe.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await inventoryWithoutHeadStart(fixture)).toBe(expected);
    expect(since(before)).toEqual({ started: 1, adopted: 1, dropped: 0 });
  });

  it("is not adopted by the open of another project, which is analysed as without it", async () => {
    const before = ts7HeadStartCounts();
    await startTs7Ahead(join(fixture, "tsconfig.json"), repoRoot);
    const otherInventory = await inventoryWithoutHeadStart(other);
    expect(since(before)).toEqual({ started: 1, adopted: 0, dropped: 1 });
    expect(otherInventory).toContain('"style": "fastmcp"');
    expect(otherInventory).not.toContain("sdk-register-tool");
  });

  it("is ended when the run stops before it opens the project", async () => {
    const before = ts7HeadStartCounts();
    const run = await runCli(["analyze", "--project", fixture, "--engine", "ts7", "--config", "no-such.config.json"], { cwd: repoRoot });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("config file not found");
    expect(since(before)).toEqual({ started: 1, adopted: 0, dropped: 1 });
  });

  it("is not started for a TypeScript 6 project, nor for several projects, nor for --help", async () => {
    const before = ts7HeadStartCounts();
    // The repository installs TypeScript 6 as `typescript`: the fixture's project is a TypeScript 6 one.
    for (const args of [
      ["--project", fixture],
      ["--project", fixture, "--project", other, "--engine", "ts7"],
      ["--project", fixture, "--engine", "ts7", "--help"],
    ]) {
      const end = await startCompilerAhead(args, repoRoot);
      end();
    }
    expect(since(before)).toEqual({ started: 0, adopted: 0, dropped: 0 });
    const end = await startCompilerAhead(["--project", fixture, "--engine", "ts7"], repoRoot);
    end();
    expect(since(before)).toEqual({ started: 1, adopted: 0, dropped: 1 });
  });

  it("is started by generate only when its stamps say the run is needed", async () => {
    const dir = mkdtempSync(join(repoRoot, ".tmp", "head-start-"));
    try {
      cpSync(fixture, dir, { recursive: true });
      // Sources older than the run, so that its record keeps their stamps (stamps.ts trusts no
      // stamp as fresh as the run that read it): the second run is then answered by them.
      const past = new Date(Date.now() - 60_000);
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) utimesSync(join(entry.parentPath, entry.name), past, past);
      const generate = () => runCli(["generate", "--project", dir, "--engine", "ts7", "--protocol", "aorp", "--no-format"], { cwd: repoRoot });
      const before = ts7HeadStartCounts();
      const first = await generate();
      expect(first.exitCode).toBe(0);
      expect(since(before)).toEqual({ started: 1, adopted: 1, dropped: 0 });
      const second = await generate();
      expect(second.exitCode).toBe(0);
      expect(second.stdout).toContain("nothing changed");
      // Answered by its stamps, the second run needs no compiler: none was started.
      expect(since(before)).toEqual({ started: 1, adopted: 1, dropped: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("for the project a config names", () => {
    let dir: string;
    beforeAll(() => {
      // The project is tsconfig.build.json; the nearest tsconfig.json (the guess without the config) includes nothing.
      dir = mkdtempSync(join(repoRoot, ".tmp", "head-start-"));
      cpSync(join(fixture, "src"), join(dir, "src"), { recursive: true });
      cpSync(join(fixture, "tsconfig.json"), join(dir, "tsconfig.build.json"));
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ files: [] }));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    for (const [name, text] of [
      ["mcp-conform.config.json", `{ "project": "tsconfig.build.json" }`],
      ["mcp-conform.config.ts", `export default {\n  project: "./tsconfig.build.json",\n};\n`],
    ] as const) {
      it(`starts it on that project (${name}), and the open adopts it`, async () => {
        writeFileSync(join(dir, name), text);
        try {
          const before = ts7HeadStartCounts();
          const run = await runCli(["analyze", "--engine", "ts7", "--json"], { cwd: dir });
          expect(run.stderr).toBe("");
          expect(run.exitCode).toBe(0);
          expect(since(before)).toEqual({ started: 1, adopted: 1, dropped: 0 });
          expect(JSON.parse(run.stdout).tools.length).toBe(JSON.parse(expected).tools.length);
        } finally {
          rmSync(join(dir, name));
        }
      });
    }

    it("reads a config's project only where it is one literal, and makes no guess otherwise", () => {
      const config = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        try {
          return configProjectGuess(join(dir, name));
        } finally {
          rmSync(join(dir, name));
        }
      };
      expect(config("a.json", `{ "protocol": "aorp" }`)).toBeUndefined();
      expect(config("b.json", `{ "project": ["a/tsconfig.json"] }`)).toBe("a/tsconfig.json");
      expect(config("c.json", `{ "project": ["a/tsconfig.json", "b/tsconfig.json"] }`)).toBeNull();
      expect(config("d.json", `{ "project": "x", }`)).toBeNull();
      expect(config("e.ts", `export default { protocol: "aorp" };`)).toBeUndefined();
      expect(config("f.ts", `export default defineConfig({ project: 'tsconfig.app.json', protocol: "aorp" });`)).toBe("tsconfig.app.json");
      expect(config("g.ts", `export default { project: ["a", "b"] };`)).toBeNull();
      expect(config("h.ts", `const project = "x";\nexport default { project };`)).toBeNull();
      expect(config("i.ts", `export default { project: root + "/tsconfig.json" };`)).toBeNull();
      expect(configProjectGuess(join(dir, "no-such.json"))).toBeNull();
    });
  });

  describe("on a tsconfig the compiler rejects", () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(repoRoot, ".tmp", "head-start-"));
      cpSync(join(fixture, "src"), join(dir, "src"), { recursive: true });
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext", target: "es2022", strict: "yes" }, include: ["src"] }));
    });
    afterAll(() => {
      dropTs7HeadStart();
      rmSync(dir, { recursive: true, force: true });
    });

    it("says the one line it says without the head start", async () => {
      const engine = await loadEngine("ts7", dir);
      let without = "";
      try {
        analyze({ project: join(dir, "tsconfig.json"), cwd: repoRoot, engine });
      } catch (error) {
        without = (error as { format(): string }).format();
      }
      expect(without).toMatch(/tsconfig/);
      const before = ts7HeadStartCounts();
      const run = await runCli(["analyze", "--project", dir, "--engine", "ts7"], { cwd: repoRoot });
      expect(since(before)).toEqual({ started: 1, adopted: 1, dropped: 0 });
      expect(run.exitCode).toBe(2);
      expect(run.stderr).toBe(`mcp-conform analyze: ${without}\n`);
    });
  });
});
