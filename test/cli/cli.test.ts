import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.js";
import { COMMAND_HELP, GLOBAL_FLAGS } from "../../src/commands/help.js";
import { GLOBAL_OPTIONS } from "../../src/commands/parse-args.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { runCli } from "../helpers/run-cli.js";

/** The command line a newcomer meets: version, help, and where it looks for the project and config. */

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function copyFixture(name: string): string {
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  const parent = mkdtempSync(join(repoRoot, ".tmp", "cli-"));
  scratch.push(parent);
  const dir = join(parent, "project");
  cpSync(join(fixturesRoot, name), dir, { recursive: true, filter: (source) => !source.includes("__expected__") });
  return dir;
}

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

describe("--version and help", () => {
  it("--version and -v print the version", async () => {
    for (const flag of ["--version", "-v"]) {
      const run = await runCli([flag], { cwd: repoRoot });
      expect(run).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: "" });
    }
  });

  it("the overview names every command, the flow, and where the protocol guide is", async () => {
    const run = await runCli(["--help"], { cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    for (const command of COMMANDS) expect(run.stdout).toContain(`  ${command.name}`);
    expect(run.stdout).toContain("The flow: init, then generate, then migrate --write, then check in CI.");
    expect(run.stdout).toContain("with an example response each: docs/protocols.md");
    expect(existsSync(join(repoRoot, "docs", "protocols.md"))).toBe(true);
  });

  for (const command of COMMANDS) {
    it(`help ${command.name} and ${command.name} --help explain every flag, with examples that use each`, async () => {
      const viaHelp = await runCli(["help", command.name], { cwd: repoRoot });
      const viaFlag = await runCli([command.name, "--help"], { cwd: repoRoot });
      expect(viaHelp.exitCode).toBe(0);
      expect(viaFlag).toEqual(viaHelp);
      const help = COMMAND_HELP[command.name]!;
      const loaded = await command.load();
      // Every option the command parses has its line, and no line names an option it does not take
      // (a global one may have a line of its own where it means more, like init's --protocol).
      const documented = help.flags.map((flag) => /^--([\w-]+)/.exec(flag.flag)![1]!);
      expect(
        Object.keys(loaded.options).filter((name) => !documented.includes(name)),
        "undocumented options",
      ).toEqual([]);
      expect(
        documented.filter((name) => !(name in loaded.options) && !(name in GLOBAL_OPTIONS)),
        "options it does not take",
      ).toEqual([]);
      for (const flag of [...help.flags, ...GLOBAL_FLAGS]) expect(viaHelp.stdout).toContain(flag.flag);
      for (const name of documented)
        expect(
          help.examples.some((example) => example.includes(`--${name}`)),
          `an example of --${name}`,
        ).toBe(true);
      expect(viaHelp.stdout).toContain(`Usage: ${loaded.usage}`);
    });
  }

  it("documents every global option", () => {
    expect(GLOBAL_FLAGS.map((flag) => /^--([\w-]+)/.exec(flag.flag)![1]).sort()).toEqual(Object.keys(GLOBAL_OPTIONS).sort());
  });

  it("help for an unknown command suggests the nearest", async () => {
    const run = await runCli(["help", "genrate"], { cwd: repoRoot });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('mcp-conform: unknown command "genrate"; did you mean "generate"? (`mcp-conform --help` lists them)\n');
  });
});

describe("where it looks", () => {
  it("from a subfolder, finds the config the way it finds the tsconfig: nearest upward", async () => {
    const dir = copyFixture("demo");
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "acor" }));
    const run = await runCli(["generate", "--no-format"], { cwd: join(dir, "src") });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(dir, "src/generated/mcp-conform/runtime/acor.ts"))).toBe(true);
    // The first generate of a project says what comes next; a run after it does not.
    expect(run.stdout).toContain("next: `mcp-conform migrate` shows how the handlers move onto these formatters");
    const again = await runCli(["generate", "--no-format"], { cwd: join(dir, "src") });
    expect(again.stdout).not.toContain("next:");
  });

  it("accepts a JSON config with comments and trailing commas, as tsconfig.json may have them", async () => {
    const dir = copyFixture("styles/sdk-tool");
    writeFileSync(join(dir, "mcp-conform.config.json"), '{\n  // the protocol\n  "protocol": "aop",\n}\n');
    const run = await runCli(["generate", "--no-format", "--check"], { cwd: dir });
    expect(run.stderr).not.toContain("mcp-conform.config.json");
    expect(run.stdout).toContain("generated output is stale");
  });

  it("migrate labels its project by its tsconfig, like the other commands", async () => {
    const dir = copyFixture("styles/sdk-register-tool");
    const run = await runCli(["migrate", "--protocol", "aorp"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    const summary = run.stdout.split("\n").filter((line) => line.includes("tools migrated"));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toMatch(/^tsconfig\.json: /);
  });
});
