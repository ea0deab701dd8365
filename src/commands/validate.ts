import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { InputError } from "../errors.js";
import { getProtocol } from "../protocols/registry.js";
import type { ValidationProblem } from "../protocols/protocol.js";
import type { Command } from "./command.js";

/** A captured CallToolResult's text, for the text protocols (AOP, ACOR) when given a whole result. */
function textOfCallToolResult(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || !("content" in value) || !Array.isArray(value.content)) return undefined;
  const texts = value.content.flatMap((block: unknown) =>
    typeof block === "object" && block !== null && "type" in block && block.type === "text" && "text" in block && typeof block.text === "string" ? [block.text] : [],
  );
  return texts.join("\n");
}

function formatProblem(problem: ValidationProblem): string {
  const where = problem.line !== undefined ? `line ${problem.line}` : problem.path || "/";
  return `${where}: ${problem.message}`;
}

export const validateCommand: Command = {
  name: "validate",
  usage: "mcp-conform validate --protocol <aorp|aop|smart-v2|acor|guidance> [file|-]",
  options: {},
  async run({ io, values, positionals }) {
    const id = values["protocol"] as string | undefined;
    if (id === undefined) throw new InputError("--protocol is required: mcp-conform validate --protocol <id> [file|-]");
    const protocol = getProtocol(id);
    const source = positionals[0] ?? "-";
    let text: string;
    try {
      text = source === "-" ? await io.readStdin() : readFileSync(resolve(io.cwd, source), "utf8");
    } catch (error) {
      throw new InputError(`cannot read ${source === "-" ? "stdin" : source}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const label = source === "-" ? "<stdin>" : source;

    let input: unknown = text;
    const trimmed = text.trimStart();
    if (protocol.kind === "json") {
      try {
        input = JSON.parse(text);
      } catch (error) {
        throw new InputError(`not JSON: ${error instanceof Error ? error.message : String(error)}`, { file: label });
      }
    } else if (trimmed.startsWith("{")) {
      // A whole CallToolResult captured from a text protocol: validate its text blocks.
      try {
        const fromResult = textOfCallToolResult(JSON.parse(text));
        if (fromResult !== undefined) input = fromResult;
      } catch {
        // Not JSON after all: validate it as the protocol's own text.
      }
    }

    const problems = protocol.validate(input);
    if (problems.length === 0) {
      io.stdout(`${label}: valid ${protocol.title}\n`);
      return 0;
    }
    io.stdout(`${problems.map((p) => `${label}: ${formatProblem(p)}`).join("\n")}\n${problems.length} problem${problems.length === 1 ? "" : "s"}\n`);
    return 1;
  },
};
