import { describe, expect, it } from "vitest";
import { generate, type GenerateMemo } from "../../src/generate/generate.js";
import type { Inventory, ToolEntry } from "../../src/analyze/inventory.js";
import { analyze } from "../../src/analyze/analyze.js";
import { fixtureProjects, fixturesRoot } from "../helpers/fixtures.js";
import { join } from "node:path";

/**
 * generate() keeps the output schema files and the formatters of its last run in the memo watch
 * mode passes (GenerateMemo): whatever came before, a run must give exactly what it gives on its own.
 */
// Three servers: each is run after every variant of itself under every protocol (what the memo must
// survive), so a server more costs 12 s of CI on a 2-core machine; six took 71 s.
const inventories = fixtureProjects()
  .filter((project) => !project.startsWith("bad"))
  .slice(0, 3)
  .map((project) => {
    try {
      return analyze({ project: join(fixturesRoot, project) }).inventory;
    } catch {
      return undefined;
    }
  })
  .filter((inventory): inventory is Inventory => inventory !== undefined && inventory.tools.length > 0);

const protocols = ["aorp", "smart-v2", "acor", "aop", "guidance"] as const;

function run(inventory: Inventory, protocol: (typeof protocols)[number], memo?: GenerateMemo) {
  const result = generate(inventory, { protocol, guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" }, undefined, memo);
  return JSON.stringify([[...result.generated], [...result.scaffolded]]);
}

function edited(inventory: Inventory, edit: (tool: ToolEntry) => ToolEntry): Inventory {
  return { ...inventory, tools: inventory.tools.map((tool, index) => (index === 0 ? edit(tool) : tool)) };
}

describe("generate across watch cycles", () => {
  it("gives the same output after any previous run as on its own", () => {
    expect(inventories.length).toBeGreaterThan(0);
    for (const inventory of inventories) {
      const variants = [
        inventory,
        edited(inventory, (tool) => ({ ...tool, description: `${tool.description ?? ""} edited` })),
        edited(inventory, (tool) => ({
          ...tool,
          payload: { ...tool.payload, schema: { type: "object", properties: { changed: { type: "string" } }, required: ["changed"] } },
        })),
        edited(inventory, (tool) => ({ ...tool, name: `${tool.name}_renamed` })),
        // The same payload as a new object (the memo compares payloads by identity first).
        edited(inventory, (tool) => ({ ...tool, payload: structuredClone(tool.payload) })),
        // What the tool graph reads besides: a required param, a reference to another tool.
        edited(inventory, (tool) => ({ ...tool, input: [...tool.input, { name: "extraId", type: "string", optional: false }] })),
        // What tools.ts and warnings.ts read besides: the payload's type text, the harvested warnings.
        edited(inventory, (tool) => ({ ...tool, payload: { ...tool.payload, type: { ...tool.payload.type, text: `${tool.payload.type.text} | null` } } })),
        edited(inventory, (tool) => ({
          ...tool,
          warnings: [
            ...tool.warnings,
            { id: null, message: "Some rows were skipped", severity: "low", category: null, impact: null, suggestion: null, file: tool.file, line: tool.line },
          ],
        })),
        edited(inventory, (tool) => ({
          ...tool,
          references: [...tool.references, { tool: inventory.tools.at(-1)!.name, file: tool.file, line: tool.line, kind: "mentions", via: "text" }],
        })),
      ];
      for (const protocol of protocols) {
        // On its own (no memo), then after every other variant and after another protocol, with one memo kept throughout.
        const alone = variants.map((variant) => run(variant, protocol));
        const memo: GenerateMemo = {};
        run(inventories[0] === inventory ? (inventories[1] ?? inventory) : inventories[0]!, "acor", memo);
        for (const [i, variant] of variants.entries()) {
          for (const before of variants) {
            run(before, protocol, memo);
            expect(run(variant, protocol, memo)).toBe(alone[i]);
          }
          run(variant, protocol === "acor" ? "aorp" : "acor", memo);
          expect(run(variant, protocol, memo)).toBe(alone[i]);
        }
      }
    }
  });
});
