import type { RuleSeverities } from "../check/codes.js";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { createJiti } from "jiti";
import { resolveGenerateConfig } from "../commands/resolve-generate-config.js";
import type { McpConformConfig } from "../config/config.js";
import { findConfigFile, readJsonConfig } from "../config/load-config.js";
import { validateConfig } from "../config/validate-config.js";
import { InputError } from "../errors.js";
import type { GenerateConfig } from "../generate/config.js";

/** The plugin's entry in tsconfig `compilerOptions.plugins`, beside `name`. */
export interface PluginSettings {
  /** The mcp-conform config file, relative to the tsconfig's folder; default: the nearest from there upward, as the CLI finds it. */
  config?: string;
  /** Overrides the config's `protocol`, like `--protocol`. */
  protocol?: string;
}

export interface PluginConfig {
  generate: GenerateConfig;
  minCoverage: number | null;
  rules: RuleSeverities;
}

/**
 * The config as `check` resolves it, loaded synchronously: tsserver asks for diagnostics
 * synchronously, so the CLI's async loader (jiti's `import`) cannot serve here; jiti's require
 * form loads the same files. Reloaded only when the file's modification time changes.
 */
export class PluginConfigLoader {
  private cached: { path: string | null; mtimeMs: number; config: PluginConfig } | undefined;

  constructor(
    private readonly rootDir: string,
    private readonly settings: PluginSettings,
  ) {}

  load(): PluginConfig {
    const path = this.configPath();
    const mtimeMs = path === null ? 0 : statSync(path).mtimeMs;
    if (this.cached && this.cached.path === path && this.cached.mtimeMs === mtimeMs) return this.cached.config;
    const config = path === null ? {} : readConfig(path);
    const values = this.settings.protocol !== undefined ? { protocol: this.settings.protocol } : {};
    const resolved = {
      generate: resolveGenerateConfig(values, config, path, this.rootDir),
      minCoverage: config.check?.minCoverage ?? null,
      rules: config.rules ?? {},
    };
    this.cached = { path, mtimeMs, config: resolved };
    return resolved;
  }

  private configPath(): string | null {
    if (this.settings.config !== undefined) {
      const path = resolve(this.rootDir, this.settings.config);
      if (!existsSync(path)) throw new InputError(`config file not found: ${this.settings.config} (the mcp-conform plugin's "config" setting)`);
      return path;
    }
    return findConfigFile(this.rootDir) ?? null;
  }
}

function readConfig(path: string): McpConformConfig {
  let raw: unknown;
  try {
    if (path.endsWith(".json")) raw = readJsonConfig(path, path);
    else {
      const loaded = createJiti(import.meta.url, { moduleCache: false, fsCache: false })(path) as { default?: unknown };
      raw = loaded.default ?? loaded;
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot load config: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, { file: path });
  }
  validateConfig(raw, path, path);
  return raw;
}
