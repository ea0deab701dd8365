import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../../src/package-root.js";
import { guidanceProtocol } from "../../../src/protocols/guidance/index.js";
import { compareMarkedDiagnostics, runTsc } from "../../helpers/tsc.js";

const runtimePath = "src/protocols/guidance/runtime.ts";
const typeFixture = (name: string) => `fixtures/protocols/guidance/types/${name}.ts`;

describe("Guidance runtime source", () => {
  it("is what the protocol hands to generation", () => {
    expect(guidanceProtocol.runtimeSourcePath).toBe(runtimePath);
    expect(guidanceProtocol.runtimeSource()).toBe(readFileSync(join(packageRoot, runtimePath), "utf8"));
  });

  it("imports nothing", () => {
    expect(guidanceProtocol.runtimeSource()).not.toMatch(/^\s*(import|export\s+\*|export\s+\{[^}]*\}\s+from)\b|\brequire\(|\bimport\(/m);
  });

  it("compiles alone under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, NodeNext", () => {
    expect(runTsc([runtimePath])).toEqual({ exitCode: 0, diagnostics: "" });
  });
});

describe("Guidance types through the real tsc", () => {
  it("correct usage compiles clean", () => {
    expect(runTsc([typeFixture("ok")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  it("toCallToolResult's result is assignable to the SDK's CallToolResult", () => {
    expect(runTsc([typeFixture("sdk-compatible")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  for (const [name, what] of [
    ["wrong-tool", "an available action naming a wrong tool"],
    ["missing-state", "a state-driven builder missing a state, and an unknown state"],
    ["missing-required", "missing required fields, error guidance without blocked_reason, a payload with its own guidance"],
  ] as const) {
    it(`rejects ${what}, exactly where marked`, () => {
      const outcome = runTsc([typeFixture(name)]);
      expect(outcome.exitCode).not.toBe(0);
      expect(compareMarkedDiagnostics(typeFixture(name), outcome)).toEqual({ missing: [], unexpected: [] });
    });
  }
});
