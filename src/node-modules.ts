import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The folder of package `name` as Node would find it from `fromDir`: the nearest
 * `node_modules/<name>` upward. What the user's project has installed (its Prettier, its
 * TypeScript), not what mcp-conform depends on.
 */
export function findPackageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
