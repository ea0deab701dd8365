import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import type { Inventory } from "../../src/analyze/inventory.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/**
 * The TypeScript 7 engine reads an object type's call, construct and index signatures, and
 * whether it has a `toJSON`, off the members its declarations write, when those are all it has
 * (an interface without `extends`, an object type literal), and a plain declared type's properties
 * off its members: each of those questions is a round trip to the compiler, asked of every result
 * interface. fixtures/analyze/written-members holds the
 * cases where the declarations say it all and those where they do not (`extends`, a computed
 * `toJSON` key, merged declarations); both engines must give the same schemas, which are pinned,
 * and TypeScript 7 must be asked only what the declarations cannot say.
 */
const project = join(fixturesRoot, "analyze", "written-members", "tsconfig.json");

type ApiRequest = (method: string, params: unknown) => unknown;
const client = (await import(pathToFileURL(join(repoRoot, "node_modules", "typescript7", "dist", "api", "sync", "client.js")).href)) as {
  Client: { prototype: { apiRequest: ApiRequest } };
};
const originalRequest = client.Client.prototype.apiRequest;
afterEach(() => {
  client.Client.prototype.apiRequest = originalRequest;
});

async function inventoryOn(engineId: "ts6" | "ts7"): Promise<Inventory> {
  const result = analyze({ project, cwd: repoRoot, engine: await loadEngine(engineId) });
  result.session.close();
  return result.inventory;
}

const schemas = (inventory: Inventory) => Object.fromEntries(inventory.tools.map((tool) => [tool.name, tool.payload.schema.properties]));

describe("object types read off their written members", () => {
  it("gives the schemas TypeScript 6 gives, on both engines", async () => {
    const ts6 = schemas(await inventoryOn("ts6"));
    expect(ts6["get_stamp"]).toEqual({ stamp: { type: "string" } });
    expect(ts6["get_shown"]).toEqual({ shown: { type: "object", properties: { shown: { type: "boolean" } }, required: ["shown"] } });
    expect(ts6["get_formatting"]).toEqual({ label: { type: "string" } });
    expect(ts6["get_tally"]).toEqual({
      tally: {
        type: "object",
        properties: { label: { type: "string" } },
        required: ["label"],
        additionalProperties: { anyOf: [{ type: "number" }, { type: "string" }] },
      },
    });
    expect(ts6["get_person"]).toEqual({
      person: {
        type: "object",
        properties: { age: { type: "number" }, name: { type: "string" } },
        required: ["age", "name"],
        additionalProperties: { anyOf: [{ type: "number" }, { type: "string" }] },
      },
    });
    expect(ts6["get_clock"]).toEqual({
      clock: { type: "object", properties: { zone: { type: "string" }, now: { type: "string" } }, required: ["zone", "now"] },
    });
    expect(Object.keys((ts6["get_lines"] as { lines: { items: { properties: object } } }).lines.items.properties)).toEqual(["sku", "quantity", "unit price"]);
    expect((ts6["get_wrapped"] as { wrapped: { additionalProperties: unknown } }).wrapped.additionalProperties).toEqual({ type: "string" });
    expect(schemas(await inventoryOn("ts7"))).toEqual(ts6);
  });

  it("asks TypeScript 7 only what the declarations cannot say", async () => {
    const asked = new Map<string, number>();
    client.Client.prototype.apiRequest = function (this: unknown, method: string, params: unknown) {
      asked.set(method, (asked.get(method) ?? 0) + 1);
      return originalRequest.call(this, method, params);
    };
    await inventoryOn("ts7");
    // Signatures (8): Formatter, Factory and Hook, which write some (the emitter stops at the
    // first it finds); Person twice, which inherits; the two `toJSON` methods' and Clock's `tick`.
    // Index signatures (3): Tally and Wrapped, which write one, and Person. `toJSON` by name (2):
    // Shown, whose key is computed, and Person (Stamp's is its written member's symbol). Properties (12): the nine
    // payloads' object literals, Person, Wrapped<Invoice>, and once `Object`'s (what every object
    // has); the plain declarations' are their members' symbols, asked a file at a time.
    expect({
      signatures: asked.get("getSignaturesOfType"),
      indexInfos: asked.get("getIndexInfosOfType"),
      propertyByName: asked.get("getPropertyOfType"),
      properties: asked.get("getPropertiesOfType"),
    }).toMatchInlineSnapshot(`
      {
        "indexInfos": 3,
        "properties": 12,
        "propertyByName": 2,
        "signatures": 8,
      }
    `);
  });
});
