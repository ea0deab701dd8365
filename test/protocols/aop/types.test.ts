import { describe, expect, it } from "vitest";
import { compareMarkedDiagnostics, runTsc } from "../../helpers/tsc.js";
import { runTsc7 } from "./tsc7.js";

const runtimePath = "src/protocols/aop/runtime.ts";
const typeFixture = (name: string) => `fixtures/protocols/aop/types/${name}.ts`;

describe("AOP types through the real tsc", () => {
  it("the runtime compiles alone under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, NodeNext", () => {
    expect(runTsc([runtimePath])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  it("correct usage compiles clean, typed and untyped", () => {
    expect(runTsc([typeFixture("ok")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  it("toCallToolResult's result is assignable to the SDK's CallToolResult", () => {
    expect(runTsc([typeFixture("sdk-assignable")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  for (const [name, what] of [
    ["missing-content", "a block without its required content"],
    ["wrong-agent", "an agent that is not one of the server's tools"],
    ["wrong-attribute", "a typed attribute with a value of the wrong type"],
    ["unknown-attribute", "an attribute the type does not know (extra ones go in `extra`)"],
    ["raw-text-result", "hand-written text passed to toCallToolResult"],
  ] as const) {
    it(`rejects ${what}, exactly where marked`, () => {
      const outcome = runTsc([typeFixture(name)]);
      expect(outcome.exitCode).not.toBe(0);
      expect(compareMarkedDiagnostics(typeFixture(name), outcome)).toEqual({ missing: [], unexpected: [] });
    });
  }
});

describe("AOP types through TypeScript 7", () => {
  it("the runtime and correct usage compile clean", () => {
    expect(runTsc7([runtimePath, typeFixture("ok"), typeFixture("sdk-assignable")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  it("still rejects what TypeScript 6 rejects, exactly where marked", () => {
    const outcome = runTsc7([typeFixture("wrong-agent")]);
    expect(outcome.exitCode).not.toBe(0);
    expect(compareMarkedDiagnostics(typeFixture("wrong-agent"), outcome)).toEqual({ missing: [], unexpected: [] });
  });
});
