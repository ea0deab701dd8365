import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryTransportV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { InMemoryTransport as InMemoryTransportV2 } from "@modelcontextprotocol/server";

/**
 * A real MCP client of either SDK major, connected in memory to a server of either major (an
 * `McpServer` or low-level `Server` of `@modelcontextprotocol/sdk` 1.x or `@modelcontextprotocol/server`
 * 2.x). What the wire tests need to say "the client received this": the tools as listed, and each
 * call's result or the error the client threw.
 *
 * Mind which client checks what: the 1.x `Client.callTool` validates `structuredContent` against
 * the listed `outputSchema` on every result, `isError` ones included; the 2.x client skips results
 * with `isError`. An output schema has to hold for the 1.x client to hold on the wire.
 */

export type SdkMajor = 1 | 2;

/** What the clients return from `tools/call`, reduced to what the tests read. */
export interface ReceivedResult {
  content: { type: string; text?: string }[];
  structuredContent?: { [key: string]: unknown };
  isError?: boolean;
}

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: { [key: string]: unknown };
  outputSchema?: { [key: string]: unknown };
}

export type CallOutcome = { ok: true; result: ReceivedResult } | { ok: false; error: Error };

export interface ConnectedClient {
  readonly major: SdkMajor;
  /** `tools/list`; the client also compiles its output-schema validators from it. */
  listTools(): Promise<ListedTool[]>;
  /** `tools/call`; a thrown error (protocol error, output schema rejection) is returned, not thrown. */
  callTool(name: string, args?: { [key: string]: unknown }): Promise<CallOutcome>;
  close(): Promise<void>;
}

/** Any server object of either SDK: both take a transport and close. */
export interface ConnectableServer {
  connect(transport: never): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connect a client of `major` to `server` in memory. Each client gets its own SDK's in-memory
 * transport; the 1.x one also carries a 2.x server, whose 2025 protocol era a 1.x client speaks.
 */
export async function connectClient(server: ConnectableServer, major: SdkMajor): Promise<ConnectedClient> {
  const info = { name: `mcp-conform-test-client-v${major}`, version: "0.0.0" };
  const [clientTransport, serverTransport] = major === 1 ? InMemoryTransportV1.createLinkedPair() : InMemoryTransportV2.createLinkedPair();
  const client = major === 1 ? new ClientV1(info) : new ClientV2(info);
  const connectServer = server.connect.bind(server) as (transport: unknown) => Promise<void>;
  const connectClientTo = client.connect.bind(client) as (transport: unknown) => Promise<void>;
  await Promise.all([connectServer(serverTransport), connectClientTo(clientTransport)]);
  return {
    major,
    async listTools() {
      const listed = (await client.listTools()) as { tools: ListedTool[] };
      return listed.tools;
    },
    async callTool(name, args = {}) {
      try {
        const result = (await client.callTool({ name, arguments: args })) as ReceivedResult;
        return { ok: true, result };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
      }
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
