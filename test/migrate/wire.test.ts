import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckResult } from "../../src/check/result.js";
import { aorpProtocol } from "../../src/protocols/aorp/index.js";
import { cleanScratch } from "../check/helpers.js";
import { runCli } from "../helpers/run-cli.js";
import { migratedServer as migrated } from "./helpers.js";

afterAll(cleanScratch);

/**
 * What a real client receives from a migrated server (issue #12, points 3, 4 and 6): each fixture
 * is migrated with `--write`, type-checked by the real tsc, then its own server module is called
 * through the SDK's `Client`, in memory, on success and error paths.
 */

interface Envelope {
  immediate: { status: string; key_insight: string };
  actionable: { next_steps: string[] };
  quality: { completeness: number };
}

function envelopeOf(result: { structuredContent?: unknown }): Envelope {
  expect(result.structuredContent, "structuredContent at the top of the result").toBeDefined();
  return result.structuredContent as Envelope;
}

describe("a migrated server.tool() server, on the wire (AORP)", () => {
  it("sends every error the legacy server said in its own words as an error envelope, and its hints as typed next steps", async () => {
    const server = await migrated("migrate/weather", "aorp", "src/server.ts", "server");
    try {
      // Free text beside the payload: the key insight, once, and the tool it names a typed next step.
      const cities = await server.call("list_cities");
      expect(aorpProtocol.validate(cities)).toEqual([]);
      expect(cities.isError ?? false).toBe(false);
      const listed = envelopeOf(cities);
      expect(listed.immediate).toMatchObject({ status: "success", key_insight: "Lima, Oslo — use get_forecast next" });
      expect(listed.actionable.next_steps).toEqual(["get_forecast"]);
      expect(JSON.stringify(listed).split("use get_forecast next").length - 1, "the legacy text is carried once, not repeated").toBe(1);

      // An `errorResult(message)` helper that sets isError: the message, and the tool it names as the way out.
      const missing = await server.call("get_forecast", { city: "Paris" });
      expect(aorpProtocol.validate(missing)).toEqual([]);
      expect(missing.isError).toBe(true);
      expect(envelopeOf(missing).immediate).toMatchObject({
        status: "error",
        key_insight: "No forecast for Paris. Use list_cities to see the cities we cover",
      });
      expect(envelopeOf(missing).actionable.next_steps).toEqual(["list_cities"]);
      expect(envelopeOf(missing).quality.completeness).toBe(0);

      // `{ success: false, message }` in JSON text.
      const region = await server.call("get_alerts", { region: "mars" });
      expect(aorpProtocol.validate(region)).toEqual([]);
      expect(region.isError).toBe(true);
      expect(envelopeOf(region).immediate).toMatchObject({ status: "error", key_insight: "Unknown region mars" });

      // `## ❌ Error` Markdown: an error, its heading dropped.
      const week = await server.call("week_summary", { city: "Paris" });
      expect(aorpProtocol.validate(week)).toEqual([]);
      expect(week.isError).toBe(true);
      expect(envelopeOf(week).immediate).toMatchObject({ status: "error", key_insight: "No data for Paris. Call list_cities first." });
      expect(envelopeOf(week).actionable.next_steps).toEqual(["list_cities"]);

      const forecast = await server.call("get_forecast", { city: "Oslo" });
      expect(aorpProtocol.validate(forecast)).toEqual([]);
      expect(forecast.isError ?? false).toBe(false);
    } finally {
      await server.close();
    }

    // What the kit had to fill in is placeholder content: check names it per tool, and counts no tool as conforming.
    const check = await runCli(["check", "--protocol", "aorp", "--format", "json"], { cwd: server.dir });
    expect(check.exitCode).toBe(1);
    const report = JSON.parse(check.stdout) as CheckResult;
    expect(report.coverage.conforming).toEqual({ count: 0, total: 4, percent: 0 });
    expect(Object.fromEntries(report.tools.map((tool) => [tool.name, tool.placeholders]))).toEqual({
      get_alerts: ["completeness", "confidence", "key_insight", "next_steps", "recommendation", "recovery", "reliability", "summary", "workflow_guidance"],
      get_forecast: ["completeness", "confidence", "key_insight", "next_steps", "recommendation", "recovery", "reliability", "summary", "workflow_guidance"],
      list_cities: ["completeness", "confidence", "recommendation", "reliability", "summary", "workflow_guidance"],
      week_summary: ["completeness", "confidence", "key_insight", "next_steps", "recommendation", "recovery", "reliability", "summary", "workflow_guidance"],
    });
    const listCities = report.tools.find((tool) => tool.name === "list_cities")!;
    expect(listCities.problems.map((problem) => `${problem.code} ${problem.file}:${problem.line} ${problem.message}`)).toEqual([
      'MCPC112 src/server.ts:15 tool "list_cities" sends placeholder completeness, confidence, recommendation, reliability, summary, workflow_guidance on a success path: neutral values the legacy response never said; give each in the second argument of legacyParts(...)',
    ]);

    // Given every part, the tool conforms; the others still do not.
    const source = join(server.dir, "src/server.ts");
    const text = readFileSync(source, "utf8");
    const filled = text.replace(
      'next_steps: [aorp.step("get_forecast")] })',
      'next_steps: [aorp.step("get_forecast")], recommendation: "Pick a city", workflow_guidance: "Offer the cities", summary: "Cities with a forecast", confidence: 1, completeness: 1, reliability: 0.9 })',
    );
    expect(filled).not.toBe(text);
    writeFileSync(source, filled);
    const after = JSON.parse((await runCli(["check", "--protocol", "aorp", "--format", "json"], { cwd: server.dir })).stdout) as CheckResult;
    expect(after.tools.find((tool) => tool.name === "list_cities")).toMatchObject({ conforms: true, guidance: "complete", placeholders: [], problems: [] });
    expect(after.coverage.conforming).toEqual({ count: 1, total: 4, percent: 25 });
  });
});

