import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { JsonSchema } from "../../src/protocols/protocol.js";
import { connectClient, type SdkMajor } from "./mcp-clients.js";

/**
 * Proves an envelope schema against the SDK's own validation. SDK 1.32's `McpServer.registerTool`
 * only takes zod schemas for `outputSchema`, so a plain JSON Schema goes through the low-level
 * `Server` (the supported path for JSON Schema): it lists the tool with our `outputSchema`, and the
 * real `Client` validates `structuredContent` against it with its ajv provider on `callTool`
 * (the 1.x client by default, the one that validates `isError` results too; see mcp-clients.ts).
 */

export type RoundTripOutcome = { ok: true; result: CallToolResult; listedTool: Tool } | { ok: false; error: Error; listedTool: Tool | undefined };

export interface RoundTripOptions {
  outputSchema: JsonSchema;
  /** What the tool handler returns. */
  result: CallToolResult;
  toolName?: string;
  /** The client's SDK major (default 1). */
  client?: SdkMajor;
}

export async function sdkRoundTrip(options: RoundTripOptions): Promise<RoundTripOutcome> {
  const toolName = options.toolName ?? "probe_tool";
  const server = new Server({ name: "mcp-conform-probe", version: "0.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: toolName,
        inputSchema: { type: "object" as const, properties: {} },
        outputSchema: options.outputSchema as Tool["outputSchema"] & object,
      },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => options.result);

  const client = await connectClient(server, options.client ?? 1);
  let listedTool: Tool | undefined;
  try {
    // The Client only compiles output validators for tools it has listed.
    listedTool = (await client.listTools()).find((tool) => tool.name === toolName) as Tool | undefined;
    if (!listedTool) throw new Error(`probe tool ${toolName} was not listed`);
    const outcome = await client.callTool(toolName);
    if (!outcome.ok) throw outcome.error;
    return { ok: true, result: outcome.result as CallToolResult, listedTool };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)), listedTool };
  } finally {
    await client.close();
  }
}
