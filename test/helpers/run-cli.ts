import { main } from "../../src/cli.js";
import type { CommandIo } from "../../src/commands/command.js";

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Run the CLI in-process (fast, one module graph), capturing what it writes. */
export async function runCli(args: string[], options: { cwd: string; stdin?: string; isTTY?: boolean; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CommandIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    readStdin: async () => options.stdin ?? "",
    cwd: options.cwd,
    isTTY: options.isTTY ?? false,
    env: options.env ?? {},
  };
  const exitCode = await main(args, io);
  return { exitCode, stdout, stderr };
}
