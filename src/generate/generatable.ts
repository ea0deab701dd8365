import type { Inventory } from "../analyze/inventory.js";
import { InputError } from "../errors.js";
import { formatDiagnostic } from "../report/inventory-text.js";

/**
 * Generation refuses an inventory it cannot generate correctly from: input errors, and tool names
 * it cannot resolve (a formatter per unnamed tool cannot exist). Analysis only warns about those.
 * `migrate` refuses them too: it would rewrite handlers onto formatters that cannot be generated.
 * `action` names the command in the message: `check` judges against the same generated output, so
 * it refuses the same inventories, but "cannot generate" would mislead someone who ran `check`.
 */
export function assertGeneratable(inventory: Inventory, action: "generate" | "check" | "migrate" = "generate"): void {
  const blocking = inventory.diagnostics.filter((d) => d.severity === "error" || d.code === "MCPA002");
  if (blocking.length > 0) {
    throw new InputError(`cannot ${action === "generate" ? "generate for" : action} ${inventory.project}:\n${blocking.map((d) => `  ${formatDiagnostic(d)}`).join("\n")}`);
  }
}
