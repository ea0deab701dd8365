/**
 * Prettier over the batch of generated files, with the user's own configuration.
 *
 * Decisions:
 * - Prettier is imported once per run (`createFormatter` memoises the import) and formats the
 *   whole batch in one pass; the caller decides which files are in the batch.
 * - Files that are one template filled in with different names (a formatter module per tool) are
 *   formatted once per shape, and the rest derived exactly (format-by-shape.ts): at 1,000 tools
 *   this is 30-odd Prettier calls instead of 1,000.
 * - Config: `resolveConfig(file, { editorconfig: true })` per file, so `.prettierrc*`,
 *   `package.json#prettier`, `prettier.config.*`, their `overrides` and `.editorconfig` all apply
 *   exactly as `prettier --check` would apply them. Prettier caches the search per directory; the
 *   cache is cleared once per run so `--watch` notices an edited config. No config → defaults.
 * - `.prettierignore` is deliberately NOT honoured: people list generated folders there so their
 *   own Prettier leaves them alone, and skipping formatting would hand them unformatted output.
 *   Formatting with their config is harmless whether or not their Prettier ever looks.
 * - The parser comes from the extension, overriding any configured parser.
 * - Prettier is the project's own Prettier 3 when it has one, else the one mcp-conform depends on
 *   (prettier.ts): the output must pass the project's `prettier --check`.
 * - A Prettier plugin that fails (an import sorter that cannot read `import("./x.js").T`, a plugin
 *   that does not load) never stops the run: the file is formatted again without the project's
 *   plugins, and the run says so. The user's formatter setup is theirs to mend; their output
 *   should not wait for it.
 */
import { basename, dirname, extname, isAbsolute, relative } from "node:path";
import { InputError } from "../errors.js";
import { modelOf, type Shape, shapeOf } from "./format-by-shape.js";
import { balancedShares, defaultThreads, type FormatJob, formatOnWorker, shareCount } from "./format-pool.js";
import {
  bundledPrettierVersion,
  type LoadedPrettier,
  type LoadPrettier,
  loadBundled,
  loadProjectPrettier,
  type PrettierApi,
  resolvePluginNames,
} from "./prettier.js";
import { compareStrings } from "../compare-strings.js";

export type { LoadedPrettier, LoadPrettier, PrettierApi } from "./prettier.js";
export { fixedPrettier } from "./prettier.js";

/** mcp-conform's own Prettier, whatever the project has (migrate asks it whether a config exists). */
export async function loadBundledPrettier(): Promise<PrettierApi> {
  return (await loadBundled()).api;
}

/** What formatting `path` means, known before (and without) formatting it. */
export interface FileFormat {
  /** Identifies the exact transformation (Prettier version, parser, options); for the format cache. */
  readonly key: string;
  /** The user's `endOfLine` is `auto`: line endings on disk are theirs to choose. */
  readonly endOfLineAuto: boolean;
}

export interface Formatter {
  readonly enabled: boolean;
  resolve(absPath: string): Promise<FileFormat>;
  /** Formats every file of the batch; rejects naming the first file Prettier could not format. */
  format(files: ReadonlyMap<string, string>): Promise<Map<string, string>>;
  /** What formatting had to work around since the last call (a failing plugin, an unsupported Prettier), each said once. */
  takeWarnings(): string[];
  /**
   * One statement of `absPath` formatted on its own (what migrate rewrote in a user's file), with
   * the options that apply to that file, to stand at `indent`: its lines fit the print width there.
   * Its first line carries no indentation and its others are indented as at the top level; no
   * final newline. Rejects when Prettier cannot read the statement alone.
   */
  formatPiece(absPath: string, source: string, indent: string): Promise<string>;
}

export interface FormatterOptions {
  enabled: boolean;
  /** Which Prettier; default: the project's own Prettier 3, else mcp-conform's (prettier.ts). */
  loadPrettier?: LoadPrettier;
  /** How many threads may format a large batch, this one included; default: `defaultThreads()`. */
  threads?: number;
  /** Whether files of one shape may be derived from one Prettier run (format-by-shape.ts); default: yes. */
  byShape?: boolean;
}

// `.tsx` and `.jsx` are never generated; migrate formats the statements it rewrites in them (the
// typescript parser reads JSX in a `.tsx` file by its path).
const PARSERS: Record<string, string> = {
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".tsx": "typescript",
  ".js": "babel",
  ".mjs": "babel",
  ".cjs": "babel",
  ".jsx": "babel",
  ".json": "json",
};

export function parserFor(absPath: string): string {
  const parser = PARSERS[extname(absPath).toLowerCase()];
  if (parser === undefined) throw new Error(`no Prettier parser for generated file ${absPath} (extension not supported)`);
  return parser;
}

const UNFORMATTED: FileFormat = { key: "unformatted", endOfLineAuto: false };

