import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { ts } from "ts-morph";
import { packageRoot } from "../package-root.js";

/**
 * Everything a `generate` run's output depends on, hashed: the tool's own code and templates, the
 * resolved config, the tsconfig and every source file it includes (by content), the lock file (the
 * dependencies' types) and any Prettier or EditorConfig file on the way up. Equal fingerprints mean
 * an equal output, so a run with nothing changed can stop before opening the project.
 */
export function runFingerprint(options: { tsconfigPath: string; settings: unknown; ownedFolders: string[] }): string {
  const hash = createHash("sha256");
  const add = (label: string, value: string | Buffer): void => {
    hash.update(label).update("\0").update(value).update("\0");
  };

  add("settings", JSON.stringify(options.settings));
  // Our own code and templates: a new build of mcp-conform regenerates (mtime and size suffice).
  for (const folder of ["dist", "src/templates", "src/protocols"]) {
    for (const file of listFiles(join(packageRoot, folder))) {
      const stat = statSync(file);
      add("tool", `${file}:${stat.size}:${stat.mtimeMs}`);
    }
  }

  const parsed = ts.getParsedCommandLineOfConfigFile(options.tsconfigPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  add("tsconfig", readFileSync(options.tsconfigPath));
  const configFile = parsed?.options.configFile as ts.TsConfigSourceFile | undefined;
  for (const extended of configFile?.extendedSourceFiles ?? []) if (existsSync(extended)) add("extends", readFileSync(extended));
  // Our own output and the scaffolded stubs are not inputs (generation never reads them); the
  // output is verified file by file against the recorded run instead.
  const owned = options.ownedFolders.map((folder) => `${resolve(folder)}${sep}`);
  for (const file of [...(parsed?.fileNames ?? [])].sort()) {
    if (owned.some((folder) => resolve(file).startsWith(folder))) continue;
    add(file, readFileSync(file));
  }

  for (let dir = dirname(options.tsconfigPath); ; dir = dirname(dir)) {
    for (const name of LOOKED_UP) {
      const file = join(dir, name);
      if (existsSync(file) && statSync(file).isFile()) add(file, readFileSync(file));
    }
    if (dirname(dir) === dir) break;
  }
  return hash.digest("hex");
}

/** Files that change generated output from outside the project's sources. */
const LOOKED_UP = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "pnpm-lock.yaml",
  "yarn.lock",
  "bun.lock",
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.yaml",
  ".prettierrc.yml",
  ".prettierrc.json5",
  ".prettierrc.js",
  ".prettierrc.cjs",
  ".prettierrc.mjs",
  ".prettierrc.toml",
  "prettier.config.js",
  "prettier.config.cjs",
  "prettier.config.mjs",
  "prettier.config.ts",
  ".editorconfig",
];

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(path));
    else files.push(path);
  }
  return files.sort();
}
