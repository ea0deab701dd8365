import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fixturesRoot } from "../helpers/fixtures.js";

/**
 * `fixtures/<x>/wire-calls.json`: written by hand beside each fixture, from reading its source. It
 * says how to start each server the fixture holds and how to call each of its tools on a success
 * path and on an error path, in the order the calls run (state carries from one call to the next,
 * as it would for a real client). A tool whose handler has no error a caller can reach says why
 * instead (`noErrorPath`). An argument written `{ "$repeat": "ab", "times": 3 }` is the string
 * `"ababab"`, for inputs too long to write out (a text over a handler's length limit).
 */
export interface WireCallsFile {
  servers: WireServer[];
}

/** How a server starts. Module paths are source paths (`src/server.ts`); the harness runs the built JS. */
export type ServerStart =
  /**
   * An SDK `McpServer` or low-level `Server`: the instance `module` exports as `export`, or the one
   * its exported function `factory` returns (2.x servers are often built per connection).
   */
  | ({ kind: "sdk"; sdk: 1 | 2; module: string } & ({ export: string } | { factory: string }))
  /** A `FastMCP` instance; FastMCP only starts through `start()`. */
  | { kind: "fastmcp"; module: string; export: string }
  /** An mcp-framework `MCPServer`; it loads its tool classes from the built `tools/` folder on `start()`. */
  | { kind: "mcp-framework"; module: string; export: string }
  /** An xmcp project: one file per tool under `tools`. */
  | { kind: "xmcp"; tools: string; name: string };

export interface WireServer {
  /** A short name for test titles. */
  id: string;
  start: ServerStart;
  calls: ToolCalls[];
}

export type Arguments = { [name: string]: unknown };

/**
 * `error` may list several calls when a handler has several ways to fail. `successElicits` is what
 * the client answers (accepts) when the server asks for input during the success call (an SDK 2.x
 * `inputRequired(...)`, an elicitation); without it the client declines.
 */
export type ToolCalls = { tool: string; success: Arguments; successElicits?: Arguments } & ({ error: Arguments | Arguments[] } | { noErrorPath: string });

export type CallPath = "success" | "error";

/** One call as the harness makes it. */
export interface WireCall {
  tool: string;
  path: CallPath;
  arguments: Arguments;
  /** The content the client accepts an elicitation with during this call. */
  elicits?: Arguments;
}

/** The SDK major a server speaks with its client (frameworks embed one). */
export function sdkMajor(start: ServerStart): 1 | 2 {
  switch (start.kind) {
    case "sdk":
      return start.sdk;
    case "xmcp":
      return 2;
    default:
      return 1;
  }
}

function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (typeof value !== "object" || value === null) return value;
  const record = value as { [key: string]: unknown };
  if (typeof record["$repeat"] === "string" && typeof record["times"] === "number") return record["$repeat"].repeat(record["times"]);
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, expand(item)]));
}

/** The calls of a server in order: each tool's success call, then its error calls. */
export function callsOf(server: WireServer): WireCall[] {
  return server.calls.flatMap((entry) => {
    const success: WireCall = { tool: entry.tool, path: "success", arguments: expand(entry.success) as Arguments };
    if (entry.successElicits !== undefined) success.elicits = entry.successElicits;
    const calls: WireCall[] = [success];
    if ("error" in entry) {
      for (const args of Array.isArray(entry.error) ? entry.error : [entry.error])
        calls.push({ tool: entry.tool, path: "error", arguments: expand(args) as Arguments });
    }
    return calls;
  });
}

/** A call's arguments for a test title: long strings cut short. */
export function argumentsTitle(call: WireCall): string {
  return JSON.stringify(call.arguments, (_key, value: unknown) =>
    typeof value === "string" && value.length > 40 ? `${value.slice(0, 20)}…(${value.length} chars)` : value,
  );
}

/** Read and check a fixture's `wire-calls.json`; a malformed file names the fixture and the entry. */
export function readWireCalls(fixture: string): WireCallsFile {
  const path = join(fixturesRoot, fixture, "wire-calls.json");
  const file = JSON.parse(readFileSync(path, "utf8")) as WireCallsFile;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const server of file.servers) {
    if (seen.has(server.id)) problems.push(`server id ${server.id} appears twice`);
    seen.add(server.id);
    for (const entry of server.calls) {
      const hasError = "error" in entry;
      const hasReason = "noErrorPath" in entry;
      if (hasError === hasReason) problems.push(`${server.id}/${entry.tool}: give exactly one of "error" and "noErrorPath"`);
      if (hasReason && (typeof entry.noErrorPath !== "string" || entry.noErrorPath.trim() === "")) {
        problems.push(`${server.id}/${entry.tool}: "noErrorPath" must say why`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`${path}:\n  ${problems.join("\n  ")}`);
  return file;
}
