import { describe, expect, it } from "vitest";
import { PROTOCOLS } from "../../src/protocols/registry.js";
import { runTsc, runTsc7 } from "../helpers/tsc.js";

/**
 * Every runtime is emitted verbatim into users' projects: it must import nothing and compile
 * under the strict options with both TypeScript 6 and TypeScript 7, all five together (they are
 * generated side by side when guidance composes with aorp or smart-v2).
 */
describe("protocol runtimes", () => {
  const files = PROTOCOLS.map((protocol) => protocol.runtimeSourcePath);

  for (const protocol of PROTOCOLS) {
    it(`${protocol.id} imports nothing`, () => {
      const source = protocol.runtimeSource();
      expect(source).not.toMatch(/^\s*import\s/m);
      expect(source).not.toMatch(/\brequire\(/);
      expect(source).not.toMatch(/^\s*export\s+(\*|\{[^}]*\})\s+from\s/m);
    });
  }

  it("compile cleanly under TypeScript 6", () => {
    const outcome = runTsc(files);
    expect(outcome.diagnostics).toBe("");
    expect(outcome.exitCode).toBe(0);
  });

  it("compile cleanly under TypeScript 7", () => {
    const outcome = runTsc7(files);
    expect(outcome.diagnostics).toBe("");
    expect(outcome.exitCode).toBe(0);
  });
});
