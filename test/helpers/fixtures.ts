import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const fixturesRoot = join(repoRoot, "fixtures");

/** Every file below `dir`, by path relative to it, with its text (to compare two outputs whole). */
export function readTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[relative(dir, join(entry.parentPath, entry.name))] = readFileSync(join(entry.parentPath, entry.name), "utf8");
  }
  return files;
}

/** Every fixture project (a folder with a tsconfig.json) below `fixtures/`, as paths relative to it. */
export function fixtureProjects(under = ""): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (existsSync(join(dir, "tsconfig.json"))) found.push(relative(fixturesRoot, dir).split("\\").join("/"));
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== "src" && !entry.name.startsWith("__")) walk(join(dir, entry.name));
    }
  };
  walk(join(fixturesRoot, under));
  return found.sort();
}

/**
 * Compare with a golden file beside the fixture; `UPDATE_GOLDEN=1 npm test` rewrites them, and the
 * diff is then reviewed like any code change.
 */
export function golden(path: string, actual: string): string {
  if (process.env["UPDATE_GOLDEN"] === "1" || !existsSync(path)) {
    if (process.env["CI"] && !existsSync(path)) throw new Error(`golden file missing in CI: ${path}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
  }
  return readFileSync(path, "utf8");
}
