import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { InputError } from "../../src/errors.js";
import { repoRoot } from "../helpers/fixtures.js";
import { typeCheckProject } from "../helpers/typecheck.js";
import { STYLES, applyMutations, mutationArbitrary, renderServer, serverArbitrary, type ToolSpec } from "./server-arbitrary.js";

/**
 * Property-based fuzzing of the analyser. `npm test` runs a bounded number of cases, `npm run
 * test:full` 12 (FUZZ_RUNS=12, with the incremental property), `npm run fuzz` (FUZZ_RUNS=200) more. Projects are written under the git-ignored .tmp/ so the
 * real SDK, fastmcp, mcp-framework and zod resolve from the repository's node_modules.
 */
const runs = Number(process.env["FUZZ_RUNS"] ?? 3);
const scratchRoot = join(repoRoot, ".tmp");
mkdirSync(scratchRoot, { recursive: true });
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function writeProject(files: Map<string, string>): string {
  const dir = mkdtempSync(join(scratchRoot, "fuzz-"));
  scratch.push(dir);
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

function runTscProject(dir: string): { exitCode: number; diagnostics: string } {
  const { exitCode, output } = typeCheckProject(join(dir, "tsconfig.json"), repoRoot);
  return { exitCode, diagnostics: output.trim() };
}

const expected = (specs: ToolSpec[]) => specs.map((s) => ({ name: s.name, style: s.style })).sort((a, b) => a.name.localeCompare(b.name));

describe("analyser fuzzing", () => {
  it("the generator's sources are valid TypeScript (every style, name form, overload and wrapping)", () => {
    const specs: ToolSpec[] = [];
    let index = 0;
    for (const style of STYLES) {
      for (const nameForm of ["literal", "const", "enum", "template", "object-const"] as const) {
        specs.push({
          style,
          name: `tool_${index}`,
          nameForm,
          handlerForm: (["inline", "reference", "imported"] as const)[index % 3]!,
          wrapping: (["top", "function", "block", "if"] as const)[index % 4]!,
          overload: index % 6,
          aliased: index % 2 === 0,
          ifChain: false,
        });
        index++;
      }
    }
    const dir = writeProject(renderServer(specs));
    const compiled = runTscProject(dir);
    expect(compiled.diagnostics).toBe("");
    expect(analyze({ project: dir }).inventory.tools.map(({ name, style }) => ({ name, style }))).toEqual(expected(specs));
  });

  it(`finds exactly the generated tools (${runs} random servers)`, () => {
    fc.assert(
      fc.property(serverArbitrary, (specs) => {
        const dir = writeProject(renderServer(specs));
        const { inventory } = analyze({ project: dir });
        expect(inventory.tools.map(({ name, style }) => ({ name, style }))).toEqual(expected(specs));
        expect(inventory.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
      }),
      { numRuns: runs },
    );
  });

  it(`never crashes on random invalid edits (${runs} cases)`, () => {
    fc.assert(
      fc.property(serverArbitrary, mutationArbitrary, (specs, mutations) => {
        const dir = writeProject(applyMutations(renderServer(specs), mutations));
        try {
          const { inventory } = analyze({ project: dir });
          // Whatever survives the edits, the inventory stays well-formed and sorted.
          const names = inventory.tools.map((t) => t.name);
          expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
          for (const d of inventory.diagnostics) expect(typeof d.message).toBe("string");
        } catch (error) {
          // A located input error is an answer; anything else is a crash.
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: runs },
    );
  });
});
