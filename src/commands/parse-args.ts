import { parseArgs } from "node:util";
import { didYouMean } from "../config/did-you-mean.js";
import { InputError } from "../errors.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import type { Command, CommandContext, OptionSpec } from "./command.js";
import { positionalLimit } from "./help.js";

/**
 * A command's arguments, parsed with node:util's parseArgs (part of Node, strict about unknown
 * flags, and enough for a handful of subcommands: no dependency to keep up), with its errors said
 * in one line of our own: which flag, the flag probably meant, and where the list is.
 */

/** The options every command accepts. */
export const GLOBAL_OPTIONS: OptionSpec = {
  project: { type: "string", multiple: true },
  config: { type: "string" },
  protocol: { type: "string" },
  debug: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
};

export function parseCommandArgs(command: Command, args: string[]): Pick<CommandContext, "values" | "positionals"> {
  const options = { ...GLOBAL_OPTIONS, ...command.options };
  const listed = `\`mcp-conform help ${command.name}\` lists them`;
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const flag = /Unknown option '([^']+)'/.exec(message)?.[1] ?? "";
      const names = Object.keys(options);
      const suggestion = flag.startsWith("--") ? didYouMean(flag.slice(2), names) : undefined;
      throw new InputError(`unknown option ${flag}${suggestion ? `; did you mean --${suggestion}?` : ""} (${listed})`);
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      const flag = /Option '(-[\w-]+|--[\w-]+)/.exec(message)?.[1] ?? "";
      const name = flag.replace(/^-+/, "");
      throw new InputError(options[name]?.type === "string" ? `option ${flag} needs a value (${listed})` : `option ${flag} takes no value (${listed})`);
    }
    throw new InputError(`${message} (${listed})`);
  }
  const limit = positionalLimit(command.name);
  const stray = parsed.positionals[limit];
  if (stray !== undefined) {
    const hint = (PROTOCOL_IDS as readonly string[]).includes(stray) && limit === 0 ? `; did you mean --protocol ${stray}?` : "";
    throw new InputError(`unexpected argument "${stray}"${hint} (${limit === 0 ? `${command.name} takes no arguments; ` : ""}${listed})`);
  }
  return { values: parsed.values as CommandContext["values"], positionals: parsed.positionals };
}
