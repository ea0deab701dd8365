import { dirname, isAbsolute, resolve } from "node:path";
import type { McpConformConfig } from "../config/config.js";
import { InputError } from "../errors.js";
import { DEFAULT_GUIDANCE_DIR, DEFAULT_OUTPUT_DIR, normalizeProjectDir, type GenerateConfig } from "../generate/config.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import { assertGuidanceComposes, getProtocol } from "../protocols/registry.js";

/** Flags over the config file over defaults, into what `generate` needs. */
export function resolveGenerateConfig(values: Record<string, unknown>, config: McpConformConfig, configPath: string | null, cwd: string): GenerateConfig {
  const protocolId = (values["protocol"] as string | undefined) ?? config.protocol;
  if (protocolId === undefined) {
    throw new InputError(
      `no protocol chosen: set \`protocol\` in mcp-conform.config.ts (\`mcp-conform init\` writes one) or pass --protocol <${PROTOCOL_IDS.join("|")}>`,
    );
  }
  const protocol = getProtocol(protocolId);
  const guidance = config.guidance ?? false;
  if (guidance) assertGuidanceComposes(protocol, "guidance: true", configPath ? { file: configPath } : undefined);
  const templatesDir = config.templates?.dir;
  return {
    protocol: protocol.id,
    guidance,
    outputDir: normalizeProjectDir(config.output?.dir ?? DEFAULT_OUTPUT_DIR, "output.dir"),
    guidanceDir: normalizeProjectDir(config.output?.guidanceDir ?? DEFAULT_GUIDANCE_DIR, "output.guidanceDir"),
    // Template folders are relative to the config file that names them.
    ...(templatesDir !== undefined
      ? { templatesDir: isAbsolute(templatesDir) ? templatesDir : resolve(configPath ? dirname(configPath) : cwd, templatesDir) }
      : {}),
    ...(config.format?.byShape !== undefined ? { formatByShape: config.format.byShape } : {}),
  };
}
