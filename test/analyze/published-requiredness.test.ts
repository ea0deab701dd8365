import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { describe, expect, it } from "vitest";
import { analyze } from "../../src/analyze/analyze.js";
import { fixturesRoot } from "../helpers/fixtures.js";

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
      const { inventory } = analyze({ project: join(fixturesRoot, fixture), cwd: fixturesRoot });
      const inferred = new Map(inventory.tools.map((tool) => [tool.name, tool.input.filter((param) => !param.optional).map((param) => param.name).sort()]));
      expect(inferred).toEqual(published);
    });
  }
});
