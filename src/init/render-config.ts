import type { ProtocolId } from "../protocols/protocol.js";

/** The config `init` writes: only what was decided, the rest left to the documented defaults. */
export function renderConfig(options: { protocol: ProtocolId; guidance: boolean; project: string | null; styles: string[] }): string {
  const lines = [
    'import { defineConfig } from "mcp-conform";',
    "",
    `// Written by \`mcp-conform init\`. Discovery styles found: ${options.styles.length > 0 ? options.styles.join(", ") : "none yet"}.`,
    "export default defineConfig({",
    ...(options.project !== null ? [`  project: ${JSON.stringify(options.project)},`] : []),
    `  protocol: ${JSON.stringify(options.protocol)},`,
    ...(options.guidance ? ["  guidance: true,"] : []),
    "});",
    "",
  ];
  return lines.join("\n");
}

/** The same decisions as JSON, for a project whose tsc would compile a .ts config (config-file.ts). */
export function renderJsonConfig(options: { protocol: ProtocolId; guidance: boolean; project: string | null }): string {
  // The published JSON Schema (src/config/schema.ts) gives editors completion and checks.
  const config = {
    $schema: "./node_modules/mcp-conform/schema/mcp-conform.config.schema.json",
    ...(options.project !== null ? { project: options.project } : {}),
    protocol: options.protocol,
    ...(options.guidance ? { guidance: true } : {}),
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
