import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCOVERY_STYLES, generateSyntheticServer, writeSyntheticServer, type SyntheticManifest } from "../bench/synthetic-server.js";
import { packageRoot } from "../src/package-root.js";
import { typeCheckProject } from "./helpers/typecheck.js";

// The generated project must live inside the repository so that zod, the SDK, fastmcp and
// mcp-framework resolve from its node_modules (.tmp/ is git-ignored).
const tmpRoot = join(packageRoot, ".tmp");
let dir: string;
let manifest: SyntheticManifest;

beforeAll(() => {
  mkdirSync(tmpRoot, { recursive: true });
  dir = mkdtempSync(join(tmpRoot, "synthetic-server-"));
  manifest = writeSyntheticServer(dir, { tools: 21, seed: 7 });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("writeSyntheticServer", () => {
  it("spreads the tools evenly over the seven discovery styles", () => {
    expect(manifest.tools).toHaveLength(21);
    for (const style of DISCOVERY_STYLES) {
      expect(
        manifest.tools.filter((tool) => tool.style === style),
        style,
      ).toHaveLength(3);
    }
  });

  it("gives unique names, sorted", () => {
    const names = manifest.tools.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^tool_\d{4}_[a-z]+_[a-z]+$/);
  });

  it("writes every file the manifest names, each containing its tools' names", () => {
    expect(existsSync(join(dir, "tsconfig.json"))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))).toMatchObject({ type: "module", private: true });
    for (const tool of manifest.tools) {
      expect(tool.file).toMatch(/^src\/.+\.ts$/);
      const source = readFileSync(join(dir, tool.file), "utf8");
      expect(source, tool.file).toContain(JSON.stringify(tool.name));
    }
    for (const tool of manifest.tools.filter((t) => t.style === "xmcp")) expect(tool.file).toMatch(/^src\/tools\//);
  });

  it("is deterministic for a seed", () => {
    const options = { tools: 21, toolsPerFile: 5, seed: 7 };
    const a = generateSyntheticServer(options);
    const b = generateSyntheticServer(options);
    expect([...a.files]).toEqual([...b.files]);
    expect(a.manifest).toEqual(manifest);
    const other = generateSyntheticServer({ ...options, seed: 8 });
    expect(other.manifest).not.toEqual(manifest);
  });

  it("type-checks with tsc", () => {
    expect(typeCheckProject(join(dir, "tsconfig.json"), packageRoot)).toEqual({ exitCode: 0, output: "" });
  });
});

describe("writeSyntheticServer, json-zod shape (issue #17)", () => {
  it("puts half the tools in tool objects with inline JSON Schema and half in registerTool calls with zod shapes, over 50 files", () => {
    const { files, manifest: tools } = generateSyntheticServer({ tools: 1000, toolsPerFile: 5, seed: 1, shape: "json-zod" });
    expect(tools.tools).toHaveLength(1000);
    expect(tools.tools.filter((tool) => tool.style === "tool-object")).toHaveLength(500);
    expect(tools.tools.filter((tool) => tool.style === "sdk-register-tool")).toHaveLength(500);
    expect(new Set(tools.tools.map((tool) => tool.file)).size).toBe(50);
    const objectFile = files.get(tools.tools.find((tool) => tool.style === "tool-object")!.file)!;
    expect(objectFile).toContain('type: "object"');
    expect(objectFile).toContain("handler: async (args) => {");
    const registerFile = files.get(tools.tools.find((tool) => tool.style === "sdk-register-tool")!.file)!;
    expect(registerFile).toContain("server.registerTool(");
    expect(registerFile).toContain("z.string().min(1)");
    // Each tool its own result interface and an error path.
    for (const source of [objectFile, registerFile]) {
      expect(source.match(/^interface \w+Result\d+ \{/gm)?.length).toBe(source.match(/^ {2,}name: "tool_|server\.registerTool\(/gm)?.length);
      expect(source).toMatch(/isError: true|throw new NotFoundError/);
    }
  });

  it("type-checks with the real tsc of TypeScript 7", () => {
    const jsonZod = mkdtempSync(join(tmpRoot, "synthetic-json-zod-"));
    try {
      writeSyntheticServer(jsonZod, { tools: 12, seed: 3, shape: "json-zod" });
      const tsc = join(packageRoot, "node_modules", "typescript7", "bin", "tsc");
      const run = spawnSync(process.execPath, [tsc, "--noEmit", "-p", jsonZod, "--pretty", "false"], { cwd: packageRoot, encoding: "utf8" });
      expect(run.error).toBeUndefined();
      expect(`${run.stdout}${run.stderr}`.trim()).toBe("");
      expect(run.status).toBe(0);
    } finally {
      rmSync(jsonZod, { recursive: true, force: true });
    }
  });
});
