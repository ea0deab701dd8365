import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type * as Ast from "typescript7/unstable/ast";
import type * as Sync from "typescript7/unstable/sync";
import { InputError } from "../../errors.js";
import { keepDecodedStrings } from "./ts7-node-strings.js";

/**
 * The TypeScript 7 API is unstable, so the engine runs one exact version. It is taken from the
 * project itself when the project installs that version (a TypeScript 7 project then needs nothing
 * more), else from a `typescript7` package installed beside mcp-conform
 * (`npm i -D typescript7@npm:typescript@7.0.2`, which is how mcp-conform's own tests get it).
 */
export const TYPESCRIPT7_VERSION = "7.0.2";

export interface Ts7Api {
  readonly sync: typeof Sync;
  readonly SyntaxKind: typeof Ast.SyntaxKind;
  /** Where it was loaded from: the project's `typescript`, or mcp-conform's `typescript7`. */
  readonly source: "project" | "mcp-conform";
  /** The package's folder: a compiler started ahead (ts7-head-start.ts) must be this one's. */
  readonly dir: string;
  /**
   * The client's node class (not an export of the package): engine/ast.ts tells the two
   * compilers' nodes apart by it, and ts7-node-strings.ts keeps the strings its nodes decode.
   */
  readonly RemoteNode: abstract new (...args: never[]) => object;
}

export interface FoundPackage {
  dir: string;
  version: string;
  exports: Record<string, string>;
}

function findPackage(from: string, name: string): FoundPackage | undefined {
  try {
    const manifest = createRequire(from).resolve(`${name}/package.json`);
    const json = JSON.parse(readFileSync(manifest, "utf8")) as { version?: string; exports?: Record<string, unknown> };
    const exports = Object.fromEntries(Object.entries(json.exports ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    return { dir: dirname(manifest), version: json.version ?? "", exports };
  } catch {
    return undefined;
  }
}

async function importFrom(found: FoundPackage): Promise<Pick<Ts7Api, "sync" | "SyntaxKind" | "RemoteNode">> {
  const load = async (subpath: string): Promise<unknown> => {
    const target = found.exports[subpath];
    if (!target) throw new Error(`typescript ${found.version} has no ${subpath}`);
    return import(pathToFileURL(join(found.dir, target)).href);
  };
  const [sync, ast, nodes] = await Promise.all([
    load("./unstable/sync") as Promise<typeof Sync>,
    load("./unstable/ast") as Promise<typeof Ast>,
    // Not an export of the package: the module the API's nodes come from.
    import(pathToFileURL(join(found.dir, "dist", "api", "node", "node.generated.js")).href) as Promise<{
      RemoteNode?: Parameters<typeof keepDecodedStrings>[0];
    }>,
  ]);
  const { RemoteNode } = nodes;
  if (typeof RemoteNode !== "function") throw new Error(`typescript ${found.version} has no RemoteNode class in dist/api/node/node.generated.js`);
  keepDecodedStrings(RemoteNode);
  return { sync, SyntaxKind: ast.SyntaxKind, RemoteNode: RemoteNode as unknown as Ts7Api["RemoteNode"] };
}

/** The pinned version's package for a project: its own `typescript`, else mcp-conform's `typescript7`. */
export function ts7PackageFor(projectDir: string): { found: FoundPackage; source: Ts7Api["source"] } | { found: undefined; own: FoundPackage | undefined } {
  const own = findPackage(join(projectDir, "package.json"), "typescript");
  if (own?.version === TYPESCRIPT7_VERSION) return { found: own, source: "project" };
  const beside = findPackage(import.meta.url, "typescript7");
  if (beside?.version === TYPESCRIPT7_VERSION) return { found: beside, source: "mcp-conform" };
  return { found: undefined, own };
}

/** The pinned TypeScript 7 API for a project, or an input error that says how to get it. */
export async function loadTs7Api(projectDir: string): Promise<Ts7Api> {
  const chosen = ts7PackageFor(projectDir);
  if (chosen.found) return { ...(await importFrom(chosen.found)), source: chosen.source, dir: chosen.found.dir };
  const { own } = chosen;
  const has = own ? `the project has typescript ${own.version}` : "the project has no typescript installed";
  throw new InputError(
    `the TypeScript 7 engine runs typescript ${TYPESCRIPT7_VERSION} exactly (its API is unstable) and ${has}: install typescript@${TYPESCRIPT7_VERSION}, or analyse with --engine ts6`,
  );
}
