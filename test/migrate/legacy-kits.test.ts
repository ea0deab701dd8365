import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { acorProtocol } from "../../src/protocols/acor/index.js";
import { smartV2Protocol } from "../../src/protocols/smart-v2/index.js";
import { cleanScratch, generatedCopy } from "../check/helpers.js";

afterAll(cleanScratch);

/**
 * The generated kits' legacy builders at run time, as `migrate` calls them (issue #12, point 6):
 * what the legacy response said goes in once, and nothing is claimed that it did not say.
 */

type Module = Record<string, (...args: never[]) => unknown>;

async function load(dir: string, path: string): Promise<Module> {
  return (await import(pathToFileURL(join(dir, "src/generated/mcp-conform", path)).href)) as Module;
}

describe("legacy builders of the generated kits", () => {
  it("smart-v2: an error claims no confidence, completeness or fresh data, and follow-ups only where there were some", async () => {
    const dir = await generatedCopy("migrate/weather", ["--protocol", "smart-v2"]);
    const kit = await load(dir, "kit.ts");
    const formatters = await load(dir, "formatters/get_forecast.ts");
    const message = "No forecast for Paris. Use list_cities to see the cities we cover";
    const sections = (kit["legacyErrorSections"] as (tool: string, legacy: object) => object)("get_forecast", { message, nextSteps: [(kit["nextStep"] as (tool: string) => object)("list_cities")] });
    const result = (formatters["formatGetForecastError"] as (sections: object) => { structuredContent: Record<string, never>; isError?: boolean })(sections);
    expect(smartV2Protocol.validate(result)).toEqual([]);
    expect(result.isError).toBe(true);
    const envelope = result.structuredContent as unknown as {
      summary: { conclusion: string; confidence: { score: number } };
      data: { dataQuality: { completeness: { percentage: number; status: string }; freshness: { status: string } } };
      recommendations: { nextSteps: { tool?: string }[] };
      context: { suggestedFollowUp: unknown[] };
    };
    expect(envelope.summary.conclusion).toBe(message);
    expect(JSON.stringify(envelope).split(message).length - 1, "the message once").toBe(1);
    expect(envelope.summary.confidence.score).toBe(0);
    expect(envelope.data.dataQuality.completeness).toMatchObject({ percentage: 0, status: "minimal" });
    expect(envelope.data.dataQuality.freshness.status).toBe("outdated");
    expect(envelope.recommendations.nextSteps.map((step) => step.tool)).toEqual(["list_cities"]);
    expect(envelope.context.suggestedFollowUp).toEqual([]);

    const success = (kit["legacySections"] as (tool: string, legacy?: object) => object)("list_cities", { conclusion: "Lima, Oslo — use get_forecast next" });
    expect(JSON.stringify(success)).not.toContain("suggested by the V1 response");
  });

  it("acor: the tools a legacy error names become suggestions with checked commands", async () => {
    const dir = await generatedCopy("migrate/weather", ["--protocol", "acor"]);
    const kit = await load(dir, "kit.ts");
    const formatters = await load(dir, "formatters/get_forecast.ts");
    const parts = (kit["legacyErrorParts"] as (tool: string, legacy: object) => object)("get_forecast", { message: "No forecast for Paris", next: [{ tool: "list_cities" }] });
    const result = (formatters["formatGetForecastError"] as (parts: object) => { content: { text: string }[]; isError?: boolean })(parts);
    expect(acorProtocol.validate(result.content[0]!.text)).toEqual([]);
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain('- Call list_cities: `{"tool":"list_cities","arguments":{}}`');

    // A legacy error envelope's code is in the title, its suggestion the recovery (not a placeholder).
    const coded = (kit["legacyErrorParts"] as (tool: string, legacy: object) => object)("get_forecast", { message: "No forecast for Paris", code: "NO_FORECAST", recovery: "Use list_cities first" });
    const text = (formatters["formatGetForecastError"] as (parts: object) => { content: { text: string }[] })(coded).content[0]!.text;
    expect(acorProtocol.validate(text)).toEqual([]);
    expect(text).toContain("get_forecast failed: NO_FORECAST");
    expect(text).toContain("Use list_cities first");
  });
});
