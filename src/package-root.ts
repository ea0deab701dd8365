import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of mcp-conform's own package.json. Templates and protocol runtimes are read from
 * `src/` at run time whether we run from `src/` (tests, tsx) or from `dist/` (the published bin),
 * so both resolve through the package root rather than through `import.meta.url` of the caller.
 */
function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "package.json");
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, "utf8")) as { name?: string };
      if (pkg.name === "mcp-conform") return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("mcp-conform: cannot find its own package.json");
    dir = parent;
  }
}

export const packageRoot = findPackageRoot();

/** Read a file shipped with the package, by its path relative to the package root. */
export function readPackageFile(relativePath: string): string {
  return readFileSync(join(packageRoot, relativePath), "utf8");
}
