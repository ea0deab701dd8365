import type { Checker, Program } from "typescript7/unstable/sync";

/**
 * Many questions of one kind in one go, over the pinned client's synchronous channel. The API
 * asks one question and waits for its answer; most of a small question's time is that wait (two
 * context switches between the processes, on a 2-core machine often more). The compiler process
 * answers its requests one at a time, in the order they came (the channel carries no request id,
 * so it cannot do otherwise), so several requests written at once are answered in order: on the
 * bench's json-zod server, 373 `typeToString` questions took 104 ms one by one and 58 ms so.
 *
 * What this touches of the pinned 7.0.2 client (engine-ts7-api.test.ts pins it): a `Checker`'s
 * `client`, `snapshotId` and `project.id`; the client's `channel` (`SyncRpcChannel`) and its
 * `getMethodBuf`, `writeTuple`, `readTuple`, `handleCall` and the `_msgType` / `_msgName` /
 * `_msgPayload` fields `readTuple` fills.
 */

interface SyncChannel {
  getMethodBuf(method: string): Buffer;
  writeTuple(type: number, name: Buffer, payload: string): void;
  readTuple(): void;
  handleCall(name: string, payload: Buffer): void;
  _msgType: number;
  _msgName: Buffer;
  _msgPayload: Buffer;
}

interface CheckerInternals {
  readonly snapshotId: number;
  readonly project: { readonly id: string };
  readonly client: ClientInternals;
}

// The channel's message types (dist/api/syncChannel.js).
const MSG_REQUEST = 1;
const MSG_RESPONSE = 4;
const MSG_ERROR = 5;
const MSG_CALL = 6;

/**
 * Requests written before their answers are read. Each way has a pipe buffer (64 KB on Linux): the
 * requests of one round must fit in it, or the two processes could each wait for the other to read.
 */
const MAX_ROUND_BYTES = 32 * 1024;

/** JSON answers, as `client.apiRequest` reads them. */
const asJson = (payload: Buffer): unknown => {
  const text = payload.toString("utf-8");
  return text.length > 0 ? JSON.parse(text) : undefined;
};

/** The answers to `params.length` requests of `method`, in order, each read by `decode`. */
function pipelined<T>(channel: SyncChannel, method: string, params: readonly object[], decode: (payload: Buffer) => T): T[] {
  const name = channel.getMethodBuf(method);
  const answers: T[] = [];
  let next = 0;
  while (next < params.length) {
    let written = 0;
    let bytes = 0;
    while (next + written < params.length && (written === 0 || bytes < MAX_ROUND_BYTES)) {
      const payload = JSON.stringify(params[next + written]);
      bytes += payload.length + name.length + 16;
      channel.writeTuple(MSG_REQUEST, name, payload);
      written++;
    }
    // Every answer of the round is read, even after an error: what is left unread would be taken
    // for the answer to the next request.
    let failure: Error | undefined;
    for (let read = 0; read < written;) {
      channel.readTuple();
      if (channel._msgType === MSG_CALL) {
        // A callback the compiler makes while answering (a file read): answered, and the request still waits.
        channel.handleCall(channel._msgName.toString("utf-8"), channel._msgPayload);
        continue;
      }
      read++;
      if (!name.equals(channel._msgName)) {
        failure ??= new Error(`name mismatch for response: expected \`${method}\`, got \`${channel._msgName.toString("utf-8")}\``);
      } else if (channel._msgType === MSG_ERROR) {
        failure ??= new Error(channel._msgPayload.toString("utf-8"));
      } else if (channel._msgType !== MSG_RESPONSE) {
        failure ??= new Error(`invalid message type from the compiler: ${channel._msgType}`);
      } else {
        answers.push(decode(channel._msgPayload));
      }
    }
    if (failure) throw failure;
    next += written;
  }
  return answers;
}

export interface TypeTextRequest {
  readonly typeId: string | number;
  /** The enclosing node's id (`RemoteNode.id`), or none. */
  readonly location: string | undefined;
  readonly flags: number | undefined;
}

