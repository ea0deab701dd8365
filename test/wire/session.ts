import { fileURLToPath, pathToFileURL } from "node:url";
import { join } from "node:path";
import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioClientTransportV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioClientTransportV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { InMemoryTransport as InMemoryTransportV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { callsOf, sdkMajor, type ServerStart, type WireCall, type WireServer } from "./calls.js";
import { freezeClockAndRandom } from "./launch/determinism.mjs";
import { builtPath, type BuiltProject } from "./project.js";

/**
 * Connects the real SDK `Client` (1.x for servers on SDK 1.x, 2.x for servers on 2.x) to a built
 * server, lists its tools (the client compiles its `outputSchema` validators from that list) and
 * makes every call of its `wire-calls.json` in order, recording what the client returned or threw.
 */

export type Transport = "memory" | "stdio";

export interface CallOutcome {
  call: WireCall;
  /** The result as the client handed it back. */
  result?: CallToolResult;
  /** What the client threw instead (a protocol error, or its own outputSchema validation). */
  thrown?: string;
}

export interface ServerRun {
  listed: Tool[];
  outcomes: CallOutcome[];
  /** The server process's stderr (stdio only), for failure messages. */
  stderr: string;
}

const launcher = fileURLToPath(new URL("./launch/stdio-server.mjs", import.meta.url));

/** Frameworks only start over stdio; SDK servers are connected in memory unless asked otherwise. */
export function transportsFor(start: ServerStart): Transport[] {
  return start.kind === "sdk" ? ["memory"] : ["stdio"];
}

/** The argv of `launch/stdio-server.mjs` for a server: its kind, the built module (or tools folder) and the export. */
export function launchArgs(project: BuiltProject, start: ServerStart): string[] {
  switch (start.kind) {
    case "sdk":
      return [launcher, `sdk-${start.sdk}`, builtPath(project, start.module), "factory" in start ? `${start.factory}()` : start.export];
    case "xmcp":
      return [launcher, "xmcp", join(project.dir, start.tools.replace(/^src\//, "dist/")), start.name];
    default:
      return [launcher, start.kind, builtPath(project, start.module), start.export];
  }
}

/** The subset of the two majors' `Client` the harness uses; both fit it. */
interface AnyClient {
  connect(transport: never): Promise<void>;
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments: { [key: string]: unknown } }): Promise<unknown>;
  close(): Promise<void>;
}

/** What the client answers when the server asks for input: the current call's `elicits`, or a decline. */
/** What an elicitation answer may hold (MCP: flat primitive fields). */
type ElicitedContent = { [key: string]: string | number | boolean | string[] };
const elicitation = { answer: undefined as ElicitedContent | undefined };

async function answerElicitation(): Promise<{ action: "accept"; content: ElicitedContent } | { action: "decline" }> {
  return elicitation.answer === undefined ? { action: "decline" } : { action: "accept", content: elicitation.answer };
}

interface Connection {
  client: AnyClient;
  stderr: () => string;
  /** Puts the real clock back (in-memory sessions freeze it in this process). */
  restore: () => void;
  closeServer: () => Promise<void>;
}

function newClient(major: 1 | 2): AnyClient {
  const info = { name: "mcp-conform-wire", version: "0.0.0" };
  // A client that can answer elicitations, as the Inspector and desktop clients do.
  const options = { capabilities: { elicitation: {} } };
  if (major === 1) {
    const client = new ClientV1(info, options);
    client.setRequestHandler(ElicitRequestSchema, answerElicitation);
    return client as unknown as AnyClient;
  }
  const client = new ClientV2(info, options);
  client.setRequestHandler("elicitation/create", answerElicitation);
  return client as unknown as AnyClient;
}

async function connectInMemory(project: BuiltProject, start: ServerStart): Promise<Connection> {
  if (start.kind !== "sdk") throw new Error(`${start.kind} servers start over stdio only`);
  // The clock is fixed before the server's module runs, as the stdio launcher fixes it.
  const restore = freezeClockAndRandom();
  try {
    const module = (await import(pathToFileURL(builtPath(project, start.module)).href)) as { [name: string]: unknown };
    const name = "factory" in start ? start.factory : start.export;
    const exported = module[name];
    if (exported === undefined) throw new Error(`${start.module} has no export ${name}`);
    const server = ("factory" in start ? (exported as () => unknown)() : exported) as { connect(transport: unknown): Promise<void>; close(): Promise<void> };
    const [clientSide, serverSide] = start.sdk === 1 ? InMemoryTransportV1.createLinkedPair() : InMemoryTransportV2.createLinkedPair();
    const client = newClient(start.sdk);
    await Promise.all([server.connect(serverSide), client.connect(clientSide as never)]);
    return { client, stderr: () => "", restore, closeServer: () => server.close() };
  } catch (error) {
    restore();
    throw error;
  }
}

async function connectStdio(project: BuiltProject, start: ServerStart): Promise<Connection> {
  const major = sdkMajor(start);
  const options = { command: process.execPath, args: launchArgs(project, start), cwd: project.dir, stderr: "pipe" as const };
  const transport = major === 1 ? new StdioClientTransportV1(options) : new StdioClientTransportV2(options);
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = newClient(major);
  try {
    await client.connect(transport as never);
  } catch (error) {
    throw new Error(`could not connect to ${launchArgs(project, start).slice(1).join(" ")}: ${String(error)}\n${stderr}`, { cause: error });
  }
  return { client, stderr: () => stderr, restore: () => {}, closeServer: async () => {} };
}

/** Start the server, list its tools and make every call, in order. */
export async function runServer(project: BuiltProject, server: WireServer, transport: Transport): Promise<ServerRun> {
  const connection = transport === "memory" ? await connectInMemory(project, server.start) : await connectStdio(project, server.start);
  try {
    const listed = (await connection.client.listTools()).tools as Tool[];
    const outcomes: CallOutcome[] = [];
    for (const call of callsOf(server)) {
      elicitation.answer = call.elicits as ElicitedContent | undefined; // wire-calls.json holds flat primitive answers, as MCP asks
      try {
        const result = (await connection.client.callTool({ name: call.tool, arguments: call.arguments })) as CallToolResult;
        outcomes.push({ call, result });
      } catch (error) {
        outcomes.push({ call, thrown: error instanceof Error ? error.message : String(error) });
      } finally {
        elicitation.answer = undefined;
      }
    }
    return { listed, outcomes, stderr: connection.stderr() };
  } finally {
    await connection.client.close();
    await connection.closeServer();
    connection.restore();
  }
}
