import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import { getProtocol } from "../../src/protocols/registry.js";
import type { ProtocolId } from "../../src/protocols/protocol.js";
import { generatedHeader } from "../../src/write/header.js";
import { golden, repoRoot } from "../helpers/fixtures.js";
import { configFor, fixtureInventory, GUIDANCE_DIR, OUTPUT_DIR } from "./harness.js";

/**
 * Golden snapshots of everything generation writes for the stock and orchestrator fixtures, per
 * protocol (and with `guidance: true` for the two protocols that compose with it), under
 * `fixtures/<fixture>/__expected__/generated/<variant>/`: generated files by their path inside the
 * output folder, guidance stubs under `guidance-stubs/`. The runtimes are the protocols' own files
 * verbatim, so they are checked for exactly that instead of being copied into the goldens.
 * `UPDATE_GOLDEN=1` rewrites them; stale golden files fail the test.
 */

const variants: { protocol: ProtocolId; guidance: boolean; name: string }[] = [
  { protocol: "aorp", guidance: false, name: "aorp" },
  { protocol: "aorp", guidance: true, name: "aorp+guidance" },
  { protocol: "smart-v2", guidance: false, name: "smart-v2" },
  { protocol: "smart-v2", guidance: true, name: "smart-v2+guidance" },
  { protocol: "guidance", guidance: false, name: "guidance" },
  { protocol: "aop", guidance: false, name: "aop" },
  { protocol: "acor", guidance: false, name: "acor" },
];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe.each(["stock-legacy", "orchestrator"])("%s", (fixture) => {
  const inventory = fixtureInventory(fixture);

  it.each(variants)("$name matches the golden files", ({ protocol, guidance, name }) => {
    const result = generate(inventory, configFor(protocol, guidance));
    const root = join(repoRoot, "fixtures", fixture, "__expected__", "generated", name);
    const expected = new Set<string>();
    for (const [path, contents] of result.generated) {
      const inside = path.slice(OUTPUT_DIR.length + 1);
      if (inside.startsWith("runtime/")) {
        const id = inside.slice("runtime/".length, -".ts".length);
        expect(contents).toBe(`${generatedHeader()}${getProtocol(id).runtimeSource()}`);
        continue;
      }
      const file = join(root, inside);
      expected.add(file);
      expect(contents, file).toBe(golden(file, contents));
    }
    for (const [path, contents] of result.scaffolded) {
      const file = join(root, "guidance-stubs", path.slice(GUIDANCE_DIR.length + 1));
      expected.add(file);
      expect(contents, file).toBe(golden(file, contents));
    }
    const stale = filesUnder(root).filter((file) => !expected.has(file));
    expect(
      stale.map((file) => relative(repoRoot, file)),
      "golden files no longer generated",
    ).toEqual([]);
  });
});

// SDK 2.x: conform.ts lets the handlers also return the SDK's InputRequiredResult (one protocol is enough: only the runtime import differs).
describe("sdk-v2/sdk-register-tool", () => {
  it("aorp: conform.ts matches the golden file", () => {
    const result = generate(fixtureInventory("sdk-v2/sdk-register-tool"), configFor("aorp", false));
    const file = join(repoRoot, "fixtures", "sdk-v2/sdk-register-tool", "__expected__", "generated", "aorp", "conform.ts");
    const contents = result.generated.get(`${OUTPUT_DIR}/conform.ts`)!;
    expect(contents, file).toBe(golden(file, contents));
  });
});
