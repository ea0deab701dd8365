#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm run build`, which `npm pack` runs through `prepack`).
import module from "node:module";

// As TypeScript's own `tsc` does: on Node 22.1+, keep V8's compiled code of what the CLI loads
// (TypeScript's 9 MB compiler above all) between runs. Node 20 has no such cache: nothing changes there.
module.enableCompileCache?.();

const { main } = await import("../dist/cli.js");

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // main() reports its own errors; anything reaching here is a bug in mcp-conform itself.
    console.error(`mcp-conform: internal error: ${error instanceof Error ? error.message : String(error)}`);
    if (process.argv.includes("--debug") && error instanceof Error) console.error(error.stack);
    process.exitCode = 2;
  },
);
