import { describe, expect, it } from "vitest";
import { inventoryOn } from "./engine-inventory.js";

/**
 * The whole analysis on the TypeScript 7 engine gives the inventory the TypeScript 6 engine gives,
 * byte for byte. Four fixtures here (a tool-object server; mcp-framework's classes, whose
 * `extends` is a kind held as a number; payloads awaited from `Promise<A> | B`, which TypeScript 7's
 * API cannot await by itself; a conditional of a result and a promise of another, each branch settled
 * on its own); every fixture in engine-parity.full.test.ts.
 */
describe("the inventory on both engines (smoke)", () => {
  it.each(["styles/tool-object", "styles/mcp-framework", "real-world/awaited-payloads", "real-world/conditional-results"])(
    "%s: the same inventory from TypeScript 6 and TypeScript 7",
    async (fixture) => {
      const ts6 = await inventoryOn("ts6", fixture);
      const ts7 = await inventoryOn("ts7", fixture);
      expect(JSON.parse(ts6).tools.length).toBeGreaterThan(3);
      expect(ts7).toBe(ts6);
    },
  );
});
