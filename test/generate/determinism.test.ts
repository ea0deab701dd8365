import { describe, expect, it } from "vitest";
import type { Inventory } from "../../src/analyze/inventory.js";
import { generate } from "../../src/generate/generate.js";
import { PROTOCOL_IDS } from "../../src/protocols/ids.js";
import { configFor, fixtureInventory } from "./harness.js";

/** Byte-identical output for the same inventory, whatever order the analyser listed things in. */

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function shuffleInventory(inventory: Inventory, seed: number): Inventory {
  return {
    ...inventory,
    tools: shuffled(inventory.tools, seed).map((tool, i) => ({
      ...tool,
      input: shuffled(tool.input, seed + i),
      warnings: shuffled(tool.warnings, seed + 2 * i),
      references: shuffled(tool.references, seed + 3 * i),
    })),
  };
}

const asObject = (result: ReturnType<typeof generate>) => ({
  generated: [...result.generated],
  scaffolded: [...result.scaffolded],
});

describe.each(["stock-legacy", "orchestrator"])("%s", (fixture) => {
  const inventory = fixtureInventory(fixture);

  it("has warnings, references and several tools to shuffle", () => {
    expect(inventory.tools.length).toBeGreaterThan(5);
    expect(inventory.tools.some((tool) => tool.references.length > 1)).toBe(true);
  });

  it.each([...PROTOCOL_IDS])("%s: generating twice gives identical maps, in sorted order", (protocol) => {
    const first = generate(inventory, configFor(protocol));
    const second = generate(structuredClone(inventory), configFor(protocol));
    expect(asObject(second)).toEqual(asObject(first));
    const paths = [...first.generated.keys()];
    expect(paths).toEqual([...paths].sort());
  });

  it.each([...PROTOCOL_IDS])("%s: a shuffled inventory gives the same output", (protocol) => {
    const guidance = protocol === "aorp" || protocol === "smart-v2";
    const expected = asObject(generate(inventory, configFor(protocol, guidance)));
    for (const seed of [1, 7, 42]) {
      expect(asObject(generate(shuffleInventory(inventory, seed), configFor(protocol, guidance)))).toEqual(expected);
    }
  });

  it("output holds no timestamp or absolute path", () => {
    for (const protocol of PROTOCOL_IDS) {
      // The runtimes are copied verbatim (their doc examples hold dates); the rest is ours.
      for (const [path, contents] of generate(inventory, configFor(protocol)).generated) {
        if (path.includes("/runtime/")) continue;
        expect(contents).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:\d\d/);
        expect(contents).not.toContain("/work/");
      }
    }
  });
});
