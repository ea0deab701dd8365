// `node --import ./test/helpers/loaded-packages.mjs ...`: prints, on exit, one line to stderr
// naming every package under node_modules the process loaded (ESM through a resolve hook,
// CommonJS through Module._load), so a test can tell what a command pulls in.
import { createRequire, register } from "node:module";

const require = createRequire(import.meta.url);
const Module = require("node:module");
const seen = new Set();
const note = (id) => {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (match) seen.add(match[1].replace("\\", "/"));
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

process.on("exit", () => process.stderr.write(`\nloaded packages: ${JSON.stringify([...seen].sort())}\n`));
