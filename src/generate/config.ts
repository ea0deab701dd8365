import { InputError } from "../errors.js";
import type { ProtocolId } from "../protocols/protocol.js";

/** What `generate` needs from the resolved config (flags already applied by the CLI). */
export interface GenerateConfig {
  protocol: ProtocolId;
  /** Add the Guidance Pattern's `guidance` field beside the envelope (aorp, smart-v2). */
  guidance: boolean;
  /** Generated files, relative to the project root (the tsconfig's folder). */
  outputDir: string;
  /** Scaffolded guidance stubs, relative to the project root. */
  guidanceDir: string;
  /**
   * A folder whose `*.hbs` files replace the built-in templates of the same name: absolute, or
   * relative to the working directory (the CLI resolves it against the config file first).
   */
  templatesDir?: string;
  /**
   * Whether files of one shape may be derived from one Prettier run (write/format-by-shape.ts).
   * Default: yes with the built-in templates, no with a \`templatesDir\` (whose names are not
   * known to be ones Prettier's layout never reads).
   */
  formatByShape?: boolean;
}

/** Whether this run may format once per shape: see \`GenerateConfig.formatByShape\`. */
export function shapesAllowed(config: GenerateConfig): boolean {
  return config.formatByShape ?? config.templatesDir === undefined;
}

export const DEFAULT_OUTPUT_DIR = "src/generated/mcp-conform";
export const DEFAULT_GUIDANCE_DIR = "src/guidance";

/** A project-relative folder as generation writes paths: `/` separators, no `./`, no trailing `/`. */
export function normalizeProjectDir(dir: string, key: string): string {
  const parts = dir
    .split("\\")
    .join("/")
    .split("/")
    .filter((part) => part !== "" && part !== ".");
  if (dir.startsWith("/") || /^[A-Za-z]:/.test(dir) || parts.includes("..")) {
    throw new InputError(`${key} must be a folder inside the project, relative to its tsconfig: got "${dir}"`);
  }
  if (parts.length === 0) throw new InputError(`${key} must name a folder inside the project, not the project root itself`);
  return parts.join("/");
}

/**
 * `generate()` keys files by project-relative path; the writer keys them relative to the output
 * folder (where it scans for files it owns). One conversion, for every command that writes.
 */
export function relativeToOutputDir(generated: ReadonlyMap<string, string>, outputDir: string): Map<string, string> {
  const prefix = `${outputDir}/`;
  return new Map([...generated].map(([path, content]) => [path.startsWith(prefix) ? path.slice(prefix.length) : path, content]));
}
