import { describe, expect, it } from "vitest";
import { compareMarkedDiagnostics, runTsc } from "../../helpers/tsc.js";
import { runTsc7 } from "../aop/tsc7.js";

const runtimePath = "src/protocols/acor/runtime.ts";
const typeFixture = (name: string) => `fixtures/protocols/acor/types/${name}.ts`;

describe("ACOR types through the real tsc", () => {
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
    ["error-without-recovery", "an Error without its required Recovery"],
    ["input-needed-without-command", "an Input Needed without a command"],
    ["input-needed-two-commands", "an Input Needed with more than one command"],
    ["wrong-tool-name", "a wrong tool name in a suggestion"],
    ["wrong-suggested-param", "a wrong suggested param"],
    ["param-of-another-tool", "a param that belongs to another tool"],
    ["wrong-param-type", "a param value of the wrong type in a directive's command"],
    ["empty-suggestions", "Suggestions without any item"],
    ["unknown-status", "a status the document does not define"],
  ] as const) {
    it(`rejects ${what}, exactly where marked`, () => {
      const outcome = runTsc([typeFixture(name)]);
      expect(outcome.exitCode).not.toBe(0);
      expect(compareMarkedDiagnostics(typeFixture(name), outcome)).toEqual({ missing: [], unexpected: [] });
    });
  }
});

describe("ACOR types through TypeScript 7", () => {
  it("the runtime and correct usage compile clean", () => {
    expect(runTsc7([runtimePath, typeFixture("ok"), typeFixture("sdk-assignable")])).toEqual({ exitCode: 0, diagnostics: "" });
  });

  it("still rejects what TypeScript 6 rejects, exactly where marked", () => {
    const outcome = runTsc7([typeFixture("wrong-suggested-param")]);
    expect(outcome.exitCode).not.toBe(0);
    expect(compareMarkedDiagnostics(typeFixture("wrong-suggested-param"), outcome)).toEqual({ missing: [], unexpected: [] });
  });
});
