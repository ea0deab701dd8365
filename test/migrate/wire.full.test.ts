import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { guidanceProtocol } from "../../src/protocols/guidance/index.js";
import { smartV2Protocol } from "../../src/protocols/smart-v2/index.js";
import { cleanScratch } from "../check/helpers.js";
import { connectInMemory, importServer } from "../helpers/in-memory-client.js";
import { runCli } from "../helpers/run-cli.js";
import { committedCopy, migratedServer as migrated } from "./helpers.js";

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

describe("a migrated project moved onto another protocol by migrate (issue #12, point 7)", () => {
  it("guidance, then aorp with guidance: true: the call sites are written again and keep what the legacy responses said", async () => {
    const dir = committedCopy("migrate/weather");
    const first = await runCli(["migrate", "--protocol", "guidance", "--write", "--no-format"], { cwd: dir });
    expect(first.exitCode, first.stdout + first.stderr).toBe(0);
    writeFileSync(join(dir, "mcp-conform.config.json"), JSON.stringify({ protocol: "aorp", guidance: true }));
    const again = await runCli(["migrate", "--write", "--force", "--no-format"], { cwd: dir });
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain("4 tools migrated, 0 skipped");
    expect(again.stdout).toContain("tsc found no new errors");
    expect((await runCli(["generate", "--no-format"], { cwd: dir })).exitCode).toBe(0);

    const server = await connectInMemory(await importServer(join(dir, "src/server.ts"), "server"));
    try {
      const cities = await server.call("list_cities");
      expect(aorpProtocol.validate(cities)).toEqual([]);
      const listed = cities.structuredContent as { immediate: { key_insight: string }; actionable: { next_steps: string[] }; guidance?: unknown };
      expect(listed.immediate.key_insight).toBe("Lima, Oslo — use get_forecast next");
      expect(listed.actionable.next_steps).toEqual(["get_forecast"]);
      expect(listed.guidance).toBeDefined();
      const missing = await server.call("get_forecast", { city: "Paris" });
      expect(aorpProtocol.validate(missing)).toEqual([]);
      expect(missing.isError).toBe(true);
      expect((missing.structuredContent as { actionable: { next_steps: string[] } }).actionable.next_steps).toEqual(["list_cities"]);
    } finally {
      await server.close();
    }
  });
});

describe("a server migrated onto the Guidance Pattern, on the wire", () => {
  it("the tools its legacy text named are the scaffolded stub's available actions", async () => {
    const server = await migrated("migrate/weather", "guidance", "src/server.ts", "server");
    try {
      const cities = await server.call("list_cities");
      expect(guidanceProtocol.validate(cities)).toEqual([]);
      expect((cities.structuredContent as { guidance: { available_actions: string[] } }).guidance.available_actions).toEqual(["get_forecast"]);
      const missing = await server.call("get_forecast", { city: "Paris" });
      expect(guidanceProtocol.validate(missing)).toEqual([]);
      expect(missing.isError).toBe(true);
    } finally {
      await server.close();
    }
  });
});
