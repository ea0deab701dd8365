import type { ChildProcess, spawn } from "node:child_process";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { API } from "typescript7/unstable/sync";
import { ts7PackageFor } from "./ts7-api.js";

/**
 * The TypeScript 7 compiler started ahead of the analysis. Opening a project takes tsgo 0.25 s on a
 * five-tool server (it parses the SDK's and zod's declarations), and loading mcp-conform's analysis
 * and the API's client takes Node about as long; one after the other, they were half of a small
 * `analyze`. So the command line spawns tsgo and sends it the two requests `open()` starts with
 * (`initialize`, then `updateSnapshot` opening the tsconfig) before it loads the command, and the
 * engine's `open()` adopts that process when it opens the same tsconfig from the same folder.
 *
 * What this touches of the pinned 7.0.2 client (engine-ts7-api.test.ts pins it): the channel
 * class in `dist/api/syncChannel.js`, its `writeTuple` and `child`, and the client's `channel`
 * field. The API's own code runs unchanged: its channel is handed the running process (through
 * `spawn`, for the one synchronous call that builds it) and its first two writes, which the
 * process has already had, are checked to be those and not sent again.
 */

/** The channel class of the pinned client, as the head start uses it. */
interface SyncRpcChannelLike {
  readonly child: ChildProcess;
  writeTuple(type: number, name: Buffer, payload: string | Uint8Array): void;
}
type SyncRpcChannelClass = new (exe: string, args: string[]) => SyncRpcChannelLike;

/** The channel's message type for a request (syncChannel.js's MSG_REQUEST). */
const MSG_REQUEST = 1;

interface SentRequest {
  readonly method: string;
  readonly payload: string;
}

interface HeadStart {
  readonly packageDir: string;
  readonly tsconfigPath: string;
  readonly cwd: string;
  readonly exe: string;
  readonly args: readonly string[];
  readonly child: ChildProcess;
  readonly sent: readonly SentRequest[];
}

let pending: HeadStart | undefined;
const counts = { started: 0, adopted: 0, dropped: 0 };

/** How many head starts this process made, adopted and dropped (for tests). */
export function ts7HeadStartCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/** The requests `Ts7Project`'s open sends first, as the API encodes them (sync/api.js, proto.js). */
function openingRequests(tsconfigPath: string): SentRequest[] {
  return [
    { method: "initialize", payload: JSON.stringify(null) },
    { method: "updateSnapshot", payload: JSON.stringify({ openProjects: [tsconfigPath] }) },
  ];
}

/**
 * Spawns tsgo for `tsconfigPath` and sends it the opening requests, without waiting for them. Does
 * nothing when the project has no pinned TypeScript 7 to run; never throws (a head start that does
 * not happen costs only its time).
 */
export async function startTs7Ahead(tsconfigPath: string, cwd: string): Promise<void> {
  dropTs7HeadStart();
  const chosen = ts7PackageFor(dirname(tsconfigPath));
  if (!chosen.found) return;
  const packageDir = chosen.found.dir;
  try {
    const load = (file: string): Promise<unknown> => import(pathToFileURL(join(packageDir, file)).href);
    const [{ SyncRpcChannel }, { default: getExePath }] = (await Promise.all([load("dist/api/syncChannel.js"), load("lib/getExePath.js")])) as [
      { SyncRpcChannel: SyncRpcChannelClass },
      { default: () => string },
    ];
    const exe = getExePath();
    // The arguments the client gives tsgo for `new API({ cwd })` (sync/client.js).
    const args = ["--api", "--cwd", cwd];
    const channel = new SyncRpcChannel(exe, args);
    // Node starts reading a child's stdout as it spawns it; the responses must stay in the pipe
    // for the channel's synchronous reads, whatever the event loop does meanwhile.
    const handle = (channel.child.stdout as unknown as { _handle?: { reading?: boolean; readStop?(): number } } | null)?._handle;
    if (handle?.readStop) {
      handle.reading = false;
      handle.readStop();
    }
    const sent = openingRequests(tsconfigPath);
    for (const request of sent) channel.writeTuple(MSG_REQUEST, Buffer.from(request.method, "utf8"), request.payload);
    pending = { packageDir, tsconfigPath, cwd, exe, args, child: channel.child, sent };
    counts.started++;
  } catch {
    // The engine's open starts the compiler as it always did.
  }
}

/**
 * The API over the process started ahead for this tsconfig, folder and package, built by
 * `construct` (`new API({ cwd })`); undefined when there is none (a head start for something else
 * is ended). The process has had the opening requests: the caller's next calls must be `open()`'s.
 */
export function adoptTs7HeadStart(packageDir: string, tsconfigPath: string, cwd: string, construct: () => API): API | undefined {
  const head = pending;
  if (!head) return undefined;
  pending = undefined;
  if (
    head.packageDir !== packageDir ||
    head.tsconfigPath !== tsconfigPath ||
    head.cwd !== cwd ||
    head.child.exitCode !== null ||
    head.child.signalCode !== null
  ) {
    end(head);
    return undefined;
  }
  const childProcess = createRequire(import.meta.url)("node:child_process") as { spawn: typeof spawn };
  // Taken from the CommonJS object before the swap below: an ESM binding of it would follow the swap.
  const realSpawn = childProcess.spawn;
  let handed = false;
  const spawnAhead = ((exe: string, args: readonly string[], options: unknown) => {
    if (!handed && exe === head.exe && args.length === head.args.length && args.every((arg, i) => arg === head.args[i])) {
      handed = true;
      return head.child;
    }
    return (realSpawn as (...all: unknown[]) => ChildProcess)(exe, args, options);
  }) as typeof spawn;
  // The client imports `spawn` from node:child_process; the live binding follows the CommonJS export.
  childProcess.spawn = spawnAhead;
  syncBuiltinESMExports();
  let api: API;
  try {
    api = construct();
  } finally {
    childProcess.spawn = realSpawn;
    syncBuiltinESMExports();
  }
  if (!handed) {
    end(head);
    return api;
  }
  skipSentWrites(api, head.sent);
  counts.adopted++;
  return api;
}

/** The adopted channel's first writes are the requests already sent: checked, and not sent twice. */
function skipSentWrites(api: API, sent: readonly SentRequest[]): void {
  const channel = (api as unknown as { client: { channel: SyncRpcChannelLike } }).client.channel;
  const write = channel.writeTuple.bind(channel);
  const ahead = [...sent];
  channel.writeTuple = (type, name, payload) => {
    const next = ahead.shift();
    if (!next) return write(type, name, payload);
    const text = typeof payload === "string" ? payload : Buffer.from(payload).toString("utf8");
    if (type !== MSG_REQUEST || name.toString("utf8") !== next.method || text !== next.payload) {
      throw new Error(`internal: the TypeScript 7 compiler started ahead was sent ${next.method}, and the engine asks ${name.toString("utf8")} first`);
    }
  };
}

/** Ends a head start nobody adopted (the run ended, or opened another project). */
export function dropTs7HeadStart(): void {
  const head = pending;
  pending = undefined;
  if (head) end(head);
}

function end(head: HeadStart): void {
  counts.dropped++;
  // Killed outright: tsgo says "context canceled" on our stderr when its input closes first.
  head.child.kill("SIGKILL");
  head.child.stdin?.destroy();
  head.child.stdout?.destroy();
}
