import type { RuleSeverities } from "../check/codes.js";
import type { ProtocolId } from "../protocols/protocol.js";

/** `mcp-conform.config.ts`: every key optional; flags given on the command line win. */
export interface McpConformConfig {
  /** The JSON Schema of a JSON config, for editors: `./node_modules/mcp-conform/schema/mcp-conform.config.schema.json`. */
  $schema?: string;
  /** tsconfig.json (or its folder) of the server; several for a monorepo. */
  project?: string | string[];
  /** The response protocol every tool conforms to. */
  protocol?: ProtocolId;
  /** Add the Guidance Pattern's `guidance` field beside `aorp` or `smart-v2` envelopes. */
  guidance?: boolean;
  output?: {
    /** Generated files (rewritten every run). Default `src/generated/mcp-conform`. */
    dir?: string;
    /** Scaffolded guidance stubs (written once, then yours). Default `src/guidance`. */
    guidanceDir?: string;
  };
  templates?: {
    /** A folder whose `*.hbs` files replace the built-in templates of the same name. */
    dir?: string;
  };
  check?: {
    /** Fail `check` below this coverage percentage (0-100). */
    minCoverage?: number;
  };
  /**
   * A severity per check code (ESLint's words): `error` (the default) fails `check`, `warn` reports
   * the problem without failing, `off` hides it. Verdicts and coverage do not change.
   */
  rules?: RuleSeverities;
  format?: {
    /**
     * Format each template's files once and derive their twins (fast at many tools). Default: on
     * with the built-in templates, off with \`templates.dir\`; \`false\` sends every file to Prettier.
     */
    byShape?: boolean;
  };
}

/** Identity at run time; gives editors the config's types. */
export function defineConfig(config: McpConformConfig): McpConformConfig {
  return config;
}
