import type { HarvestedWarning, InputParam, Inventory, ToolEntry } from "../../src/analyze/inventory.js";

/** Hand-built inventories: tests of generation should not depend on what the analyser makes of a fixture. */

export function param(name: string, type: string, optional = false): InputParam {
  return { name, type, optional };
}

export function warning(message: string, extra: Partial<HarvestedWarning> = {}): HarvestedWarning {
  return { id: null, message, severity: null, category: null, impact: null, suggestion: null, file: "src/tools.ts", line: 1, ...extra };
}

export function tool(name: string, extra: Partial<ToolEntry> = {}): ToolEntry {
  return {
    name,
    style: "sdk-register-tool",
    file: "src/tools.ts",
    line: 1,
    description: null,
    input: [],
    payloadType: "unknown",
    returns: [],
    handler: { file: "src/tools.ts", line: 2 },
    payload: { type: { text: "unknown", exact: true }, schema: {} },
    warnings: [],
    references: [],
    ...extra,
  };
}

export function objectPayload(
  properties: Record<string, unknown>,
  required: string[] = Object.keys(properties),
  text = "{ [key: string]: unknown }",
): ToolEntry["payload"] {
  return { type: { text, exact: true }, schema: { type: "object", properties, required } };
}

export function inventory(tools: ToolEntry[]): Inventory {
  return { schemaVersion: 1, project: "tsconfig.json", tools, diagnostics: [] };
}
