import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import { compile, configFor, copyFixture, diagnostics, fixtureInventory, realTsc, removeCopy, wrapHandlers, writeResult } from "./harness.js";

/**
 * The smoke run of compile.full.test.ts (every fixture x protocol, in `npm run test:full`): one
 * fixture and protocol through the real tsc binaries, which the rest of the suite stands in for
 * (TypeScript 6 is checked in-process, test/helpers/typecheck.ts: here it must print what tsc prints).
 * npm test runs tsc 7 (under a second); test:full (FUZZ_RUNS set) runs tsc 6, whose start-up alone
 * is 3 of the case's 8 s.
 */
const compilers: readonly (6 | 7)[] = process.env["FUZZ_RUNS"] !== undefined ? [6] : [7];
const copies: string[] = [];
afterAll(() => copies.forEach(removeCopy));

describe("generated code under the real tsc (smoke)", () => {
  it(`orchestrator, aorp with guidance: only the wrapped legacy handler fails, under TypeScript ${compilers.join(" and ")}`, async () => {
    const inventory = fixtureInventory("orchestrator");
    const dir = copyFixture("orchestrator");
    copies.push(dir);
    writeResult(dir, generate(inventory, configFor("aorp", true)));
    const { broken, conforming } = wrapHandlers(dir, inventory, "aorp", true);
    expect(conforming, "a second tool to wrap with a formatter call").toBeDefined();
    for (const compiler of compilers) {
      const { exitCode, output } = await realTsc(dir, compiler);
      const errors = diagnostics(output);
      expect(exitCode, `TypeScript ${compiler}:\n${output}`).not.toBe(0);
      const elsewhere = errors.filter((error) => !(error.file.endsWith(broken.handler!.file) && error.text.includes(`"${broken.name}"`)));
      expect(elsewhere, `TypeScript ${compiler}: only the wrapped legacy handler of ${broken.name} fails`).toEqual([]);
      expect(errors.length).toBeGreaterThan(0);
      if (compiler === 6) expect(await compile(dir, 6), "the in-process check prints what tsc prints").toEqual({ exitCode, output });
    }
  });
});
