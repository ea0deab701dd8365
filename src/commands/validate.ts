import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { didYouMean } from "../config/did-you-mean.js";
import { InputError } from "../errors.js";
import { getProtocol } from "../protocols/registry.js";
import type { Protocol, ValidateOptions, ValidationProblem } from "../protocols/protocol.js";
import type { Command, CommandContext } from "./command.js";
import { projectToolNames } from "./project-tool-names.js";

function formatProblem(problem: ValidationProblem): string {
  const where = problem.line !== undefined ? `line ${problem.line}` : problem.path || "/";
  return `${where}: ${problem.message}`;
}

function sameProblem(a: ValidationProblem, b: ValidationProblem): boolean {
  return a.path === b.path && a.line === b.line && a.message === b.message;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * What the response is: a JSON protocol's input must be JSON (an envelope or a whole
 * CallToolResult); a text protocol's input is its text, or a captured CallToolResult given as JSON,
 * which goes to the runtime whole so its result-level rules (one text block, `isError`) are checked.
 */
function parseInput(protocol: Protocol, text: string, label: string): unknown {
  if (protocol.kind === "json") {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new InputError(`not JSON: ${error instanceof Error ? error.message : String(error)}`, { file: label });
    }
  }
  if (!text.trimStart().startsWith("{")) return text;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
  } catch {
    // Not JSON after all: the protocol's own text, which may well start with a brace.
  }
  return text;
}

function variantOf(protocol: Protocol, given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  if (protocol.variants.length === 0) throw new InputError(`--variant: ${protocol.id} has no tool-specific variants (only aorp has)`);
  if (protocol.variants.includes(given)) return given;
  const suggestion = didYouMean(given, protocol.variants);
  throw new InputError(
    `--variant: unknown ${protocol.id} variant "${given}"${suggestion ? `; did you mean "${suggestion}"?` : ""} (expected one of ${protocol.variants.join(", ")})`,
  );
}

/**
 * The tool names to check references against: `--tools`, else none with `--no-tools`, else the
 * inventory of the project run in (see project-tool-names.ts), else none. Says on stderr where
 * inferred names came from.
 */
async function toolNamesFor(protocol: Protocol, context: CommandContext): Promise<readonly string[] | undefined> {
  const { io, values, progress } = context;
  const flag = values["tools"] as string | undefined;
  if (values["no-tools"] === true) {
    if (flag !== undefined) throw new InputError("--tools and --no-tools contradict each other");
    return undefined;
  }
  if (flag !== undefined) {
    if (!protocol.checksToolNames) throw new InputError(`--tools: the ${protocol.id} validator checks no tool names`);
    const names = flag
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
    if (names.length === 0) throw new InputError("--tools needs at least one tool name: --tools a,b,c");
    return names;
  }
  if (!protocol.checksToolNames) return undefined;
  const found = await projectToolNames(values, io.cwd, progress?.onAnalysis);
  if (found === undefined) return undefined;
  const from = found.sources.join(", ");
  if (found.names.length === 0) {
    io.stderr(`mcp-conform validate: ${from} has no tools, so tool names are not checked (pass --tools a,b,c)\n`);
    return undefined;
  }
  io.stderr(`mcp-conform validate: tool names checked against the ${plural(found.names.length, "tool")} of ${from}\n`);
  return found.names;
}

export const validateCommand: Command = {
  name: "validate",
  usage:
    "mcp-conform validate --protocol <aorp|aop|smart-v2|acor|guidance> [--variant analysis|synthesis|session] [--tools a,b,c | --no-tools] [--strict] [file|-]",
  options: { variant: { type: "string" }, tools: { type: "string" }, "no-tools": { type: "boolean" }, strict: { type: "boolean" } },
  async run(context) {
    const { io, values, positionals } = context;
    const id = values["protocol"] as string | undefined;
    if (id === undefined) throw new InputError("--protocol is required: mcp-conform validate --protocol <id> [file|-]");
    const protocol = getProtocol(id);
    const variant = variantOf(protocol, values["variant"] as string | undefined);
    const source = positionals[0] ?? "-";
    let text: string;
    try {
      text = source === "-" ? await io.readStdin() : readFileSync(resolve(io.cwd, source), "utf8");
    } catch (error) {
      throw new InputError(`cannot read ${source === "-" ? "stdin" : source}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const label = source === "-" ? "<stdin>" : source;
    const input = parseInput(protocol, text, label);
    const tools = await toolNamesFor(protocol, context);

    const options: ValidateOptions = { ...(variant === undefined ? {} : { variant }), ...(tools === undefined ? {} : { tools }) };
    const strict = values["strict"] === true;
    const strictProblems = protocol.validate(input, { ...options, strict: true });
    // Without --strict, what only the strict rules find is said, as a warning, and passes.
    const problems = strict ? strictProblems : protocol.validate(input, { ...options, strict: false });
    const warnings = strict ? [] : strictProblems.filter((candidate) => !problems.some((problem) => sameProblem(problem, candidate)));

    const lines = [
      ...problems.map((problem) => `${label}: ${formatProblem(problem)}`),
      ...warnings.map((warning) => `${label}: ${formatProblem(warning)} (warning: an error with --strict)`),
    ];
    const tally = warnings.length === 0 ? "" : ` (${plural(warnings.length, "warning")})`;
    if (problems.length === 0) {
      io.stdout(`${[...lines, `${label}: valid ${protocol.title}${tally}`].join("\n")}\n`);
      return 0;
    }
    io.stdout(`${[...lines, `${plural(problems.length, "problem")}${tally}`].join("\n")}\n`);
    return 1;
  },
};
