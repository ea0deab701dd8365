import { describe, expect, it } from "vitest";
import { generate } from "../../src/generate/generate.js";
import type { Inventory, ToolEntry } from "../../src/analyze/inventory.js";
import { analyze } from "../../src/analyze/analyze.js";
import { fixtureProjects, fixturesRoot } from "../helpers/fixtures.js";
import { join } from "node:path";

/**
 * generate() keeps the output schema files of its last run (watch mode): whatever came before, a
 * run must give exactly what it gives on its own.
 */
const inventories = fixtureProjects()
  .filter((project) => !project.startsWith("bad"))
  .slice(0, 6)
  .map((project) => {
    try {
      return analyze({ project: join(fixturesRoot, project) }).inventory;
    } catch {
      return undefined;
    }
  })
  .filter((inventory): inventory is Inventory => inventory !== undefined && inventory.tools.length > 0);

const protocols = ["aorp", "smart-v2", "acor", "aop", "guidance"] as const;

function run(inventory: Inventory, protocol: (typeof protocols)[number], guidance = false) {
  const result = generate(inventory, { protocol, guidance, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" });
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
      ];
      for (const protocol of protocols) {
        // On its own: each variant first, in a fresh order, then again after every other one.
        const alone = variants.map((variant) => {
          run(inventories[0] === inventory ? (inventories[1] ?? variant) : inventories[0]!, "acor");
          return run(variant, protocol);
        });
        for (const [i, variant] of variants.entries()) {
          for (const before of variants) {
            run(before, protocol);
            expect(run(variant, protocol)).toBe(alone[i]);
          }
        }
      }
    }
  });
});
