/**
 * `mcp-conform/plugin`: a TypeScript language-service plugin that shows `check`'s problems as
 * diagnostics in editors running TypeScript 6's tsserver (TypeScript 7 runs no plugins). tsserver
 * loads it with require() through the CommonJS entry `plugin/index.js` at the package root, which
 * hands this module's `init` the editor's own `typescript`.
 */
import { dirname } from "node:path";
import { ts } from "../compiler.cjs";
import { InputError } from "../errors.js";
import { ProgramCheck } from "./program-check.js";
import { PluginConfigLoader, type PluginSettings } from "./settings.js";

export { DIAGNOSTIC_SOURCE, diagnosticCategory, diagnosticCode } from "./diagnostics.js";
export type { PluginSettings } from "./settings.js";

type TypeScriptModule = typeof ts;

/** What tsserver gives `create` (`ts.server.PluginCreateInfo`), as far as the plugin reads it. */
export interface PluginInfo {
  languageService: ts.LanguageService;
  project: {
    getProjectName(): string;
    projectService: { logger: { info(message: string): void } };
  };
  config?: PluginSettings | undefined;
}

export interface PluginModule {
  create(info: PluginInfo): ts.LanguageService;
}

/**
 * The plugin factory tsserver calls with `{ typescript }`. The check core works on nodes through
 * the TypeScript that ts-morph bundles; node kinds and flags are the same within a minor version,
 * so the editor's TypeScript must be the same major.minor, or the plugin stays out of the way.
 */
export function init(modules: { typescript: TypeScriptModule }): PluginModule {
  return {
    create(info) {
      const log = (message: string): void => info.project.projectService.logger.info(`[mcp-conform] ${message}`);
      const editorVersion = modules.typescript.versionMajorMinor;
      if (editorVersion !== ts.versionMajorMinor) {
        log(`disabled: the editor runs TypeScript ${editorVersion}, mcp-conform analyses with ${ts.versionMajorMinor}`);
        return info.languageService;
      }
      const tsconfigPath = info.project.getProjectName();
      if (!/\.json$/i.test(tsconfigPath)) {
        log(`disabled for ${tsconfigPath}: mcp-conform checks projects with a tsconfig`);
        return info.languageService;
      }
      const settings = info.config ?? {};
      // Never throw into tsserver: say why in its log, and leave the editor its own diagnostics.
      const report = (error: unknown): void =>
        log(error instanceof InputError ? error.format() : error instanceof Error ? (error.stack ?? error.message) : String(error));
      const check = new ProgramCheck(tsconfigPath, new PluginConfigLoader(dirname(tsconfigPath), settings), report);
      return decorate(info.languageService, (fileName, prior) => {
        try {
          const program = info.languageService.getProgram();
          const ours = program ? check.diagnosticsFor(program, fileName) : [];
          return ours.length === 0 ? prior : [...prior, ...ours];
        } catch (error) {
          report(error);
          return prior;
        }
      });
    },
  };
}

/** A language service whose semantic diagnostics are extended; every other method is the original. */
function decorate(service: ts.LanguageService, extend: (fileName: string, prior: ts.Diagnostic[]) => ts.Diagnostic[]): ts.LanguageService {
  const decorated = Object.create(null) as ts.LanguageService;
  for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
    const member = service[key];
    (decorated as unknown as Record<string, unknown>)[key] = typeof member === "function" ? (member as (...args: unknown[]) => unknown).bind(service) : member;
  }
  decorated.getSemanticDiagnostics = (fileName) => extend(fileName, service.getSemanticDiagnostics(fileName));
  return decorated;
}
