import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { compile, configFor, copyFixture, diagnostics, fixtureInventory, removeCopy, wrapHandlers, writeResult } from "./harness.js";

/**
 * For every fixture server and protocol: generate into a copy, wrap one tool's legacy handler with
 * `conform` and replace another's with a conform-wrapped formatter call, then run the real tsc
 * (TypeScript 6, then 7) once over the whole project. It must report errors for the wrapped legacy
 * handler, naming its tool, and nothing else: the generated files, the stubs, the conforming
 * handler and the untouched tools all compile under strict, exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess and NodeNext (the fixtures' own tsconfig).
 */

const FIXTURES = [
  "stock-legacy",
  "orchestrator",
  "perspectives",
  "demo",
  "styles/sdk-register-tool",
  "styles/sdk-tool",
  "styles/sdk-low-level",
  "styles/fastmcp",
  "styles/mcp-framework",
  "styles/xmcp",
  "styles/tool-object",
  "sdk-v2/sdk-register-tool",
  "sdk-v2/sdk-low-level",
  "sdk-v2/tool-object",
];
const PROTOCOLS: ProtocolId[] = ["aorp", "smart-v2", "guidance", "aop", "acor"];
const COMPOSED = ["stock-legacy", "orchestrator"];

const cases = FIXTURES.flatMap((fixture) => [
  ...PROTOCOLS.map((protocol) => ({ fixture, protocol, guidance: false })),
  ...(COMPOSED.includes(fixture) ? (["aorp", "smart-v2"] as const).map((protocol) => ({ fixture, protocol, guidance: true })) : []),
]);

const copies: string[] = [];
afterAll(() => copies.forEach(removeCopy));

describe.concurrent("generated code under the real tsc", () => {
  it.each(cases)("$fixture, $protocol, guidance: $guidance", async ({ fixture, protocol, guidance }) => {
    const inventory = fixtureInventory(fixture);
    const dir = copyFixture(fixture);
    copies.push(dir);
    writeResult(dir, generate(inventory, configFor(protocol, guidance)));
    const { broken, conforming } = wrapHandlers(dir, inventory, protocol, guidance);
    expect(conforming, "a second tool to wrap with a formatter call").toBeDefined();

    for (const compiler of [6, 7] as const) {
      const { exitCode, output } = await compile(dir, compiler);
      const errors = diagnostics(output);
      expect(exitCode, `TypeScript ${compiler}:\n${output}`).not.toBe(0);
      const elsewhere = errors.filter((error) => !(error.file.endsWith(broken.handler!.file) && error.text.includes(`"${broken.name}"`)));
      expect(elsewhere, `TypeScript ${compiler}: only the wrapped legacy handler of ${broken.name} fails`).toEqual([]);
      expect(errors.length).toBeGreaterThan(0);
    }
    removeCopy(dir);
  });
});
