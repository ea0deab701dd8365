import type { Command } from "./command.js";

/**
 * A command as the command line lists it before running it: its name, its one-line summary, and
 * how to load the rest. Loading is lazy because the commands that read a project pull in a
 * compiler (ts-morph and its TypeScript, about 0.4 s and 100 MB) and Prettier: `--help`,
 * `--version`, `schema` and `validate` load neither.
 */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<Command>;
  /**
   * Starts, before `load`, what the command will wait for anyway (the TypeScript 7 compiler on
   * its project, compiler-ahead.ts); returns what ends it if the run never used it.
   */
  startAhead?(args: readonly string[], cwd: string): Promise<() => void>;
}

const startCompilerAhead = async (args: readonly string[], cwd: string) => (await import("./compiler-ahead.js")).startCompilerAhead(args, cwd);

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "init",
    summary: "detect the server's styles and protocol hints, write mcp-conform.config.ts and package.json scripts",
    load: async () => (await import("./init.js")).initCommand,
  },
  {
    name: "analyze",
    summary: "find every MCP tool in the project and print the inventory",
    load: async () => (await import("./analyze.js")).analyzeCommand,
    startAhead: startCompilerAhead,
  },
  {
    name: "generate",
    summary: "generate formatters, warning IDs, the tool graph, guidance stubs and output schemas",
    // generate starts its compiler itself, once its stamps say the run is needed (generate.ts).
    load: async () => (await import("./generate.js")).generateCommand,
  },
  {
    name: "check",
    summary: "conformance and guidance coverage of every tool, for CI",
    load: async () => (await import("./check.js")).checkCommand,
    startAhead: startCompilerAhead,
  },
  {
    name: "migrate",
    summary: "move legacy handlers onto the generated formatters (dry run by default; --write applies)",
    load: async () => (await import("./migrate.js")).migrateCommand,
  },
  {
    name: "graph",
    summary: "print the tool dependency graph (calls, mentions, data edges)",
    load: async () => (await import("./graph.js")).graphCommand,
    startAhead: startCompilerAhead,
  },
  {
    name: "schema",
    summary: "print a protocol's envelope JSON Schema (2020-12), with the payload left open",
    load: async () => (await import("./schema.js")).schemaCommand,
  },
  {
    name: "validate",
    summary: "check a captured response (file or stdin) against a protocol",
    load: async () => (await import("./validate.js")).validateCommand,
  },
];
