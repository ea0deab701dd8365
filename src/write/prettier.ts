/**
 * Which Prettier formats the output: the project's own when it has one, else the one mcp-conform
 * depends on. The project's CI runs its own `prettier --check`, and Prettier's layout changes
 * between versions: output formatted by another version than theirs would be rejected there.
 *
 * Decisions:
 * - "The project's own" is what Node would load from the output folder: the nearest
 *   `node_modules/prettier` upward. When that is our own copy (npm hoisted it into the project), it
 *   is the bundled one.
 * - Prettier 3 only (the optional peer range, `^3.0.0`): the API used here (promises, `editorconfig`
 *   in `resolveConfig`) is 3's. Another major version is not loaded: the bundled Prettier formats,
 *   with a warning that the project's `prettier --check` may disagree.
 * - Plugins named in the project's config are resolved from the formatted file's folder, like the
 *   project's Prettier itself (Prettier would look in the working directory, which need not be
 *   the project's).
 */
import { readFileSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import { findPackageDir } from "../node-modules.js";

/** The part of Prettier's API used here; tests inject a counting or failing one. */
export interface PrettierApi {
  readonly version: string;
  resolveConfig(filePath: string, options: { editorconfig: boolean }): Promise<Record<string, unknown> | null>;
  format(source: string, options: Record<string, unknown>): Promise<string>;
  clearConfigCache?(): Promise<void>;
}

export interface LoadedPrettier {
  api: PrettierApi;
  /** The module a worker thread imports to format with the same Prettier; absent for an injected one. */
  moduleUrl?: string;
  /** Whether this is the Prettier mcp-conform depends on (the one format-by-shape was proven against). */
  bundled: boolean;
  /** Said once per run when the project's Prettier could not be used. */
  warning?: string;
}

/** Loads Prettier for output below `fromDir`. */
export type LoadPrettier = (fromDir: string) => Promise<LoadedPrettier>;

const ownRequire = createRequire(import.meta.url);

/** Our own Prettier's folder. */
function bundledPackageDir(): string {
  return dirname(ownRequire.resolve("prettier/package.json"));
}

export const bundledPrettierVersion: string = (JSON.parse(readFileSync(join(bundledPackageDir(), "package.json"), "utf8")) as { version: string }).version;

async function importPrettier(moduleUrl: string): Promise<PrettierApi> {
  const module = (await import(moduleUrl)) as PrettierApi & { default?: PrettierApi };
  // Prettier's ESM entry has named exports; a CommonJS entry arrives as `default`.
  return typeof module.format === "function" ? module : (module.default ?? module);
}

export async function loadBundled(): Promise<LoadedPrettier> {
  const moduleUrl = pathToFileURL(packageEntry(bundledPackageDir())).href;
  return { api: await importPrettier(moduleUrl), moduleUrl, bundled: true };
}

/** The default loader: the project's Prettier 3 when it has one, else ours. */
export const loadProjectPrettier: LoadPrettier = async (fromDir) => {
  const found = findPackageDir("prettier", fromDir);
  if (found === undefined || sameFolder(found, bundledPackageDir())) return loadBundled();
  const version = (JSON.parse(readFileSync(join(found, "package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  if (!/^3\./.test(version)) {
    const bundled = await loadBundled();
    return {
      ...bundled,
      warning: `the project's Prettier is ${version} (${found}), and mcp-conform formats with Prettier 3: the output is formatted with its own Prettier ${bundledPrettierVersion}, which your \`prettier --check\` may disagree with`,
    };
  }
  const moduleUrl = pathToFileURL(packageEntry(found)).href;
  return { api: await importPrettier(moduleUrl), moduleUrl, bundled: false };
};

/** A loader that hands out `api` (tests). */
export function fixedPrettier(api: PrettierApi): LoadPrettier {
  return async () => ({ api, bundled: false });
}

/**
 * Plugin names (`"prettier-plugin-organize-imports"`) resolved to files from `fromDir`, so they load
 * from the project whatever the working directory; paths, URLs and plugin objects stay as they are,
 * and so does a name that does not resolve (Prettier then reports it).
 */
export function resolvePluginNames(plugins: unknown, fromDir: string): unknown {
  if (!Array.isArray(plugins)) return plugins;
  return plugins.map((plugin) => {
    if (typeof plugin !== "string" || plugin.startsWith(".") || isAbsolute(plugin) || /^[a-z][a-z0-9+.-]*:/i.test(plugin)) return plugin;
    const dir = findPackageDir(plugin, fromDir);
    return dir === undefined ? plugin : packageEntry(dir);
  });
}

function sameFolder(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/** The file `import(name)` would load from a package folder: its `exports["."]` for `import`, else `main`. */
function packageEntry(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { exports?: unknown; main?: string };
  const fromExports = pickExport(
    typeof pkg.exports === "object" && pkg.exports !== null && "." in pkg.exports ? (pkg.exports as Record<string, unknown>)["."] : pkg.exports,
  );
  return join(dir, fromExports ?? pkg.main ?? "index.js");
}

/** The target an ESM import picks among export conditions (`import`, `node`, `default`; never `browser`). */
function pickExport(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (Array.isArray(target)) return target.map(pickExport).find((entry) => entry !== undefined);
  if (typeof target !== "object" || target === null) return undefined;
  for (const [condition, value] of Object.entries(target)) {
    if (condition === "import" || condition === "node" || condition === "default") {
      const picked = pickExport(value);
      if (picked !== undefined) return picked;
    }
  }
  return undefined;
}
