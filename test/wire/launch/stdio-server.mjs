/**
 * Starts one built fixture server on stdio, the way each framework really starts:
 *
 *   node stdio-server.mjs sdk-1|sdk-2 <module.js> <export>   an SDK server connected to a StdioServerTransport
 *                                                            (`<name>()`: the server an exported factory returns)
 *   node stdio-server.mjs fastmcp <module.js> <export>       FastMCP's own `start({ transportType: "stdio" })`
 *   node stdio-server.mjs mcp-framework <module.js> <export> MCPServer's `start()` (stdio by default); run with the
 *                                                            project as cwd, where it finds `dist/tools/`
 *   node stdio-server.mjs xmcp <tools dir> <server name>     xmcp's own stdio runtime over the built tool files
 *
 * Most fixtures export their server without connecting a transport, as a library would; this file is
 * the `index.ts` they leave out. It runs with the clock and `Math.random` fixed (determinism.mjs).
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { freezeClockAndRandom } from "./determinism.mjs";

freezeClockAndRandom();

const [kind, target, name] = process.argv.slice(2);
if (kind === undefined || target === undefined || name === undefined) {
  process.stderr.write("usage: stdio-server.mjs <kind> <module or tools dir> <export or name>\n");
  process.exit(2);
}

async function exported() {
  const module = await import(pathToFileURL(target).href);
  const factory = name.endsWith("()");
  const value = module[factory ? name.slice(0, -2) : name];
  if (value === undefined) throw new Error(`${target} has no export ${name}`);
  return factory ? value() : value;
}

switch (kind) {
  case "sdk-1": {
    const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
    await (await exported()).connect(new StdioServerTransport());
    break;
  }
  case "sdk-2": {
    const { StdioServerTransport } = await import("@modelcontextprotocol/server/stdio");
    await (await exported()).connect(new StdioServerTransport());
    break;
  }
  case "fastmcp":
    await (await exported()).start({ transportType: "stdio" });
    break;
  case "mcp-framework":
    await (await exported()).start();
    break;
  case "xmcp": {
    // `xmcp build` (its compiler, @xmcp-dev/compiler, is not installed here) bundles this runtime with
    // these variables defined: the tool files as lazy imports keyed by their source path, as its
    // generated import code writes them, and the server info and stdio options from xmcp.config.
    const root = dirname(dirname(target));
    const tools = Object.fromEntries(
      readdirSync(target)
        .filter((file) => file.endsWith(".js"))
        .sort()
        .map((file) => [
          join("src", relative(join(root, "dist"), join(target, file)))
            .replace(/\.js$/, ".ts")
            .split("\\")
            .join("/"),
          () => import(pathToFileURL(join(target, file)).href),
        ]),
    );
    Object.assign(globalThis, {
      INJECTED_TOOLS: tools,
      INJECTED_PROMPTS: {},
      INJECTED_RESOURCES: {},
      INJECTED_CLIENT_BUNDLES: {},
      IS_CLOUDFLARE: false,
      SERVER_INFO: { name, version: "0.0.0" },
      // `silent` sends the runtime's own logging to stderr: stdout is the protocol.
      STDIO_CONFIG: { debug: false, silent: true },
    });
    const require = createRequire(join(root, "package.json"));
    require(join(dirname(require.resolve("xmcp/package.json")), "dist", "runtime", "stdio.js"));
    break;
  }
  default:
    process.stderr.write(`unknown server kind ${kind}\n`);
    process.exit(2);
}
