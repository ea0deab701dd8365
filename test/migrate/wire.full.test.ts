import { afterAll, describe, expect, it } from "vitest";
import { smartV2Protocol } from "../../src/protocols/smart-v2/index.js";
import { cleanScratch } from "../check/helpers.js";
import { migratedServer as migrated } from "./helpers.js";

afterAll(cleanScratch);

describe("a migrated server, on the wire (SmartResponse V2)", () => {
  it("claims nothing on an error: no completeness, no fresh data, no invented follow-ups", async () => {
    const server = await migrated("migrate/weather", "smart-v2", "src/server.ts", "server");
    try {
      const missing = await server.call("get_forecast", { city: "Paris" });
      expect(smartV2Protocol.validate(missing)).toEqual([]);
      expect(missing.isError).toBe(true);
      const envelope = missing.structuredContent as {
        summary: { conclusion: string; confidence: { score: number } };
        data: { dataQuality: { completeness: { percentage: number }; freshness: { status: string } } };
        recommendations: { nextSteps: { tool?: string }[] };
        context: { suggestedFollowUp: unknown[] };
      };
      expect(envelope.summary.conclusion).toBe("No forecast for Paris. Use list_cities to see the cities we cover");
      expect(envelope.summary.confidence.score).toBe(0);
      expect(envelope.data.dataQuality.completeness.percentage).toBe(0);
      expect(envelope.data.dataQuality.freshness.status).not.toBe("real-time");
      expect(envelope.recommendations.nextSteps.map((step) => step.tool)).toEqual(["list_cities"]);
      expect(envelope.context.suggestedFollowUp).toEqual([]);
      expect(JSON.stringify(envelope)).not.toContain("suggested by the V1 response");

      const cities = await server.call("list_cities");
      expect(smartV2Protocol.validate(cities)).toEqual([]);
      const listed = cities.structuredContent as { summary: { conclusion: string }; recommendations: { nextSteps: { tool?: string }[] } };
      expect(listed.summary.conclusion).toBe("Lima, Oslo — use get_forecast next");
      expect(listed.recommendations.nextSteps.map((step) => step.tool)).toEqual(["get_forecast"]);
    } finally {
      await server.close();
    }
  });
});

