import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { init, type PluginInfo, type PluginSettings } from "../../src/plugin/index.js";

/**
 * A real LanguageService over a project on disk, as an editor's tsserver holds one: scripts are
 * read from disk unless edited in memory, and an edit bumps the script's version. The plugin is
 * applied the way tsserver applies it: `init({ typescript })`, then `create(info)`.
 */
export class EditorProject {
  readonly service: ts.LanguageService;
  readonly log: string[] = [];
  private readonly versions = new Map<string, number>();
  private readonly edits = new Map<string, string>();
  private readonly parsed: ts.ParsedCommandLine;

  constructor(
    readonly tsconfigPath: string,
    settings: PluginSettings = {},
  ) {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      tsconfigPath,
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
        },
      },
    );
    if (!parsed) throw new Error(`cannot read ${tsconfigPath}`);
    this.parsed = parsed;
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => this.parsed.options,
      getScriptFileNames: () => this.parsed.fileNames,
      getScriptVersion: (fileName) => String(this.versions.get(fileName) ?? 0),
      getScriptSnapshot: (fileName) => {
        const text = this.edits.get(fileName) ?? ts.sys.readFile(fileName);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => dirname(tsconfigPath),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (fileName) => this.edits.has(fileName) || ts.sys.fileExists(fileName),
      readFile: (fileName) => this.edits.get(fileName) ?? ts.sys.readFile(fileName),
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    };
    const languageService = ts.createLanguageService(host, ts.createDocumentRegistry());
    const info: PluginInfo = {
      languageService,
      project: { getProjectName: () => tsconfigPath, projectService: { logger: { info: (message) => void this.log.push(message) } } },
      config: { name: "mcp-conform/plugin", ...settings } as PluginSettings,
    };
    this.service = init({ typescript: ts as never }).create(info) as unknown as ts.LanguageService;
  }

  path(relativePath: string): string {
    return join(dirname(this.tsconfigPath), relativePath).split("\\").join("/");
  }

  /** Replace a file's text in memory, as typing in the editor does. */
  edit(relativePath: string, from: string, to: string): void {
    const fileName = this.path(relativePath);
    const before = this.edits.get(fileName) ?? readFileSync(fileName, "utf8");
    if (!before.includes(from)) throw new Error(`${relativePath} does not contain ${from}`);
    this.edits.set(fileName, before.replace(from, to));
    this.versions.set(fileName, (this.versions.get(fileName) ?? 0) + 1);
  }

  /** The project's own source files (not declarations), absolute. */
  sourceFiles(): string[] {
    return this.parsed.fileNames.filter((fileName) => !fileName.endsWith(".d.ts")).map((fileName) => fileName.split("\\").join("/"));
  }
}

export interface ShownDiagnostic {
  file: string;
  line: number;
  code: number;
  category: "error" | "warning";
  message: string;
}

/** The plugin's diagnostics (source "mcp-conform") across the project, as plain values. */
export function mcpConformDiagnostics(project: EditorProject): ShownDiagnostic[] {
  const root = dirname(project.tsconfigPath).split("\\").join("/");
  return project
    .sourceFiles()
    .flatMap((fileName) => project.service.getSemanticDiagnostics(fileName))
    .filter((d) => d.source === "mcp-conform")
    .map((d) => ({
      file: d.file!.fileName.slice(root.length + 1),
      line: d.file!.getLineAndCharacterOfPosition(d.start!).line + 1,
      code: d.code,
      category: d.category === ts.DiagnosticCategory.Error ? ("error" as const) : ("warning" as const),
      message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
    }));
}
