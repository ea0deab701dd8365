#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm run build`, which `npm pack` runs through `prepack`).
import { main } from "../dist/cli.js";

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
