import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Engine } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { readTsconfigInputs, readTsconfigInputsWith, tsconfigReaderFor } from "../../src/incremental/tsconfig-inputs.js";
import { repoRoot } from "../helpers/fixtures.js";

/**
 * The record of a run reads the tsconfig with the run's own compiler (TypeScript 7 loads no
 * TypeScript 6 for it). Both must read the same inputs, or a record written on one engine would
 * never hold on the other, and a folder one of them walks unrecorded could hide a new source.
 */
let ts7: Engine;
let scratch: string;
beforeAll(async () => {
  ts7 = await loadEngine("ts7", repoRoot);
  mkdirSync(join(repoRoot, ".tmp"), { recursive: true });
  scratch = mkdtempSync(join(repoRoot, ".tmp", "tsconfig-inputs-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function put(path: string, text: string): void {
  mkdirSync(dirname(join(scratch, path)), { recursive: true });
  writeFileSync(join(scratch, path), text);
}

describe("a tsconfig's inputs, as TypeScript 7 reads them", () => {
  it("are TypeScript 6's for extends chains, arrays and packages, patterns, files, JavaScript and a broken tsconfig", () => {
    put("src/a.ts", "export const a = 1;\n");
    put("src/deep/b.ts", "export const b = 1;\n");
    put("src/deep/c.test.ts", "");
    put("lib/x.js", "");
    put("other/o.ts", "");
    put("node_modules/shared-config/package.json", JSON.stringify({ name: "shared-config", version: "1.0.0" }));
    put("node_modules/shared-config/tsconfig.json", JSON.stringify({ compilerOptions: { strict: true }, include: ["${configDir}/src"] }));
    put("configs/base.json", JSON.stringify({ include: ["../src/**/*"], exclude: ["../src/**/*.test.ts"] }));
    put("configs/strict.json", JSON.stringify({ extends: "./base.json", compilerOptions: { strict: true } }));
    const cases: Record<string, unknown> = {
      "chain.json": { extends: "./configs/strict.json" },
      "array.json": { extends: ["./configs/base.json", "./configs/strict.json"] },
      "package.json-base.json": { extends: "shared-config/tsconfig.json" },
      "patterns.json": { include: ["src/**/*.ts", "other/*"], exclude: ["src/deep"] },
      "files.json": { files: ["src/a.ts", "other/o.ts"] },
      "javascript.json": { compilerOptions: { allowJs: true }, include: ["lib", "src"] },
      "defaults.json": {},
    };
    for (const [name, config] of Object.entries(cases)) put(name, JSON.stringify(config));
    put("broken.json", '{ "include": ["src" ');
    for (const name of [...Object.keys(cases), "broken.json"]) {
      const tsconfig = join(scratch, name);
      const six = readTsconfigInputs(tsconfig);
      expect(six.fileNames.length, name).toBeGreaterThan(0);
      expect(readTsconfigInputsWith(ts7, tsconfig), name).toEqual(six);
    }
    // The chain is what the fingerprint reads besides the sources.
    expect(readTsconfigInputsWith(ts7, join(scratch, "chain.json"))!.extended).toEqual([
      join(scratch, "configs/strict.json"),
      join(scratch, "configs/base.json"),
    ]);
  });

  it("TypeScript 6 reads them for its own engine", () => {
    expect(tsconfigReaderFor("ts6")).toBe(readTsconfigInputs);
  });
});
