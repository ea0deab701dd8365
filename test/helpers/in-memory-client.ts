import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * A fixture's own server, as a host talks to it: the real SDK 1.x `Client`, connected in memory to
 * the `McpServer` or low-level `Server` the fixture exports. What `callTool` returns is what a model
 * would receive, so tests assert on it rather than on the source.
 */

/** What both `McpServer` and the low-level `Server` offer a transport. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

export interface InMemoryConnection {
  client: Client;
  /** `tools/call`, as the client returns it (never throws for an `isError` result). */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connectInMemory(server: ConnectableServer): Promise<InMemoryConnection> {
  const client = new Client({ name: "mcp-conform-test-host", version: "0.0.0" });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  // The client validates structured content only for tools it has listed, as hosts list first.
  await client.listTools();
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Import a project's server module (TypeScript, compiled by the test runner) and take one export. */
export async function importServer(file: string, exportName: string): Promise<ConnectableServer> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const server = module[exportName];
  if (typeof server !== "object" || server === null || typeof (server as ConnectableServer).connect !== "function") {
    throw new Error(`${file} exports no server named ${exportName}`);
  }
  return server as ConnectableServer;
}
