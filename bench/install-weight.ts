// The install weight stage of `npm run bench`: what `npm i -D mcp-conform` adds to a project.
// Packs the package as it would be published (with the dist/ the bench has just built), installs
// the tarball into an empty scratch project with npm, and measures the scratch project's
// node_modules: megabytes on disk (file sizes, links not followed) and packages (folders holding
// a package.json directly under a node_modules). npm reaches the registry, or its cache, for the
// dependencies.

import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface InstallWeight {
  megabytes: number;
  packages: number;
  /** The heaviest packages, largest first, with their megabytes. */
  largest: { name: string; megabytes: number }[];
}

function sizeOf(path: string): number {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined) return 0;
  if (!stat.isDirectory()) return stat.isSymbolicLink() ? 0 : stat.size;
  return readdirSync(path).reduce((sum, entry) => sum + sizeOf(join(path, entry)), 0);
}

/** Every installed package under `nodeModules` (nested ones too), by name, with its folder. */
function packagesIn(nodeModules: string): { name: string; dir: string }[] {
  const found: { name: string; dir: string }[] = [];
  let entries: string[];
  try {
    entries = readdirSync(nodeModules);
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (entry.startsWith(".")) continue;
    const names = entry.startsWith("@") ? readdirSync(join(nodeModules, entry)).map((scoped) => `${entry}/${scoped}`) : [entry];
    for (const name of names) {
      const dir = join(nodeModules, name);
      if (!lstatSync(dir).isDirectory()) continue;
      found.push({ name, dir }, ...packagesIn(join(dir, "node_modules")));
    }
  }
  return found;
}

export function measureInstallWeight(root: string): InstallWeight {
  const scratch = mkdtempSync(join(tmpdir(), "mcp-conform-install-weight-"));
  try {
    const packDir = join(scratch, "pack");
    const project = join(scratch, "project");
    mkdirSync(packDir);
    mkdirSync(project);
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    ) as { filename: string }[];
    writeFileSync(join(project, "package.json"), '{ "name": "install-weight", "private": true }\n');
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", join(packDir, packed!.filename)], { cwd: project, stdio: "ignore" });
    const nodeModules = join(project, "node_modules");
    const packages = packagesIn(nodeModules);
    const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10;
    const largest = packages
      .map(({ name, dir }) => ({ name, megabytes: mb(sizeOf(dir) - sizeOf(join(dir, "node_modules"))) }))
      .sort((a, b) => b.megabytes - a.megabytes)
      .slice(0, 6);
    return { megabytes: mb(sizeOf(nodeModules)), packages: packages.length, largest };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
