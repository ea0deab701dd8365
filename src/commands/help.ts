/**
 * What `mcp-conform help <command>` and `<command> --help` print: every flag the command takes,
 * explained, and examples that use each of them. Kept apart from the commands themselves so that
 * help never loads a command (and with it a compiler or Prettier); a test holds every command's
 * option list and its help to each other.
 */

export interface FlagHelp {
  /** As typed: `--format <text|json>`, `--check`. */
  flag: string;
  description: string;
}

export interface CommandHelp {
  /** What the command is for, in a sentence or two. */
  description: string;
  /** The positional arguments it takes (`<protocol>`); none when absent. */
  arguments?: FlagHelp[];
  /** The command's own flags (the global ones are listed for every command). */
  flags: FlagHelp[];
  /** Each with a comment; together they use every flag of the command. */
  examples: string[];
}

const PROTOCOL_LIST = "aorp, aop, smart-v2, acor or guidance";

/** The options every command accepts. */
export const GLOBAL_FLAGS: FlagHelp[] = [
  {
    flag: "--project <path>",
    description:
      "the server's tsconfig.json or its folder; repeat it for several servers (default: the config's `project`, else the nearest tsconfig.json upward)",
  },
  { flag: "--config <file>", description: "the config file (default: the nearest mcp-conform.config.{ts,mts,mjs,js,json} upward)" },
  { flag: "--protocol <id>", description: `the response protocol, over the config's: ${PROTOCOL_LIST}` },
  { flag: "--debug", description: "print the stack trace of an internal error (never needed for input errors)" },
  { flag: "--help, -h", description: "this help" },
  { flag: "--version, -v", description: "print mcp-conform's version" },
];

