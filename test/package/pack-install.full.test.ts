import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyAuthorEdits } from "../../scripts/author-edits.mjs";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * The package as a user gets it: `npm pack` (which builds, through `prepack`), the tarball
 * installed with npm into a new SDK server outside the repository, beside the server's own
 * TypeScript 6 and Prettier 3.0, and every command run through the installed bin, in the order the
 * README gives them. npm fetches the server's dependencies from the registry (or its cache).
 */

const server = join(mkdtempSync(join(tmpdir(), "mcp-conform-pack-")), "weather-server");
const packDir = join(server, "..", "pack");
const bin = join(server, "node_modules", ".bin", "mcp-conform");

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: { input?: string } = {}): Run {
  const result = spawnSync(command, args, {
    cwd: server,
    encoding: "utf8",
    env: { ...process.env, CI: "1", NO_COLOR: "1" },
    ...(options.input !== undefined ? { input: options.input } : {}),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const cli = (...args: string[]): Run => run(bin, args);

function npm(...args: string[]): string {
  return execFileSync("npm", args, { cwd: server, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

beforeAll(() => {
  mkdirSync(packDir, { recursive: true });
  execFileSync("npm", ["pack", "--pack-destination", packDir], { cwd: repoRoot, stdio: "ignore" });
  cpSync(join(fixturesRoot, "demo", "src"), join(server, "src"), { recursive: true });
  cpSync(join(fixturesRoot, "demo", "tsconfig.json"), join(server, "tsconfig.json"));
  // The server's own dependencies are in its package.json, so one npm install brings them and the tarball.
  writeFileSync(
    join(server, "package.json"),
    `${JSON.stringify(
      {
        name: "weather-server",
        private: true,
        type: "module",
        scripts: { build: "tsc" },
        dependencies: { "@modelcontextprotocol/sdk": "1.32.2", zod: "3.25.76" },
        devDependencies: { prettier: "3.0.3", typescript: "6.0.3" },
      },
      null,
      2,
    )}\n`,
  );
  const tarball = join(
    packDir,
    readdirSync(packDir).find((name) => name.endsWith(".tgz"))!,
  );
  npm("install", "--no-audit", "--no-fund", "--save-dev", "--save-exact", tarball);
}, 600_000);

afterAll(() => rmSync(join(server, ".."), { recursive: true, force: true }));

describe("the packed tarball, installed into a new server", () => {
  it("holds what runs, and nothing of the repository's own", () => {
    const root = join(server, "node_modules", "mcp-conform");
    for (const file of [
      "LICENSE",
      "README.md",
      "docs/protocols.md",
      "schema/mcp-conform.config.schema.json",
      "dist/cli.js",
      "dist/vendor/handlebars.cjs",
      "plugin/index.js",
      "src/templates/tools.ts.hbs",
      "src/protocols/aorp/formatter.ts.hbs",
      "src/protocols/guidance/kit.ts.hbs",
      "src/protocols/aorp/runtime.ts",
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    const files = readdirSync(root, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    expect(files.filter((file) => file.startsWith("test") || file.startsWith("fixtures") || file.startsWith("bench"))).toEqual([]);
    // Handlebars travels inside; none of its install is added.
    for (const name of ["handlebars", "uglify-js"]) expect(existsSync(join(server, "node_modules", name)), name).toBe(false);
  });

  it("--version and --help", () => {
    expect(cli("--version").stdout.trim()).toBe((JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version);
    const help = cli("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("node_modules/mcp-conform/docs/protocols.md");
  });

  it("init, generate, check, migrate --write, check: the README's flow, through the installed bin", () => {
    const init = cli("init", "--protocol", "aorp");
    expect(init.stderr).toBe("");
    expect(init.status).toBe(0);
    expect(readFileSync(join(server, "mcp-conform.config.ts"), "utf8")).toContain('import { defineConfig } from "mcp-conform";');

    expect(cli("analyze").status).toBe(0);
    const generate = cli("generate");
    expect(generate.stderr).toBe("");
    expect(generate.status).toBe(0);
    // Formatted by the server's own Prettier 3.0, whose --check agrees.
    expect(run(join(server, "node_modules", ".bin", "prettier"), ["--check", "src/generated/**/*.ts"]).status).toBe(0);
    expect(cli("generate", "--check").status).toBe(0);

    const before = cli("check");
    expect(before.status).toBe(1);
    expect(before.stdout).toContain("MCPC103");

    execFileSync("git", ["init", "-q"], { cwd: server });
    writeFileSync(join(server, ".gitignore"), "node_modules/\n");
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "add", "-A"], { cwd: server });
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "legacy"], { cwd: server });
    expect(cli("migrate").status).toBe(0);
    const migrate = cli("migrate", "--write");
    expect(migrate.stderr).toBe("");
    expect(migrate.status).toBe(0);

    // What the legacy responses never said is a placeholder until the author writes it.
    const placeholders = cli("check");
    expect(placeholders.stdout).toContain("still placeholders");
    expect(placeholders.status, placeholders.stdout).toBe(1);
    applyAuthorEdits(server);
    expect(cli("generate").status).toBe(0);
    const after = cli("check");
    expect(after.stdout).toContain("tools that conform                  6/6 (100%)");
    expect(after.status, after.stdout).toBe(0);
    // The server's own build: prebuild generates, then its tsc compiles everything.
    const build = run("npm", ["run", "build"]);
    expect(build.status, build.stdout + build.stderr).toBe(0);
  });

  it("graph, schema, validate and the editor plugin", () => {
    expect(cli("graph", "--format", "json").status).toBe(0);
    const schema = cli("schema", "aorp");
    expect(schema.status).toBe(0);
    expect(JSON.parse(schema.stdout)).toHaveProperty("$schema");
    const invalid = run(bin, ["validate", "--protocol", "aorp", "-"], { input: '{"immediate":{}}' });
    expect(invalid.status).toBe(1);
    const plugin = run(process.execPath, ["-e", 'const init = require("mcp-conform/plugin"); if (typeof init !== "function") process.exit(3);']);
    expect(plugin.status, plugin.stderr).toBe(0);
  });

  // Last: it installs a package into the server.
  it("--engine ts7: one line saying what to install, then, with TypeScript 7.0.2 beside it, the same inventory", () => {
    const missing = cli("analyze", "--engine", "ts7");
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toContain("install typescript@7.0.2");
    npm("install", "--no-audit", "--no-fund", "--save-dev", "typescript7@npm:typescript@7.0.2");
    const seven = cli("analyze", "--json", "--engine", "ts7");
    const six = cli("analyze", "--json", "--engine", "ts6");
    expect(seven.status, seven.stderr).toBe(0);
    expect(seven.stderr).toBe("");
    expect(seven.stdout).toBe(six.stdout);
    expect(JSON.parse(six.stdout).tools.length).toBeGreaterThan(0);
  });
});
