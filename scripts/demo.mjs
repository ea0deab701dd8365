#!/usr/bin/env node
// `npm run demo`: the main job on the bundled demo server (fixtures/demo). It analyses the server,
// generates AORP formatters into a scratch copy (never into fixtures/), and type-checks the result
// with the real tsc under the fixture's strict, NodeNext settings.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const cli = join(root, "bin", "mcp-conform.js");
const copy = join(root, ".tmp", "demo");

function step(title, command, args, cwd = root) {
  console.log(`\n$ ${title}`);
  const run = spawnSync(command, args, { cwd, stdio: "inherit" });
  if (run.status !== 0) {
    console.error(`\ndemo: "${title}" exited with ${run.status ?? run.signal}`);
    process.exit(run.status ?? 1);
  }
}

rmSync(copy, { recursive: true, force: true });
mkdirSync(join(root, ".tmp"), { recursive: true });
cpSync(join(root, "fixtures", "demo"), copy, { recursive: true, filter: (source) => !source.includes("__expected__") });

step("mcp-conform analyze", process.execPath, [cli, "analyze"], copy);
step("mcp-conform generate --protocol aorp", process.execPath, [cli, "generate", "--protocol", "aorp"], copy);
step("mcp-conform generate --protocol aorp --check", process.execPath, [cli, "generate", "--protocol", "aorp", "--check"], copy);
step("tsc --noEmit (strict, exactOptionalPropertyTypes, NodeNext)", process.execPath, [join(root, "node_modules", "typescript", "lib", "tsc.js"), "--noEmit", "-p", copy]);
console.log(`\ndemo: generated code in ${join(".tmp", "demo", "src", "generated", "mcp-conform")} type-checks.`);
