#!/usr/bin/env node
// `npm run demo`: the whole job on the bundled demo server (fixtures/demo, a legacy SDK 1.x server),
// in a scratch copy (.tmp/demo; fixtures/ is never touched):
//   generate, check failing with its coverage, migrate --write, check listing what the author must
//   still say, the author's edits (fixtures/demo/author-edits.json), check passing, then the server
//   built and called through the real SDK Client: one success and one error, as the model receives them.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { styleText } from "node:util";
import { main } from "../dist/cli.js";
import { applyAuthorEdits } from "./author-edits.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const fixture = join(root, "fixtures", "demo");
const copy = join(root, ".tmp", "demo");
const started = Date.now();

/** Runs one command in the copy, printing it and what it prints; stops the demo on an exit code not expected. */
function step(title, command, args, expectedExit = 0) {
  console.log(`\n${styleText("bold", `$ ${title}`)}`);
  const begun = Date.now();
  const run = spawnSync(command, args, { cwd: copy, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0" } });
  if (process.env["DEMO_TIMES"]) console.log(`(${Date.now() - begun} ms)`);
  if (run.status !== expectedExit) {
    console.error(`\ndemo: "${title}" exited with ${run.status ?? run.signal}, not ${expectedExit}`);
    process.exit(1);
  }
}

/**
 * Runs mcp-conform's CLI, the same \`main\` bin/mcp-conform.js runs, in this process: the steps then
 * share one loaded compiler and its parsed SDK declarations, which halves the demo's time.
 */
async function conform(args, expectedExit = 0) {
  console.log(`\n${styleText("bold", `$ mcp-conform ${args.join(" ")}`)}`);
  const begun = Date.now();
  const code = await main(args);
  if (process.env["DEMO_TIMES"]) console.log(`(${Date.now() - begun} ms)`);
  if (code !== expectedExit) {
    console.error(`\ndemo: "mcp-conform ${args.join(" ")}" exited with ${code}, not ${expectedExit}`);
    process.exit(1);
  }
}
const git = (...args) => spawnSync("git", ["-c", "user.name=demo", "-c", "user.email=demo@example.com", ...args], { cwd: copy, encoding: "utf8" });
// Coloured on a terminal only: styleText leaves a piped stdout plain.
const say = (text) => console.log(`\n${styleText("cyan", `# ${text}`)}`);

rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
cpSync(join(fixture, "src"), join(copy, "src"), { recursive: true });
for (const file of ["package.json", "tsconfig.json"]) cpSync(join(fixture, file), join(copy, file));
// migrate --write refuses a dirty tree: the copy is a git repository, committed, as a user's would be.
git("init", "-q");
git("add", "-A");
git("commit", "-qm", "the legacy server");
process.chdir(copy);

say("recipe-box: six tools on the MCP SDK 1.x answering JSON or prose in a text block.");
await conform(["generate", "--protocol", "aorp"]);
say("check fails: no tool returns its formatter's result, and it says where.");
await conform(["check", "--protocol", "aorp"], 1);
git("add", "-A");
git("commit", "-qm", "mcp-conform generate");

say("migrate rewrites the handlers (business code untouched), regenerates and type-checks, or rolls back.");
await conform(["migrate", "--protocol", "aorp", "--write"]);
say("check still fails, honestly: what the legacy responses never said (confidence, a summary...) is a placeholder.");
await conform(["check", "--protocol", "aorp"], 1);
git("add", "-A");
git("commit", "-qm", "mcp-conform migrate --write");

say("The author says it (fixtures/demo/author-edits.json):");
try {
  applyAuthorEdits(copy);
} catch (error) {
  console.error(`demo: ${error.message}`);
  process.exit(1);
}
console.log(git("diff", "--stat").stdout.trimEnd());
say("generate again: the tool graph now holds the workflow the author wrote; then check passes.");
await conform(["generate", "--protocol", "aorp"]);
await conform(["check", "--protocol", "aorp"]);

say("Built with tsc, started on stdio and called through the real SDK Client:");
const tsc = join(root, "node_modules", "typescript", "lib", "tsc.js");
step("tsc -p . --outDir dist", process.execPath, [tsc, "-p", copy, "--noEmit", "false", "--rootDir", join(copy, "src"), "--outDir", join(copy, "dist")]);
// The fixture exports its server as a library would; this is the stdio entry it leaves out.
writeFileSync(
  join(copy, "dist", "stdio.js"),
  'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nimport { server } from "./server.js";\nawait server.connect(new StdioServerTransport());\n',
);

const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
const client = new Client({ name: "mcp-conform-demo", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(copy, "dist", "stdio.js")], cwd: copy, stderr: "inherit" }));
const { tools } = await client.listTools();
const toolNames = tools.map((tool) => tool.name).sort();
const calls = [
  { label: "a success", name: "get_recipe", arguments: { id: "tom-kha-gai" } },
  { label: "an error", name: "get_recipe", arguments: { id: "green-curry" } },
];
mkdirSync(join(copy, "responses"), { recursive: true });
for (const [index, call] of calls.entries()) {
  const result = await client.callTool({ name: call.name, arguments: call.arguments });
  const file = join("responses", `${index + 1}-${call.name}.json`);
  writeFileSync(join(copy, file), `${JSON.stringify(result, null, 2)}\n`);
  say(`${call.name} ${JSON.stringify(call.arguments)}: ${call.label}, isError ${result.isError === true}. The structuredContent the model receives:`);
  console.log(JSON.stringify(result.structuredContent, null, 2));
  await conform(["validate", "--protocol", "aorp", "--tools", toolNames.join(","), file]);
}
await client.close();

say(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. The server is in .tmp/demo: \`git log -p\` there shows each step.`);
