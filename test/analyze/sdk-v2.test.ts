import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { fixturesRoot } from "../helpers/fixtures.js";

/**
 * What the inventory says of SDK 2.x servers beyond the oracle's fields (fixtures.test.ts checks
 * names, inputs, payloads and returns): the SDK major of each tool, the `outputSchema` it
 * declares and what that accepts, and `inputRequired(...)` kept out of the payload.
 */

const inventoryOf = (fixture: string) => analyze({ project: join(fixturesRoot, fixture), cwd: fixturesRoot }).inventory;

describe("SDK 2.x fixtures in the inventory", () => {
  it("registerTool: sdkMajor 2, the declared zod 4 outputSchema as JSON Schema, and an input-required path", () => {
    const inventory = inventoryOf("sdk-v2/sdk-register-tool");
    expect(inventory.tools.map((tool) => [tool.name, tool.sdkMajor])).toEqual([
      ["get_forecast", 2],
      ["list_cities", 2],
      ["station_count", 2],
      ["subscribe_alerts", 2],
    ]);
    const forecast = inventory.tools.find((tool) => tool.name === "get_forecast")!;
    expect(forecast.declaredOutputSchema).toMatchObject({ file: "src/tools/forecast.ts", line: 23, generatedFor: null });
    expect(forecast.declaredOutputSchema?.schema).toMatchObject({
      type: "object",
      properties: { city: { type: "string" }, station: { type: "string" }, days: { type: "array" } },
      required: ["city", "station", "days"],
    });
    expect(inventory.tools.filter((tool) => tool.declaredOutputSchema).map((tool) => tool.name)).toEqual(["get_forecast"]);
    const alerts = inventory.tools.find((tool) => tool.name === "subscribe_alerts")!;
    expect(alerts.returns.map((path) => path.via)).toEqual(["throw", "input-required", "helper"]);
    expect(alerts.payloadType).toBe("AlertSubscription");
  });

  it("low-level Server: sdkMajor 2 and a JSON Schema outputSchema in the imported listing, read as written", () => {
    const inventory = inventoryOf("sdk-v2/sdk-low-level");
    expect(inventory.tools.every((tool) => tool.sdkMajor === 2)).toBe(true);
    const note = inventory.tools.find((tool) => tool.name === "get_note")!;
    expect(note.declaredOutputSchema).toEqual({
      file: "src/tools.ts",
      line: 22,
      generatedFor: null,
      schema: {
        type: "object",
        properties: { id: { type: "string" }, title: { type: "string" }, body: { type: "string" }, tags: { type: "array", items: { type: "string" } } },
        required: ["id", "title", "body", "tags"],
      },
    });
  });
});
