import type { Inventory, ToolEntry } from "../analyze/inventory.js";
import { InputError } from "../errors.js";
import { formatDiagnostic } from "../report/inventory-text.js";

/**
 * Generation refuses an inventory it cannot generate correctly from: one with an `error`
 * diagnostic (a syntax error, a duplicate tool name). Warnings never block: a tool whose name
 * cannot be resolved (MCPA002) is left out of the inventory, and the others are generated for.
 * A project in which no tool was found is refused too (MCPA007): empty output, or a check that
 * certifies nothing, would pass for a conforming server. `migrate` refuses the same errors (it
 * would rewrite handlers onto formatters that cannot be generated) but has nothing to do, not
 * something wrong, when there are no tools.
 * `action` names the command in the message: `check` judges against the same generated output, so
 * it refuses the same inventories, but "cannot generate" would mislead someone who ran `check`.
 */
export function assertGeneratable(inventory: Inventory, action: "generate" | "check" | "migrate" = "generate"): void {
  const what = action === "generate" ? "generate for" : action;
  const blocking = inventory.diagnostics.filter((d) => d.severity === "error");
  if (blocking.length > 0) {
    throw new InputError(`cannot ${what} ${inventory.project}:\n${blocking.map((d) => `  ${formatDiagnostic(d)}`).join("\n")}`);
  }
  if (inventory.tools.length === 0 && action !== "migrate") {
    const why = inventory.diagnostics.filter((d) => d.severity === "warning").map((d) => `  ${formatDiagnostic(d)}`);
    throw new InputError(
      `cannot ${what} ${inventory.project}: no MCP tools were found, so there is ${action === "generate" ? "nothing to generate" : "nothing to check"}:\n${why.join("\n")}`,
    );
  }
}

/**
 * The tools generation writes for, one per name (sorted by name, then place). One name on several
 * server instances (the inventory's `server`) is one generated tool when every registration has the
 * same input and payload: its formatter, types and schema serve each server. When they differ, one
 * `ToolInput`/`ToolPayload` per name cannot describe both, and generation refuses; two
 * registrations of one name on one server are a duplicate (MCPA003 stops generation before this).
 */
export function oneToolPerName(sorted: readonly ToolEntry[]): ToolEntry[] {
  const tools: ToolEntry[] = [];
  for (let start = 0; start < sorted.length;) {
    let end = start + 1;
    while (end < sorted.length && sorted[end]!.name === sorted[start]!.name) end++;
    const same = sorted.slice(start, end);
    start = end;
    const [first] = same;
    if (!first) continue;
    if (same.length === 1) {
      tools.push(first);
      continue;
    }
    const servers = same.map((tool) => (tool.server ? `${tool.server.file}:${tool.server.line}:${tool.server.name}` : null));
    const second = same[1]!;
    if (servers.some((server) => server === null) || new Set(servers).size !== servers.length) {
      throw new InputError(`tool "${first.name}" is registered twice (also at ${first.file}:${first.line}); rename one before generating`, {
        file: second.file,
        line: second.line,
      });
    }
    const shape = (tool: ToolEntry): string => JSON.stringify([tool.input, tool.payload.type.text, tool.payload.schema]);
    const differing = same.find((tool) => shape(tool) !== shape(first));
    if (differing) {
      const where = (tool: ToolEntry): string => `${tool.file}:${tool.line} (server \`${tool.server?.name}\`)`;
      throw new InputError(
        `tool "${first.name}" is registered on ${same.length} servers with different inputs or payloads (${same.map(where).join(", ")}): the generated output holds one input and one payload type per tool name; give the tools different names, or give each server its own tsconfig and generate with one --project per server`,
        { file: differing.file, line: differing.line },
      );
    }
    const key = (value: unknown): string => JSON.stringify(value);
    const union = <T>(lists: T[][]): T[] => [...new Map(lists.flat().map((item) => [key(item), item])).values()];
    tools.push({ ...first, warnings: union(same.map((tool) => tool.warnings)), references: union(same.map((tool) => tool.references)) });
  }
  return tools;
}