/**
 * The Prettier versions format-by-shape's property test runs against (test/write/format-by-shape*):
 * only with one of them are files of one shape derived instead of formatted. Another version may
 * lay out a name differently (the rules that read names change between releases), and a derived
 * file that Prettier would print otherwise fails the project's `prettier --check`; with it, every
 * file goes through Prettier.
 */
export const SHAPE_TESTED_PRETTIER: ReadonlySet<string> = new Set([bundledPrettierVersion, "3.0.3"]);

export function createFormatter({ enabled, loadPrettier = loadProjectPrettier, threads = defaultThreads(), byShape = true }: FormatterOptions): Formatter {
  const warnings = new Set<string>();
  const said = new Set<string>();
  const takeWarnings = (): string[] => {
    const taken = [...warnings].filter((warning) => !said.has(warning));
    for (const warning of taken) said.add(warning);
    warnings.clear();
    return taken;
  };
  if (!enabled) {
    return {
      enabled,
      resolve: async () => UNFORMATTED,
      format: async (files) => new Map(files),
      formatPiece: async (_absPath, source) => source,
      takeWarnings,
    };
  }

  let prettier: Promise<LoadedPrettier> | undefined;
  // The first file asked about says where the project is: its Prettier is looked up from there.
  const load = (absPath: string): Promise<LoadedPrettier> =>
    (prettier ??= loadPrettier(dirname(absPath)).then(async (loaded) => {
      if (loaded.warning) warnings.add(loaded.warning);
      await loaded.api.clearConfigCache?.();
      return loaded;
    }));

  const resolved = new Map<string, Promise<{ options: Record<string, unknown>; format: FileFormat }>>();
  const resolveOptions = (absPath: string) => {
    let entry = resolved.get(absPath);
    if (entry === undefined) {
      entry = (async () => {
        const { api } = await load(absPath);
        const parser = parserFor(absPath);
        let config: Record<string, unknown> | null;
        try {
          config = await api.resolveConfig(absPath, { editorconfig: true });
        } catch (error) {
          throw new InputError(`cannot read the Prettier configuration that applies to ${absPath}: ${messageOf(error)}`);
        }
        const options: Record<string, unknown> = { ...config, parser };
        if (options["plugins"] !== undefined) options["plugins"] = resolvePluginNames(options["plugins"], dirname(absPath));
        const format: FileFormat = {
          key: stableJson({ prettier: api.version, options }),
          endOfLineAuto: options["endOfLine"] === "auto",
        };
        return { options, format };
      })();
      resolved.set(absPath, entry);
    }
    return entry;
  };

  return {
    enabled,
    resolve: async (absPath) => (await resolveOptions(absPath)).format,
    takeWarnings,
    async formatPiece(absPath, source, indent) {
      const { api } = await load(absPath);
      const { options } = await resolveOptions(absPath);
      const tabWidth = typeof options["tabWidth"] === "number" ? options["tabWidth"] : 2;
      const printWidth = typeof options["printWidth"] === "number" ? options["printWidth"] : 80;
      const width = [...indent].reduce((sum, char) => sum + (char === "\t" ? tabWidth : 1), 0);
      // Without the project's plugins: an import sorter given one import alone would drop it as unused.
      const formatted = await api.format(source, {
        ...options,
        plugins: [],
        filepath: absPath,
        endOfLine: "lf",
        insertPragma: false,
        printWidth: Math.max(printWidth - width, 1),
      });
      return formatted.replace(/\n$/, "");
    },
    async format(files) {
      if (files.size === 0) return new Map();
      const { api, moduleUrl, bundled } = await load(files.keys().next().value!);
      const formatOne = async (absPath: string, source: string, options: Record<string, unknown>): Promise<string> => {
        try {
          return await api.format(source, { ...options, filepath: absPath });
        } catch (error) {
          const plugins = options["plugins"];
          if (!Array.isArray(plugins) || plugins.length === 0) throw formatError(absPath, options["parser"], error);
          // Again without the project's plugins: if that works, the plugin was the trouble.
          let text: string;
          try {
            text = await api.format(source, { ...options, plugins: [], filepath: absPath });
          } catch {
            throw formatError(absPath, options["parser"], error);
          }
          warnings.add(
            `warning: a Prettier plugin (${plugins.map(pluginName).join(", ")}) failed on ${relative(process.cwd(), absPath) || absPath}: ${messageOf(error)}; formatted it without plugins`,
          );
          return text;
        }
      };
      const formatHere = async (share: readonly FormatJob[]): Promise<(readonly [string, string])[]> => {
        const done: (readonly [string, string])[] = [];
        for (const [absPath, source, options] of share) done.push([absPath, await formatOne(absPath, source, options)] as const);
        return done;
      };
      const formatBatch = async (jobs: readonly FormatJob[]): Promise<Map<string, string>> => {
        if (jobs.length === 0) return new Map();
        // A worker imports the same Prettier module; an injected one (tests) stays on this thread.
        const shares = moduleUrl !== undefined ? shareCount(jobs, threads) : 1;
        if (shares === 1) return new Map(await formatHere(jobs));
        const split = balancedShares(jobs, shares);
        const [own = [], ...others] = split;
        const [mine, ...theirs] = await Promise.all([formatHere(own), ...others.map((share) => formatOnWorker(share, moduleUrl!))]);
        const entries = [...(mine ?? [])];
        for (const [index, result] of theirs.entries()) {
          // A worker that failed: format its share here, where errors are reported with full context.
          entries.push(...(result ? [...result] : await formatHere(others[index] ?? [])));
        }
        return new Map(entries);
      };
      const jobs = await Promise.all(
        [...files].map(async ([absPath, source]): Promise<ShapedJob> => {
          const { options, format } = await resolveOptions(absPath);
          return { job: [absPath, source, options], optionsKey: format.key };
        }),
      );
      return formatByShape(jobs, formatBatch, byShape && (bundled || SHAPE_TESTED_PRETTIER.has(api.version)));
    },
  };
}