export const COMMAND_HELP: Record<string, CommandHelp> = {
  init: {
    description:
      "Finds the server's tools, detects a protocol its responses half-adopted, and writes mcp-conform.config.ts (or .json when tsc would compile a .ts config with the sources) and the package.json scripts `prebuild` (generate) and `mcp:check` (check). Asks for the protocol only when stdin and stdout are a terminal.",
    flags: [
      { flag: "--protocol <id>", description: `use this protocol instead of asking or detecting: ${PROTOCOL_LIST}` },
      { flag: "--force", description: "replace an existing mcp-conform config" },
    ],
    examples: [
      "mcp-conform init                       # detect, ask on a terminal",
      "mcp-conform init --protocol aorp --force # replace the config, no questions",
      "mcp-conform init --project packages/weather",
    ],
  },
  analyze: {
    description: "Finds every MCP tool of the server, however it is registered, and prints a table (name, style, file:line, payload type) and the diagnostics.",
    flags: [
      { flag: "--json", description: "print the inventory as JSON, for scripts" },
      {
        flag: "--engine <ts6|ts7>",
        description: "the compiler that analyses: TypeScript 6 or TypeScript 7's native API (default: the major of the TypeScript the project installs)",
      },
    ],
    examples: [
      "mcp-conform analyze",
      "mcp-conform analyze --json > inventory.json",
      "mcp-conform analyze --project packages/weather/tsconfig.json",
      "mcp-conform analyze --engine ts7             # analyse with TypeScript 7 in a TypeScript 6 project",
    ],
  },
  generate: {
    description:
      "Writes the protocol runtime, typed formatters, warning IDs, the tool graph and output schemas into src/generated/mcp-conform/, and scaffolds guidance stubs that are then yours. Formatted with the project's Prettier; a second run writes nothing.",
    flags: [
      { flag: "--check", description: "write nothing; list the files that would change, with a diff, and exit 1 when any would (for CI)" },
      { flag: "--watch", description: "regenerate on every save, until Ctrl+C" },
      { flag: "--no-format", description: "skip Prettier" },
      {
        flag: "--engine <ts6|ts7>",
        description: "the compiler that analyses: TypeScript 6 or TypeScript 7's native API (default: the major of the TypeScript the project installs)",
      },
    ],
    examples: [
      "mcp-conform generate",
      "mcp-conform generate --engine ts6              # keep the TypeScript 6 analysis in a TypeScript 7 project",
      "mcp-conform generate --check               # CI: fail when the committed output is stale",
      "mcp-conform generate --watch --protocol aorp",
      "mcp-conform generate --no-format",
    ],
  },
  check: {
    description:
      "Judges every tool against the generated output: does each return path conform, is the handler wrapped with conform(), is the guidance filled, do warnings use IDs, do next steps name real tools. Exits 1 on any problem or below the coverage bar; this is the CI gate.",
    flags: [
      {
        flag: "--format <text|json|markdown|sarif|github>",
        description: "the report: a table (default), JSON, Markdown for a PR comment, SARIF 2.1.0, or GitHub annotations",
      },
      { flag: "--min-coverage <N>", description: "fail when fewer than N% of the tools conform (over check.minCoverage in the config)" },
      {
        flag: "--engine <ts6|ts7>",
        description: "the compiler that analyses: TypeScript 6 or TypeScript 7's native API (default: the major of the TypeScript the project installs)",
      },
    ],
    examples: [
      "mcp-conform check",
      "mcp-conform check --engine ts7",
      "mcp-conform check --format github --min-coverage 90   # in a GitHub Actions job",
      "mcp-conform check --format sarif > mcp-conform.sarif",
    ],
  },
  migrate: {
    description:
      "Moves handlers that build their responses by hand onto the generated formatters and wraps them with conform(), carrying over everything the old response said. A dry run (a diff per file, a summary, and whether --write would pass tsc, checked in memory) unless --write.",
    flags: [
      { flag: "--write", description: "apply it: rewrite the sources, regenerate, type-check, and put every file back if tsc finds a new error" },
      { flag: "--force", description: "with --write: rewrite files with uncommitted changes, or outside git" },
      { flag: "--no-format", description: "do not run the project's Prettier over the rewritten files" },
      {
        flag: "--no-typecheck",
        description: "dry run only: print the diff and the summary without type-checking the planned result (faster; no verdict on --write)",
      },
    ],
    examples: [
      "mcp-conform migrate                  # see what would change, and whether --write would pass tsc",
      "mcp-conform migrate --no-typecheck   # only the diff, faster",
      "mcp-conform migrate --write",
      "mcp-conform migrate --write --force --no-format",
    ],
  },
  graph: {
    description: "Prints the tool dependency graph: which tool calls, mentions or feeds data to which.",
    flags: [
      { flag: "--format <mermaid|dot|json|html>", description: "mermaid (default), Graphviz dot, JSON, or one self-contained HTML page" },
      {
        flag: "--engine <ts6|ts7>",
        description: "the compiler that analyses: TypeScript 6 or TypeScript 7's native API (default: the major of the TypeScript the project installs)",
      },
    ],
    examples: [
      "mcp-conform graph",
      "mcp-conform graph --format html > tools.html",
      "mcp-conform graph --format dot | dot -Tsvg > tools.svg",
      "mcp-conform graph --engine ts7",
    ],
  },
  schema: {
    description: "Prints a protocol's envelope JSON Schema (draft 2020-12), with the payload left open.",
    arguments: [{ flag: "<protocol>", description: `${PROTOCOL_LIST} (or --protocol)` }],
    flags: [
      { flag: "--guidance", description: "with the Guidance Pattern's `guidance` field (aorp and smart-v2)" },
      { flag: "--strict", description: "with the conventions the documents do not require (see `validate --strict`)" },
    ],
    examples: ["mcp-conform schema aorp", "mcp-conform schema smart-v2 --guidance > smart-v2.schema.json", "mcp-conform schema guidance --strict"],
  },
  validate: {
    description:
      "Checks a captured response (an envelope, or a whole CallToolResult; text for aop and acor) against a protocol, and prints each problem with its JSON path or line.",
    arguments: [{ flag: "[file|-]", description: "the response; `-` or nothing reads stdin" }],
    flags: [
      { flag: "--variant <v>", description: "aorp only: also the rules of the analysis, synthesis or session variant" },
      {
        flag: "--tools <a,b,c>",
        description:
          "the server's tool names, to check the ones a response names (aorp, smart-v2, guidance); without it, inside a project, they are read from the project's inventory (an analysis)",
      },
      { flag: "--no-tools", description: "check no tool names (and analyse nothing)" },
      {
        flag: "--strict",
        description:
          'the conventions the documents do not require (snake_case states, "tool - what it does" actions, a blocked_reason on errors) are errors, not warnings',
      },
    ],
    examples: [
      "mcp-conform validate --protocol aorp response.json",
      "mcp-conform validate --protocol acor - < captured-response.txt",
      "mcp-conform validate --protocol aorp --variant analysis --tools get_quote,get_history response.json",
      "mcp-conform validate --protocol guidance --no-tools --strict response.json",
    ],
  },
};

/** Positional arguments a command takes at most. */
export function positionalLimit(command: string): number {
  return COMMAND_HELP[command]?.arguments?.length ?? 0;
}

function table(rows: FlagHelp[]): string[] {
  const width = Math.max(...rows.map((row) => row.flag.length));
  return rows.map((row) => `  ${row.flag.padEnd(width)}  ${row.description}`);
}

/** The whole help of one command. */
export function commandHelpText(name: string, usage: string, protocolGuide: string): string {
  const help = COMMAND_HELP[name];
  if (help === undefined) return `Usage: ${usage}\n`;
  return [
    `mcp-conform ${name}: ${help.description}`,
    "",
    `Usage: ${usage}`,
    ...(help.arguments ? ["", "Arguments:", ...table(help.arguments)] : []),
    ...(help.flags.length > 0 ? ["", "Options:", ...table(help.flags)] : []),
    "",
    "Global options:",
    ...table(GLOBAL_FLAGS),
    "",
    "Examples:",
    ...help.examples.map((example) => `  ${example}`),
    "",
    `The protocols, with an example response each: ${protocolGuide}`,
    "",
  ].join("\n");
}
