import { parseArgs } from "node:util";
import { COMMANDS } from "./commands/index.js";
import type { CommandIo, OptionSpec } from "./commands/command.js";
import { didYouMean } from "./config/did-you-mean.js";
import { InputError } from "./errors.js";
import { attachProgress, machineReadable } from "./progress/command-progress.js";

/**
 * The command line: parse, dispatch, and turn errors into exit codes. No logic lives here.
 * Flags are parsed with node:util's parseArgs: part of Node itself, strict about unknown flags,
 * and enough for a handful of subcommands, so the CLI costs no dependency.
 */

const GLOBAL_OPTIONS: OptionSpec = {
  project: { type: "string", multiple: true },
  config: { type: "string" },
  protocol: { type: "string" },
  debug: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

function defaultIo(): CommandIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stderrColumns: process.stderr.columns,
    env: process.env,
  };
}

function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "mcp-conform: make every tool of a TypeScript MCP server conform to one response protocol",
    "",
    "Usage: mcp-conform <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Global options: --project <tsconfig or folder> (repeatable), --config <file>, --protocol <id>, --debug",
    "Exit codes: 0 ok, 1 a check failed, 2 usage, configuration or input error.",
    "",
  ].join("\n");
}

export async function main(argv: string[], io: CommandIo = defaultIo()): Promise<number> {
  const debug = argv.includes("--debug");
  const [commandName, ...rest] = argv;
  if (commandName === undefined || commandName === "--help" || commandName === "-h" || commandName === "help") {
    io.stdout(helpText());
    return commandName === undefined ? 2 : 0;
  }
  const entry = COMMANDS.find((c) => c.name === commandName);
  if (!entry) {
    const suggestion = didYouMean(commandName, COMMANDS.map((c) => c.name));
    io.stderr(`mcp-conform: unknown command "${commandName}"${suggestion ? `; did you mean "${suggestion}"?` : ""}\n\n${helpText()}`);
    return 2;
  }
  const command = await entry.load();
  try {
    const { values, positionals } = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    if (values["help"]) {
      io.stdout(`Usage: ${command.usage}\n`);
      return 0;
    }
    const { io: commandIo, progress } = attachProgress(io, machineReadable(values));
    try {
      return await command.run({ io: commandIo, values, positionals, progress });
    } finally {
      // Before the error message below, or the shell prompt.
      progress.clear();
    }
  } catch (error) {
    if (error instanceof InputError) {
      io.stderr(`mcp-conform ${command.name}: ${error.format()}\n`);
      return error.exitCode;
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`mcp-conform ${command.name}: ${error.message}\nUsage: ${command.usage}\n`);
      return 2;
    }
    io.stderr(`mcp-conform ${command.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    else io.stderr("(run again with --debug for the stack trace, and please report it)\n");
    return 2;
  }
}
