import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { ts } from "../../src/compiler.cjs";
import type { Inventory } from "../../src/analyze/inventory.js";
import { fixtureProjects, fixturesRoot, golden } from "../helpers/fixtures.js";
import { fixtureRecall } from "../../bench/recall-metrics.js";

/** The hand-written oracle beside each fixture (see fixtures/README.md): written from the source, not from our output. */
interface OracleTool {
  name: string;
  style: string;
  file: string;
  line: number;
  input?: { name: string; optional: boolean; type?: string }[];
  returns?: { line: number; kind: string }[];
  payloadType?: string;
}

const analysed = new Map<string, Inventory>();
/** Each fixture is analysed once per test file: the oracle and golden tests read the same inventory. */
function analyzeFixture(fixture: string): Inventory {
  let inventory = analysed.get(fixture);
  if (!inventory) {
    inventory = analyze({ project: join(fixturesRoot, fixture), cwd: fixturesRoot }).inventory;
    analysed.set(fixture, inventory);
  }
  return inventory;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

const projects = fixtureProjects().filter((fixture) => existsSync(join(fixturesRoot, fixture, "expected-tools.json")));

describe("analyze finds exactly the tools each fixture declares", () => {
  it("has fixtures for every discovery style", () => {
    for (const style of ["sdk-register-tool", "sdk-tool", "sdk-low-level", "fastmcp", "mcp-framework", "xmcp", "tool-object"]) {
      expect(projects).toContain(`styles/${style}`);
    }
  });

  for (const fixture of projects) {
    it(fixture, () => {
      const inventory = analyzeFixture(fixture);
      const oracle = JSON.parse(readFileSync(join(fixturesRoot, fixture, "expected-tools.json"), "utf8")) as OracleTool[];
      // `npm run recall`'s measure, held at 100%: every tool found, every requiredness right, no untyped payload.
      const recall = fixtureRecall(fixture, oracle, inventory);
      expect({ missing: recall.missing, wrongRequiredness: recall.wrongRequiredness, unknownPayloads: recall.unknownPayloads }).toEqual({
        missing: [],
        wrongRequiredness: [],
        unknownPayloads: [],
      });

      const actual = inventory.tools.map((tool) => ({
        name: tool.name,
        style: tool.style,
        file: tool.file,
        line: tool.line,
        // Param types are compared where the oracle gives them.
        input: tool.input.map(({ name, optional, type }) => {
          const expectedParam = oracle.find((o) => o.name === tool.name && o.file === tool.file)?.input?.find((p) => p.name === name);
          return { name, optional, ...(expectedParam?.type !== undefined ? { type: squash(type) } : {}) };
        }),
        returns: tool.returns.map(({ line, kind }) => ({ line, kind })),
        ...(oracle.find((o) => o.name === tool.name && o.file === tool.file)?.payloadType !== undefined ? { payloadType: squash(tool.payloadType) } : {}),
      }));
      const expected = oracle.map((tool) => ({
        name: tool.name,
        style: tool.style,
        file: tool.file,
        line: tool.line,
        input: (tool.input ?? []).map((p) => ({ name: p.name, optional: p.optional, ...(p.type !== undefined ? { type: squash(p.type) } : {}) })),
        returns: tool.returns ?? [],
        ...(tool.payloadType !== undefined ? { payloadType: squash(tool.payloadType) } : {}),
      }));
      expect(actual).toEqual(expected);

      const diagnosticsPath = join(fixturesRoot, fixture, "expected-diagnostics.json");
      const expectedDiagnostics = existsSync(diagnosticsPath)
        ? (JSON.parse(readFileSync(diagnosticsPath, "utf8")) as { file: string; line: number; severity: string }[])
        : [];
      const actualDiagnostics = inventory.diagnostics.filter((d) => d.severity !== "info").map(({ file, line, severity }) => ({ file, line, severity }));
      expect(actualDiagnostics).toEqual(expectedDiagnostics);

      // Generation writes these texts into tools.ts: each must parse as a type (`{}` once printed as `{;}`).
      for (const tool of inventory.tools) {
        for (const text of [tool.payloadType, ...tool.input.map((param) => param.type)]) expect(typeParseErrors(text), `${tool.name}: ${text}`).toEqual([]);
      }
    });
  }
});

/** What TypeScript's parser says of `text` as a type (a cut text, ending in `...`, is not generated). */
function typeParseErrors(text: string): string[] {
  if (text.endsWith(" ...")) return [];
  const file = ts.createSourceFile("type.ts", `type T = ${text};`, ts.ScriptTarget.Latest);
  return ((file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

describe("golden inventories", () => {
  for (const fixture of projects) {
    it(fixture, () => {
      const actual = `${JSON.stringify(analyzeFixture(fixture), null, 2)}\n`;
      expect(actual).toBe(golden(join(fixturesRoot, fixture, "__expected__", "inventory.json"), actual));
    });
  }
});

/**
 * Issue #13, point 8: whether a param is optional is what the real SDK publishes in `tools/list`
 * (`required`), for zod 3 (its `isOptional()`) and zod 4 (`optin`), through `z.preprocess`,
 * `.pipe`, `.transform`, `.default` and `.catch`. The fixture's server module is imported and
 * listed through a real SDK Client; the inventory must say the same, param by param.
 */
async function publishedRequired(fixture: string): Promise<Map<string, string[]>> {
  const module = (await import(pathToFileURL(join(fixturesRoot, fixture, "src", "server.ts")).href)) as { server: McpServer };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "published-requiredness", version: "1.0.0" });
  await Promise.all([module.server.connect(serverSide), client.connect(clientSide)]);
  try {
    const { tools } = await client.listTools();
    return new Map(tools.map((tool) => [tool.name, [...(tool.inputSchema.required ?? [])].sort()]));
  } finally {
    await client.close();
  }
}

describe("requiredness as the SDK publishes it", () => {
  for (const fixture of ["real-world/zod-requiredness", "real-world/const-config"]) {
    it(fixture, async () => {
      const published = await publishedRequired(fixture);
      const inferred = new Map(
        analyzeFixture(fixture).tools.map((tool) => [
          tool.name,
          tool.input
            .filter((param) => !param.optional)
            .map((param) => param.name)
            .sort(),
        ]),
      );
      expect(inferred).toEqual(published);
    });
  }
});
