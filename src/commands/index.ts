import { analyzeCommand } from "./analyze.js";
import type { Command } from "./command.js";

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [analyzeCommand];
