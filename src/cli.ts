import { COMMANDS, type CommandEntry } from "./commands/index.js";
import type { CommandIo } from "./commands/command.js";
import { commandHelpText } from "./commands/help.js";
import { parseCommandArgs } from "./commands/parse-args.js";
import { didYouMean } from "./config/did-you-mean.js";
import { InputError } from "./errors.js";
import { protocolGuidePath } from "./commands/protocol-guide.js";
import { readPackageFile } from "./package-root.js";
import { attachProgress, machineReadable } from "./progress/command-progress.js";

/** The command line: parse, dispatch, and turn errors into exit codes. No logic lives here. */

function defaultIo(): CommandIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString("utf8");
    },
    prompt: async (question) => {
      const { createInterface } = await import("node:readline/promises");
      const prompt = createInterface({ input: process.stdin, output: process.stdout });
      // Ctrl+D (or a closed stdin) ends the questions rather than hanging or exiting silently.
      const closed = new Promise<null>((resolve) => prompt.once("close", () => resolve(null)));
      try {
        return await Promise.race([prompt.question(question), closed]);
      } finally {
        prompt.close();
      }
    },
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    stdinIsTTY: Boolean(process.stdin.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    stderrColumns: process.stderr.columns,
    env: process.env,
  };
}

function version(): string {
  return (JSON.parse(readPackageFile("package.json")) as { version: string }).version;
}

function helpText(cwd: string): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "mcp-conform: make every tool of a TypeScript MCP server conform to one response protocol, and let tsc enforce it",
    "",
    "Usage: mcp-conform <command> [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "The flow: init, then generate, then migrate --write, then check in CI.",
    "`mcp-conform help <command>` (or `<command> --help`) explains every option, with examples.",
    "Global options: --project <tsconfig or folder> (repeatable), --config <file>, --protocol <id>, --debug, --version",
    "Exit codes: 0 ok, 1 a check failed, 2 usage, configuration or input error.",
    `The protocols (aorp, aop, smart-v2, acor, guidance), with an example response each: ${protocolGuidePath(cwd)}`,
    "",
  ].join("\n");
}

export async function main(argv: string[], io: CommandIo = defaultIo()): Promise<number> {
  const debug = argv.includes("--debug");
  const [commandName, ...rest] = argv;
  if (commandName === "--version" || commandName === "-v") {
    io.stdout(`${version()}\n`);
    return 0;
  }
  if (commandName === undefined || commandName === "--help" || commandName === "-h" || (commandName === "help" && rest.length === 0)) {
    io.stdout(helpText(io.cwd));
    return commandName === undefined ? 2 : 0;
  }
  const asked = commandName === "help" ? rest[0]! : commandName;
  const entry = COMMANDS.find((c) => c.name === asked);
  if (!entry) {
    const suggestion = didYouMean(
      asked,
      COMMANDS.map((c) => c.name),
    );
    io.stderr(`mcp-conform: unknown command "${asked}"${suggestion ? `; did you mean "${suggestion}"?` : ""} (\`mcp-conform --help\` lists them)\n`);
    return 2;
  }
  const endAhead = commandName === "help" ? undefined : await entry.startAhead?.(rest, io.cwd);
  try {
    return await runCommand(entry, commandName, rest, io, debug);
  } finally {
    endAhead?.();
  }
}

async function runCommand(entry: CommandEntry, commandName: string, rest: string[], io: CommandIo, debug: boolean): Promise<number> {
  const command = await entry.load();
  if (commandName === "help") {
    io.stdout(commandHelpText(command.name, command.usage, protocolGuidePath(io.cwd)));
    return 0;
  }
  try {
    const { values, positionals } = parseCommandArgs(command, rest);
    if (values["help"]) {
      io.stdout(commandHelpText(command.name, command.usage, protocolGuidePath(io.cwd)));
      return 0;
    }
    if (values["version"]) {
      io.stdout(`${version()}\n`);
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
    io.stderr(`mcp-conform ${command.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    else io.stderr("(run again with --debug for the stack trace, and please report it)\n");
    return 2;
  }
}
