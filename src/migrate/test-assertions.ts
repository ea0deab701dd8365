import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { toPosixPath } from "../analyze/paths.js";
import type { MigratedTool, ThrowAssertion } from "./outcome.js";

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
/** `rejects.toThrow(...)`, `toThrow(...)`, `toThrowError(...)`, node:assert's `rejects`/`throws`. */
const THROW_ASSERTION = /\.(rejects\.)?toThrow(Error)?\s*\(|assert\.(rejects|throws)\s*\(/;
const SKIPPED_FOLDERS = new Set(["node_modules", ".git", "dist", "build", "coverage"]);

function testFiles(folder: string, outputRoot: string, found: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith(".") && path !== outputRoot) testFiles(path, outputRoot, found);
    } else if (entry.isFile() && (TEST_FILE.test(entry.name) || folder.split(/[\\/]/).includes("__tests__"))) {
      found.push(path);
    }
  }
  return found;
}

/**
 * The project's test files that assert a throw and name a tool whose handler throws now return an
 * error result (by the tool's name, or an import of the handler's module): `migrate` says so
 * rather than change what those tests mean.
 */
export function throwAssertions(root: string, outputDir: string, migrated: readonly MigratedTool[]): ThrowAssertion[] {
  const throwing = migrated.filter((tool) => (tool.throws ?? 0) > 0);
  if (throwing.length === 0) return [];
  const found: ThrowAssertion[] = [];
  for (const file of testFiles(root, join(root, outputDir)).sort()) {
    const text = readFileSync(file, "utf8");
    if (!THROW_ASSERTION.test(text)) continue;
    const stem = (path: string): string => basename(path).replace(/\.[cm]?[jt]sx?$/, "");
    const tools = throwing
      .filter(
        (tool) =>
          text.includes(tool.tool) || new RegExp(`from\\s+["'][^"']*/${stem(tool.file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\.[cm]?[jt]s)?["']`).test(text),
      )
      .map((tool) => tool.tool);
    if (tools.length > 0) found.push({ file: toPosixPath(relative(root, file)), tools });
  }
  return found;
}
