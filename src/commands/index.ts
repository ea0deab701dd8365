import { analyzeCommand } from "./analyze.js";
import { checkCommand } from "./check.js";
import { generateCommand } from "./generate.js";
import { graphCommand } from "./graph.js";
import { initCommand } from "./init.js";
import { migrateCommand } from "./migrate.js";
import type { Command } from "./command.js";
import { schemaCommand } from "./schema.js";
import { validateCommand } from "./validate.js";

/** Every command, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [initCommand, analyzeCommand, generateCommand, checkCommand, migrateCommand, graphCommand, schemaCommand, validateCommand];