/** A plugin as the warning names it: its package or file name, not a whole path. */
function pluginName(plugin: unknown): string {
  if (typeof plugin !== "string") return (plugin as { name?: string } | null)?.name ?? "a plugin object";
  const inModules = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(plugin);
  return inModules?.[1]?.replace(/\\/g, "/") ?? (isAbsolute(plugin) ? basename(plugin) : plugin);
}

interface ShapedJob {
  job: FormatJob;
  /** Equal for files formatted with equal options. */
  optionsKey: string;
}

/**
 * Formats `jobs` with Prettier once per shape (format-by-shape.ts): files of three or more that
 * share a shape are derived from the first, once the second is derived exactly as Prettier prints
 * it. Everything else, and every group that fails that test, is formatted file by file.
 */
async function formatByShape(
  jobs: readonly ShapedJob[],
  formatBatch: (jobs: readonly FormatJob[]) => Promise<Map<string, string>>,
  byShape: boolean,
): Promise<Map<string, string>> {
  const groups = new Map<string, { job: FormatJob; shape: Shape }[]>();
  const alone: FormatJob[] = [];
  for (const { job, optionsKey } of jobs) {
    const shape = byShape && shapeable(job[2]) ? shapeOf(job[1]) : undefined;
    if (shape === undefined) {
      alone.push(job);
      continue;
    }
    const key = `${optionsKey}\u0002${shape.key}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [{ job, shape }]);
    else group.push({ job, shape });
  }
  const twins: { job: FormatJob; shape: Shape }[][] = [];
  for (const group of groups.values()) {
    if (group.length < 3) alone.push(...group.map(({ job }) => job));
    else twins.push(group.sort((a, b) => compareStrings(a.job[0], b.job[0])));
  }

  const printed = await formatBatch([...alone, ...twins.flatMap((group) => [group[0]!.job, group[1]!.job])]);
  const again: FormatJob[] = [];
  for (const [first, second, ...rest] of twins) {
    const model = modelOf(printed.get(first!.job[0])!, first!.shape);
    if (model === undefined || model(second!.shape) !== printed.get(second!.job[0])) {
      again.push(...rest.map(({ job }) => job));
      continue;
    }
    for (const { job, shape } of rest) {
      const derived = model(shape);
      if (derived === undefined) again.push(job);
      else printed.set(job[0], derived);
    }
  }
  for (const [absPath, text] of await formatBatch(again)) printed.set(absPath, text);
  return printed;
}

/** Only the TypeScript parser and no plugins: a plugin may read names (to sort imports, say). */
function shapeable(options: Record<string, unknown>): boolean {
  const plugins = options["plugins"];
  return options["parser"] === "typescript" && (plugins === undefined || (Array.isArray(plugins) && plugins.length === 0));
}

/** Formats one batch with one Prettier import. */
export async function formatFiles(files: ReadonlyMap<string, string>, options: FormatterOptions): Promise<Map<string, string>> {
  return createFormatter(options).format(files);
}

function formatError(absPath: string, parser: unknown, error: unknown): Error {
  // A located syntax error means the template rendered invalid code: our bug (or that of a
  // user's template override). Anything else comes from the configuration (a missing plugin...).
  if ((error as { loc?: unknown } | null)?.loc !== undefined) {
    return new Error(`generated file ${absPath} is not valid ${String(parser)}: ${messageOf(error)}`, { cause: error });
  }
  return new InputError(`Prettier failed on generated file ${absPath} with the configuration that applies to it: ${messageOf(error)}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
}

/** JSON with object keys sorted, so equal options always give an equal key. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
    return Object.fromEntries(Object.entries(item).sort(([a], [b]) => compareStrings(a, b)));
  });
}
