import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { packageRoot } from "../../../src/package-root.js";
import { runTsc, type TscOutcome } from "../../helpers/tsc.js";
import { fixturesDir } from "./fixtures.js";

/**
 * Type-level tests through the real tsc under the strict options generated code must survive.
 * Each fixture marks the line that must fail with `// expect TSxxxx`; a fixture without a marker
 * must compile clean. All fixtures compile in one run and the diagnostics are matched per file.
 */

const typesDir = join(fixturesDir, "types");
const runtimePath = "src/protocols/smart-v2/runtime.ts";

function expectedErrors(file: string): string[] {
  return readFileSync(join(typesDir, file), "utf8")
    .split("\n")
    .flatMap((line, index) => {
      const marker = /\/\/ expect (TS\d+)\s*$/.exec(line);
      return marker ? [`${index + 1} ${marker[1]}`] : [];
    });
}

function actualErrors(diagnostics: string, file: string): string[] {
  const prefix = relative(packageRoot, join(typesDir, file)).split("\\").join("/");
  return diagnostics.split("\n").flatMap((line) => {
    const match = /^(.+)\((\d+),\d+\): error (TS\d+):/.exec(line);
    return match && match[1] === prefix ? [`${match[2]} ${match[3]}`] : [];
  });
}

const fixtures = readdirSync(typesDir)
  .filter((file) => file.endsWith(".ts"))
  .sort();

describe("smart-v2 types under tsc (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, NodeNext)", () => {
  it("runtime.ts alone compiles with zero diagnostics, erasable syntax only (TypeScript 7 has no enums etc.)", () => {
    const outcome = runTsc([runtimePath], { erasableSyntaxOnly: true });
    expect(outcome.diagnostics).toBe("");
    expect(outcome.exitCode).toBe(0);
  });

  let outcome: TscOutcome;
  beforeAll(() => {
    outcome = runTsc(fixtures.map((file) => join(typesDir, file)));
  });

  it("reports no diagnostic outside the fixtures", () => {
    const stray = outcome.diagnostics.split("\n").filter((line) => /error TS\d+/.test(line) && !line.startsWith("fixtures/protocols/smart-v2/types/"));
    expect(stray).toEqual([]);
  });

  it("covers the required failures: missing layer, wrong tool, wrong param", () => {
    for (const file of ["missing-layer.ts", "wrong-next-step-tool.ts", "wrong-next-step-param.ts", "wrong-suggested-param.ts"]) {
      expect(fixtures).toContain(file);
      expect(expectedErrors(file)).toHaveLength(1);
    }
  });

  it.each(fixtures)("%s fails exactly where marked (or compiles clean)", (file) => {
    expect(actualErrors(outcome.diagnostics, file)).toEqual(expectedErrors(file));
  });
});
