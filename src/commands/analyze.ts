import { analyze } from "../analyze/analyze.js";
import { formatInventoryText } from "../report/inventory-text.js";
import type { Command } from "./command.js";
import { analysisEngine, ENGINE_OPTION } from "./engine-option.js";
import { resolveProjectArgs } from "./project-args.js";

export const analyzeCommand: Command = {
  name: "analyze",
  usage: "mcp-conform analyze [--project <tsconfig.json or folder>] [--config <file>] [--json] [--engine ts6|ts7]",
  options: { json: { type: "boolean" }, ...ENGINE_OPTION },
  async run({ io, values, progress }) {
    const projects = await resolveProjectArgs(values, io.cwd);
    let exitCode = 0;
    const inventories = [];
    for (const project of projects) {
      const engine = await analysisEngine(values, project, io.stderr);
      const { inventory, session } = analyze({ project, cwd: io.cwd, onProgress: progress?.onAnalysis, engine });
      session.close();
      inventories.push(inventory);
      // Input errors (syntax errors, duplicate names) still print the whole inventory, then fail.
      if (inventory.diagnostics.some((d) => d.severity === "error")) exitCode = 2;
    }
    if (values["json"]) io.stdout(`${JSON.stringify(inventories.length === 1 ? inventories[0] : inventories, null, 2)}\n`);
    else io.stdout(inventories.map(formatInventoryText).join("\n"));
    return exitCode;
  },
};
