import type { ParseArgsConfig } from "node:util";

/** Where a command writes, and what it knows of its surroundings; tests pass their own. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  cwd: string;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
}

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export interface CommandContext {
  io: CommandIo;
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export interface Command {
  readonly name: string;
  readonly summary: string;
  readonly usage: string;
  readonly options: OptionSpec;
  /** Resolves to the exit code (0 ok, 1 check failed, 2 usage or input error). */
  run(context: CommandContext): Promise<number>;
}
