import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../src/package-root.js";
import { aorpProtocol } from "../../../src/protocols/aorp/index.js";
import { compareMarkedDiagnostics, runTsc } from "../../helpers/tsc.js";

const runtimePath = "src/protocols/aorp/runtime.ts";
const typeFixture = (name: string) => `fixtures/protocols/aorp/types/${name}.ts`;

describe("AORP runtime source", () => {
  it("is what the protocol hands to generation", () => {
    expect(aorpProtocol.runtimeSourcePath).toBe(runtimePath);
    expect(aorpProtocol.runtimeSource()).toBe(readFileSync(join(packageRoot, runtimePath), "utf8"));
  });

  it("imports nothing", () => {
    expect(aorpProtocol.runtimeSource()).not.toMatch(/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b|\brequire\(|\bimport\(/m);
  });

  it("compiles alone under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, NodeNext", () => {
    expect(runTsc([runtimePath])).toEqual({ exitCode: 0, diagnostics: "" });
  });
});

describe("AORP types through the real tsc", () => {
  it("correct usage compiles clean", () => {
    expect(runTsc([typeFixture("ok")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  it("toCallToolResult's result is assignable to the SDK's CallToolResult", () => {
    expect(runTsc([typeFixture("sdk-compatible")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  for (const [name, what] of [
    ["missing-layer", 'a missing required layer (and status "error" outside error())'],
    ["wrong-tool", "a wrong tool name in a next step"],
    ["wrong-param", "a wrong suggested param"],
    ["with-guidance", "a wrong tool in the composed guidance, while the composition itself compiles"],
  ] as const) {
    it(`rejects ${what}, exactly where marked`, () => {
      const outcome = runTsc([typeFixture(name)]);
      expect(outcome.exitCode).not.toBe(0);
      expect(compareMarkedDiagnostics(typeFixture(name), outcome)).toEqual({ missing: [], unexpected: [] });
    });
  }
});