/** What `checker.typeToString` answers for each request, asked in rounds instead of one by one. */
export function typeTexts(checker: Checker, requests: readonly TypeTextRequest[]): string[] {
  const internals = checker as unknown as CheckerInternals;
  const params = requests.map((request) => ({
    snapshot: internals.snapshotId,
    project: internals.project.id,
    type: request.typeId,
    location: request.location,
    flags: request.flags,
  }));
  return pipelined(internals.client.channel, "typeToString", params, asJson) as string[];
}

type ClientRequest = (method: string, params: Record<string, unknown>) => unknown;

interface ClientInternals {
  readonly channel: SyncChannel;
  apiRequest?: ClientRequest;
  apiRequestBinary?: ClientRequest;
}

/**
 * Runs `take` while the client answers the requests of `method` it makes from `answers` (by
 * `keyOf` their parameters), once each, and any other request as usual: so the API's own method
 * reads an answer fetched in a round exactly as it reads one it asked for.
 */
function withAnswers(
  client: ClientInternals,
  via: "apiRequest" | "apiRequestBinary",
  method: string,
  answers: Map<unknown, unknown>,
  keyOf: (params: Record<string, unknown>) => unknown,
  take: () => void,
): void {
  const ask = Object.getPrototypeOf(client) as Record<typeof via, ClientRequest>;
  client[via] = function (this: unknown, requested, params) {
    const key = requested === method ? keyOf(params) : undefined;
    if (key !== undefined && answers.has(key)) {
      const answer = answers.get(key);
      answers.delete(key);
      return answer;
    }
    return ask[via].call(this, requested, params);
  };
  try {
    take();
  } finally {
    delete client[via];
  }
}

interface ProgramInternals {
  readonly snapshotId: number;
  readonly project: { readonly id: string };
  readonly client: ClientInternals;
  readonly sourceFileCache: { getRetained(path: string, snapshotId: number, projectId: string): unknown };
  toPath(fileName: string): string;
}

/**
 * Fetches these files in rounds, then has the program take each as its own `getSourceFile` would
 * (the same checks of hash and parse options, the same cache). A file the program holds for this
 * snapshot already (an unchanged file in a watch cycle) is not asked for.
 */
export function prefetchSourceFiles(program: Program, fileNames: readonly string[]): void {
  const internals = program as unknown as ProgramInternals;
  const missing = fileNames.filter((name) => !internals.sourceFileCache.getRetained(internals.toPath(name), internals.snapshotId, internals.project.id));
  if (missing.length < 2) return;
  const params = missing.map((file) => ({ snapshot: internals.snapshotId, project: internals.project.id, file }));
  // An empty answer is no file, as `apiRequestBinary` reads it.
  const answers = pipelined(internals.client.channel, "getSourceFile", params, (payload) => (payload.length === 0 ? undefined : payload));
  const read = new Map<unknown, unknown>(missing.map((name, index) => [name, answers[index]]));
  withAnswers(
    internals.client,
    "apiRequestBinary",
    "getSourceFile",
    read,
    (requested) => requested["file"],
    () => {
      for (const name of missing) program.getSourceFile(name);
    },
  );
}

/**
 * Asks what each of these modules exports, in rounds, then has the checker read each answer as its
 * `getExportsOfModule` would (the same symbol objects): `take` makes those calls.
 */
export function prefetchModuleExports(checker: Checker, moduleSymbolIds: readonly unknown[], take: () => void): void {
  const internals = checker as unknown as CheckerInternals;
  const params = moduleSymbolIds.map((symbol) => ({ snapshot: internals.snapshotId, project: internals.project.id, symbol }));
  const answers = pipelined(internals.client.channel, "getExportsOfModule", params, asJson);
  const read = new Map<unknown, unknown>(moduleSymbolIds.map((id, index) => [id, answers[index]]));
  withAnswers(internals.client as ClientInternals, "apiRequest", "getExportsOfModule", read, (requested) => requested["symbol"], take);
}