describe("a migrated low-level server whose dispatcher serialised every handler's result", () => {
  it("passes the formatter's result through: structuredContent at the top, isError kept", async () => {
    const server = await migrated("migrate/notes-dispatcher", "aorp", "src/server.ts", "server");
    try {
      const found = await server.call("search_notes", { query: "travel" });
      expect(aorpProtocol.validate(found)).toEqual([]);
      expect(found.isError ?? false).toBe(false);
      const envelope = envelopeOf(found) as Envelope & { details: { data: unknown } };
      expect(envelope.details.data).toEqual({ count: 2, ids: ["n2", "n3"] });

      const missing = await server.call("get_note", { id: "n9" });
      expect(aorpProtocol.validate(missing)).toEqual([]);
      expect(missing.isError).toBe(true);
      expect(envelopeOf(missing).immediate.key_insight).toBe("Note n9 not found. Use search_notes to find ids");
      expect(envelopeOf(missing).actionable.next_steps).toEqual(["search_notes"]);
    } finally {
      await server.close();
    }

    // The same handlers behind the old dispatcher: check sees the result re-serialised.
    const dispatcher = join(server.dir, "src/server.ts");
    const passing = readFileSync(dispatcher, "utf8");
    expect(passing).toContain("  return result;\n");
    const codes = async (): Promise<string[]> => {
      const report = JSON.parse((await runCli(["check", "--protocol", "aorp", "--format", "json"], { cwd: server.dir })).stdout) as CheckResult;
      return report.tools.flatMap((tool) =>
        tool.problems.filter((problem) => problem.code !== "MCPC112").map((problem) => `${tool.name} ${problem.code} ${problem.file}:${problem.line}`),
      );
    };
    expect(await codes()).toEqual([]);
    writeFileSync(dispatcher, passing.replace("  return result;\n", '  return { content: [{ type: "text", text: JSON.stringify(result, null, 2) }] };\n'));
    expect(await codes()).toEqual(["get_note MCPC113 src/server.ts:17", "search_notes MCPC113 src/server.ts:17"]);
    // The same, serialised where it is called.
    writeFileSync(
      dispatcher,
      passing.replace(
        "  const result = await tool.handler(request.params.arguments ?? {});\n  return result;\n",
        '  return { content: [{ type: "text", text: JSON.stringify(await tool.handler(request.params.arguments ?? {})) }] };\n',
      ),
    );
    expect(await codes()).toEqual(["get_note MCPC113 src/server.ts:16", "search_notes MCPC113 src/server.ts:16"]);
  });
});
