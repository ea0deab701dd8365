import type { ParseArgsConfig } from "node:util";
import type { CommandProgress } from "../progress/command-progress.js";

/** Where a command writes, and what it knows of its surroundings; tests pass their own. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  /** Asks one question on the terminal and resolves to the answer line; null once input has ended. */
  prompt?(question: string): Promise<string | null>;
  cwd: string;
  /** Whether stdout is a terminal. */
  isTTY: boolean;
  /** Whether stdin is a terminal: questions are asked only then (and when stdout is one). Absent: not a terminal. */
  stdinIsTTY?: boolean;
  /** Whether stderr is a terminal, and its width: where the progress line (src/progress/) is drawn. Absent: not a terminal. */
  stderrIsTTY?: boolean;
  stderrColumns?: number | undefined;
  env: NodeJS.ProcessEnv;
}

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface CommandContext {
  io: CommandIo;
  /** The progress line of a long command (analysis, then a stage); absent in runs that never draw it. */
  progress?: CommandProgress;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/** A command, loaded: `src/commands/index.ts` lists each by name and summary and loads it when run. */
export interface Command {
  readonly name: string;
  readonly usage: string;
  readonly options: OptionSpec;
  /** Resolves to the exit code (0 ok, 1 check failed, 2 usage or input error). */
  run(context: CommandContext): Promise<number>;
}
