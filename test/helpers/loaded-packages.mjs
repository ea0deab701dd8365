// `node --import ./test/helpers/loaded-packages.mjs ...`: prints, on exit, one line to stderr
// naming every package under node_modules the process loaded (ESM through a resolve hook,
// CommonJS through Module._load), so a test can tell what a command pulls in. Worker threads run
// this too (they inherit --import): what they load is sent to the main thread, which prints it.
import { createRequire, register } from "node:module";
import { isMainThread } from "node:worker_threads";

const require = createRequire(import.meta.url);
const Module = require("node:module");
const seen = new Set();
const fromWorkers = new BroadcastChannel("loaded-packages");
if (isMainThread) fromWorkers.onmessage = (event) => seen.add(event.data);
// Neither thread is kept alive by the channel.
fromWorkers.unref();
const note = (id) => {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (!match) return;
  const name = match[1].replace("\\", "/");
  if (isMainThread) seen.add(name);
  else if (!seen.has(name)) {
    seen.add(name);
    fromWorkers.postMessage(name);
  }
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  try {
    note(Module._resolveFilename(request, parent, isMain));
  } catch {
    // Left to the real loader to report.
  }
  return load.apply(this, arguments);
};

const { port1, port2 } = new MessageChannel();
port1.on("message", note);
port1.unref();
const hook = `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { port: port2 }, transferList: [port2] });

if (isMainThread) process.on("exit", () => process.stderr.write(`\nloaded packages: ${JSON.stringify([...seen].sort())}\n`));
