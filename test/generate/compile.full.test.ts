import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolEntry } from "../../src/analyze/inventory.js";
import { generate } from "../../src/generate/generate.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import {
  type Compiled,
  compile,
  configFor,
  copyFixtureVariants,
  diagnostics,
  fixtureInventory,
  includeVariants,
  removeCopy,
  wrapHandlers,
  writeResult,
} from "./harness.js";

/**
 * For every fixture server and protocol: generate into a copy, wrap one tool's legacy handler with
 * `conform` and replace another's with a conform-wrapped formatter call, then type-check the
 * project with TypeScript 6 and 7. Each must report errors for the wrapped legacy handler, naming
 * its tool, and nothing else: the generated files, the stubs, the conforming handler and the
 * untouched tools all compile under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess
 * and NodeNext (the fixtures' own tsconfig).
 *
 * The copies of one fixture (one per protocol) sit side by side and are checked as one program per
 * compiler (harness.ts, `copyFixtureVariants`): the SDK's and zod's types are resolved once per
 * fixture rather than once per protocol. compile.test.ts runs the real tsc of both compilers.
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

interface Variant {
  name: string;
  protocol: ProtocolId;
  guidance: boolean;
}

function variantsOf(fixture: string): Variant[] {
  return [
    ...PROTOCOLS.map((protocol) => ({ name: protocol, protocol, guidance: false })),
    ...(COMPOSED.includes(fixture) ? (["aorp", "smart-v2"] as const).map((protocol) => ({ name: `${protocol}-guidance`, protocol, guidance: true })) : []),
  ];
}

const copies: string[] = [];
afterAll(() => copies.forEach(removeCopy));

describe.each(FIXTURES)("generated code of %s under TypeScript 6 and 7", (fixture) => {
  const variants = variantsOf(fixture);
  const wrapped = new Map<string, { broken: ToolEntry; conforming: ToolEntry | undefined }>();
  const compiled = new Map<6 | 7, Compiled>();

  beforeAll(async () => {
    const inventory = fixtureInventory(fixture);
    const copy = copyFixtureVariants(
      fixture,
      variants.map((variant) => variant.name),
    );
    copies.push(copy.root);
    for (const { name, protocol, guidance } of variants) {
      const dir = copy.dirs.get(name)!;
      writeResult(dir, generate(inventory, configFor(protocol, guidance)));
      wrapped.set(name, wrapHandlers(dir, inventory, protocol, guidance));
    }
    includeVariants(copy);
    // TypeScript 7 in its own process while TypeScript 6 checks in this one.
    const seven = compile(copy.root, 7);
    compiled.set(6, await compile(copy.root, 6));
    compiled.set(7, await seven);
  });

  it.each(variants)("$name: only the wrapped legacy handler fails", ({ name }) => {
    const { broken, conforming } = wrapped.get(name)!;
    expect(conforming, "a second tool to wrap with a formatter call").toBeDefined();
    for (const compiler of [6, 7] as const) {
      const { exitCode, output } = compiled.get(compiler)!;
      expect(exitCode, `TypeScript ${compiler}:\n${output}`).not.toBe(0);
      const errors = diagnostics(output).filter((error) => error.file.startsWith(`${name}/`));
      const elsewhere = errors.filter((error) => !(error.file.endsWith(broken.handler!.file) && error.text.includes(`"${broken.name}"`)));
      expect(elsewhere, `TypeScript ${compiler}: only the wrapped legacy handler of ${broken.name} fails`).toEqual([]);
      expect(errors.length, `TypeScript ${compiler}: the wrapped legacy handler of ${broken.name} fails`).toBeGreaterThan(0);
    }
  });

  it("reports nothing outside the copies (no global or option errors)", () => {
    for (const compiler of [6, 7] as const) {
      const outside = diagnostics(compiled.get(compiler)!.output).filter((error) => !variants.some(({ name }) => error.file.startsWith(`${name}/`)));
      expect(outside, `TypeScript ${compiler}`).toEqual([]);
    }
  });
});
