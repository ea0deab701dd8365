import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../../src/analyze/analyze.js";
import type { HarvestedWarning, Inventory, ToolEntry, ToolReference } from "../../../src/analyze/inventory.js";
import { NameMatcher } from "../../../src/analyze/relations/names.js";
import { fixturesRoot } from "../../helpers/fixtures.js";

/**
 * `warnings` and `references`, written from the fixtures' source: fixtures/analyze/relations (every
 * form, on purpose), then the stock-legacy and orchestrator servers (the forms real servers use).
 */

const inventories = new Map<string, Inventory>();
function inventoryOf(fixture: string): Inventory {
  let inventory = inventories.get(fixture);
  if (!inventory) {
    inventory = analyze({ project: join(fixturesRoot, fixture), cwd: fixturesRoot }).inventory;
    inventories.set(fixture, inventory);
  }
  return inventory;
}

function tool(fixture: string, name: string): ToolEntry {
  const found = inventoryOf(fixture).tools.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name} in ${fixture}`);
  return found;
}

/** A warning in short: `file:line id "message"` plus the optional fields that are set. */
function brief(warning: HarvestedWarning): string {
  const extra = (["severity", "category", "impact", "suggestion"] as const).filter((key) => warning[key] !== null).map((key) => `${key}=${warning[key]}`);
  return [`${warning.file}:${warning.line}`, warning.id ?? "-", JSON.stringify(warning.message), ...extra].join(" ");
}

function refs(references: ToolReference[]): string[] {
  return references.map((r) => `${r.kind} ${r.tool} ${r.via} ${r.file}:${r.line}`);
}

const RELATIONS = "analyze/relations";

describe("warnings (fixtures/analyze/relations)", () => {
  beforeAll(() => inventoryOf(RELATIONS));

  it("harvests plain strings, templates, concatenations and constants pushed by name, once each", () => {
    expect(tool(RELATIONS, "get_forecast").warnings.map(brief)).toEqual([
      // Through lookupForecast, which reads the ID → message table.
      'src/forecast.ts:9 WARN_MODEL_STALE "The weather model run is more than 12 hours old"',
      // Pushed twice (lines 13 and 16): the first place is kept.
      'src/server.ts:13 - "City name \\"{}\\" is very short"',
      'src/server.ts:14 - "Forecasts beyond {} days are estimates"',
      'src/server.ts:15 - "Low confidence beyond day 5"',
    ]);
  });

  it("reads describing objects from helpers and array literals stored as `warnings`", () => {
    expect(tool(RELATIONS, "get_alerts").warnings.map(brief)).toEqual([
      'src/helpers.ts:9 WARN_STALE_ALERTS "Alerts for {} may be stale" severity=medium',
      'src/server.ts:29 - "Coverage ends at the coast"',
      'src/server.ts:29 - "Region {} is large"',
    ]);
  });

  it("takes every field of an object with a WARN_ id, and follows helpers four calls deep", () => {
    expect(tool(RELATIONS, "deep_dive").warnings.map(brief)).toEqual([
      'src/helpers.ts:26 WARN_LEVEL_ONE "WARN_LEVEL_ONE"',
      'src/helpers.ts:29 WARN_LEVEL_TWO "WARN_LEVEL_TWO"',
      'src/helpers.ts:32 WARN_LEVEL_THREE "WARN_LEVEL_THREE"',
      'src/helpers.ts:35 WARN_LEVEL_FOUR "WARN_LEVEL_FOUR"',
      // WARN_LEVEL_FIVE is five calls deep: beyond the walk.
      'src/server.ts:61 WARN_DEEP "Deep dives are slow" severity=low category=performance impact=Takes seconds suggestion=Use get_status first',
    ]);
  });

  it("survives a call cycle", () => {
    expect(tool(RELATIONS, "get_status").warnings.map(brief)).toEqual(['src/helpers.ts:17 WARN_DEPTH_REACHED "WARN_DEPTH_REACHED"']);
  });

  it("stops at another tool's handler: its warnings stay with that tool", () => {
    expect(tool(RELATIONS, "plan_trip").warnings).toEqual([]);
  });
});

describe("references (fixtures/analyze/relations)", () => {
  it("calls: another tool's handler, and the function a handler only passes its arguments to", () => {
    expect(refs(tool(RELATIONS, "plan_trip").references)).toEqual([
      "mentions deep_dive available-actions src/server.ts:43",
      "calls get_alerts call src/server.ts:37",
      "calls get_forecast call src/server.ts:36",
      "mentions get_forecast related-tools src/server.ts:41",
      "mentions get_status related-tools src/server.ts:42",
    ]);
  });

  it("mentions: whole words only, never the tool itself, through nested next-step objects", () => {
    expect(refs(tool(RELATIONS, "get_status").references)).toEqual([
      "mentions deep_dive next-steps src/server.ts:54",
      "mentions plan_trip next-steps src/server.ts:52",
    ]);
    expect(refs(tool(RELATIONS, "get_forecast").references)).toEqual(["mentions get_alerts next-steps src/server.ts:18"]);
    expect(refs(tool(RELATIONS, "get_alerts").references)).toEqual(["mentions get_forecast available-actions src/server.ts:30"]);
  });

  it("mentions in a module-level constant the handler reads", () => {
    expect(refs(tool(RELATIONS, "deep_dive").references)).toEqual([
      "mentions get_status next-steps src/helpers.ts:43",
      "mentions get_status text src/server.ts:61",
    ]);
  });
});

describe("references from beyond the call graph (fixtures/analyze/graph-sources)", () => {
  const SOURCES = "analyze/graph-sources";

  it("calls: a tool that runs the function another tool's handler only wraps (load, then return it)", () => {
    // findUser is wrapped by lookup_user and whois; user_report reaches it two calls deep.
    expect(refs(tool(SOURCES, "user_report").references)).toEqual([
      "calls lookup_user shared-function src/reports/user_report.ts:5",
      "calls whois shared-function src/reports/user_report.ts:5",
    ]);
    expect(refs(tool(SOURCES, "user_card").references)).toEqual([
      "calls lookup_user shared-function src/tools/users.ts:28",
      "calls whois shared-function src/tools/users.ts:28",
    ]);
  });

  it("calls: none between two wrappers of one function, none through a handler that returns more than it loads, none through a formatter", () => {
    expect(refs(tool(SOURCES, "whois").references)).toEqual([]);
    // user_card loads a card among other things: card_colour, which loads one too, is not linked to it.
    expect(refs(tool(SOURCES, "card_colour").references)).toEqual([]);
    // echo's `jsonResult(args)` takes anything: neither echo's delegate nor a function it wraps.
    expect(refs(tool(SOURCES, "ping").references)).toEqual([]);
    expect(refs(tool(SOURCES, "echo").references)).toEqual([]);
  });

  it("mentions: the tool's guidance stub, found by its file name and its two exports in any folder; never a module specifier", () => {
    expect(refs(tool(SOURCES, "lookup_user").references)).toEqual(["mentions user_report available-actions src/app-guidance/lookup_user.ts:16"]);
  });
});

describe("notes: the note server of issue #19", () => {
  const NOTES = "notes";

  it("reads the filled-in guidance stub of search_notes, and links the callers of loadNote to get_note", () => {
    expect(refs(tool(NOTES, "search_notes").references)).toEqual([
      "calls get_note shared-function src/tools/notes.ts:36",
      "mentions get_note available-actions src/guidance/search_notes.ts:28",
    ]);
    expect(refs(tool(NOTES, "delete_note").references)).toEqual(["calls get_note shared-function src/tools/notes.ts:67"]);
    // The other stubs are still as scaffolded: they name no tool.
    for (const name of ["create_note", "get_note"]) expect(refs(tool(NOTES, name).references)).toEqual([]);
  });
});

describe("stock-legacy: V1 smart responses", () => {
  const STOCK = "stock-legacy";

  it("harvests `warnings.push(...)` strings without IDs, templates as {}", () => {
    expect(tool(STOCK, "fetch_stock_data").warnings.map(brief)).toEqual([
      'src/tools/fetch-stock-data.ts:41 - "Data is {} days old"',
      'src/tools/fetch-stock-data.ts:42 - "Less than 5 years of financial history"',
      'src/tools/fetch-stock-data.ts:43 - "No dividend data"',
      'src/tools/fetch-stock-data.ts:45 - "ROE is below 10%"',
    ]);
    expect(tool(STOCK, "screen_stocks").warnings.map(brief)).toEqual([
      // Pushed from inside a `filter` callback.
      'src/tools/screen.ts:47 - "{}: no dividend data, excluded"',
      'src/tools/screen.ts:55 - "No stock passed the screen; loosen the criteria"',
    ]);
    for (const entry of inventoryOf(STOCK).tools) for (const warning of entry.warnings) expect(warning.id).toBeNull();
  });

  it("finds relatedTools and free text such as “Use calculate_dcf”", () => {
    expect(refs(tool(STOCK, "fetch_stock_data").references)).toEqual([
      "mentions calculate_dcf related-tools src/tools/fetch-stock-data.ts:85",
      "mentions calculate_ddm related-tools src/tools/fetch-stock-data.ts:85",
      "mentions calculate_pe_band related-tools src/tools/fetch-stock-data.ts:85",
      "mentions calculate_pe_band text src/tools/fetch-stock-data.ts:86",
      "mentions screen_stocks text src/tools/fetch-stock-data.ts:36",
    ]);
    expect(refs(tool(STOCK, "calculate_ddm").references)).toEqual([
      "mentions calculate_dcf text src/tools/ddm.ts:31",
      "mentions calculate_dcf related-tools src/tools/ddm.ts:67",
      "mentions calculate_pe_band related-tools src/tools/ddm.ts:67",
      "mentions calculate_pe_band text src/tools/ddm.ts:68",
    ]);
    expect(refs(tool(STOCK, "calculate_margin_of_safety").references)).toEqual(["mentions calculate_dcf text src/tools/legacy-tools.ts:42"]);
    // The text lives in a module-level table the handler indexes.
    expect(refs(tool(STOCK, "explain_metric").references)).toEqual([
      "mentions calculate_dcf text src/tools/explain.ts:8",
      "mentions calculate_ddm text src/tools/explain.ts:9",
    ]);
  });
});

describe("orchestrator: guidance objects", () => {
  const ORCHESTRATOR = "orchestrator";

  it("finds available_actions and next_action, also through the guidance helper a handler calls", () => {
    expect(refs(tool(ORCHESTRATOR, "deploy_headless_agent").references)).toEqual([
      "mentions check_phase_progress next-steps src/tools/agents.ts:66",
      "mentions get_agent_output available-actions src/tools/agents.ts:42",
      "mentions get_agent_output next-steps src/tools/agents.ts:66",
      "mentions get_agent_output available-actions src/tools/agents.ts:67",
      "mentions kill_real_agent available-actions src/tools/agents.ts:42",
    ]);
    const phaseStatus = tool(ORCHESTRATOR, "get_phase_status").references;
    expect(phaseStatus.every((r) => r.file === "src/guidance.ts" && r.kind === "mentions")).toBe(true);
    expect(new Set(phaseStatus.map((r) => r.via))).toEqual(new Set(["available-actions", "next-steps"]));
    expect([...new Set(phaseStatus.map((r) => r.tool))]).toEqual([
      "advance_to_next_phase",
      "approve_phase_review",
      "check_phase_progress",
      "deploy_headless_agent",
      "get_agent_output",
      "get_review_status",
    ]);
  });

  it("harvests a warning list assigned to `guidance.warnings`", () => {
    expect(tool(ORCHESTRATOR, "get_phase_status").warnings.map(brief)).toEqual(['src/tools/phases.ts:50 - "{} agents have been running for over 30 minutes"']);
  });

  it("never lists a tool among its own references", () => {
    for (const fixture of [ORCHESTRATOR, "stock-legacy", RELATIONS, "analyze/graph-sources", "notes"]) {
      for (const entry of inventoryOf(fixture).tools) expect(entry.references.map((r) => r.tool)).not.toContain(entry.name);
    }
  });
});

describe("NameMatcher", () => {
  const matcher = new NameMatcher(["get_forecast", "get-alerts", "weather.now", "-odd", "plan"]);

  it("finds names as whole words", () => {
    expect(matcher.find("Use get_forecast, then get-alerts")).toEqual(["get_forecast", "get-alerts"]);
    expect(matcher.find("get_forecast_v2 and my_get_forecast and get-alerts2")).toEqual([]);
    expect(matcher.find("weather.now!")).toEqual(["weather.now"]);
    expect(matcher.find("weather.nowhere")).toEqual([]);
    expect(matcher.find("plan; x-odd; -odd")).toEqual(["plan", "-odd"]);
    expect(matcher.find("planning")).toEqual([]);
  });

  it("agrees with the regular expression of the definition", () => {
    const names = ["get_forecast", "get-alerts", "weather.now", "plan"];
    const texts = ["get_forecast", "a get-alerts b", "get-alerts-x", "xplan", "plan_", "(plan)", "weather.now.", "get_forecast\nplan", "é plan é"];
    const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
    for (const text of texts) {
      const expected = names.filter((name) => new RegExp(`(^|[^A-Za-z0-9_])${escape(name)}([^A-Za-z0-9_]|$)`).test(text));
      expect(new NameMatcher(names).find(text).sort(), text).toEqual(expected.sort());
    }
  });
});
