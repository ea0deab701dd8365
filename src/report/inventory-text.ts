import type { Diagnostic, Inventory } from "../analyze/inventory.js";

const MAX_PAYLOAD_COLUMN = 70;

function clip(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length <= width ? flat : `${flat.slice(0, width - 1)}…`;
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file === null ? "" : diagnostic.line === null ? `${diagnostic.file}: ` : `${diagnostic.file}:${diagnostic.line}: `;
  return `${where}${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
}

/** The `analyze` text report: a table of tools, then the diagnostics. */
export function formatInventoryText(inventory: Inventory): string {
  const lines: string[] = [];
  if (inventory.tools.length > 0) {
    const rows = [["TOOL", "STYLE", "LOCATION", "PAYLOAD"]];
    for (const tool of inventory.tools) rows.push([tool.name, tool.style, `${tool.file}:${tool.line}`, clip(tool.payloadType, MAX_PAYLOAD_COLUMN)]);
    lines.push(table(rows), "");
  }
  const count = inventory.tools.length;
  lines.push(`${count} tool${count === 1 ? "" : "s"} in ${inventory.project}`);
  if (inventory.diagnostics.length > 0) {
    lines.push("", ...inventory.diagnostics.map(formatDiagnostic));
  }
  return `${lines.join("\n")}\n`;
}
