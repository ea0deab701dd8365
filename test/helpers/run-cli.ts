import { main } from "../../src/cli.js";
import type { CommandIo } from "../../src/commands/command.js";

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  cwd: string;
  stdin?: string;
  /** Whether stdout is a terminal (default: no). */
  isTTY?: boolean;
  /** Whether stdin is a terminal (default: no). */
  stdinIsTTY?: boolean;
  /** Lines typed at the terminal, one per question asked; after the last, input has ended. */
  answers?: string[];
  env?: NodeJS.ProcessEnv;
}

/** Run the CLI in-process (fast, one module graph), capturing what it writes. */
export async function runCli(args: string[], options: CliOptions): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const answers = [...(options.answers ?? [])];
  const io: CommandIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => options.stdin ?? "",
    // As readline does: the question on stdout, then the typed line.
    prompt: async (question) => {
      stdout += question;
      const answer = answers.shift();
      if (answer !== undefined) stdout += `${answer}\n`;
      return answer ?? null;
    },
    cwd: options.cwd,
    isTTY: options.isTTY ?? false,
    stdinIsTTY: options.stdinIsTTY ?? false,
    env: options.env ?? {},
  };
  const exitCode = await main(args, io);
  return { exitCode, stdout, stderr };
}
