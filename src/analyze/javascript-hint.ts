import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { EngineProject } from "./engine/engine.js";

const JAVASCRIPT = /\.(c|m)?jsx?$/;
const MAX_ENTRIES = 2000;

/**
 * Why a project has no tools when it is written in JavaScript: without `allowJs` the compiler never
 * sees `.js` files. Counted with a bounded walk of the tsconfig's folder (no node_modules, no dot
 * folders), only when nothing was found, so it costs nothing on a normal run.
 */
export function javascriptHint(project: EngineProject): string | null {
  if (project.allowJs) return null;
  let seen = 0;
  let found = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (++seen > MAX_ENTRIES) return;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(join(dir, entry.name));
      } else if (JAVASCRIPT.test(entry.name)) found++;
    }
  };
  try {
    walk(project.rootDir);
  } catch {
    return null;
  }
  if (found === 0) return null;
  return `${found} JavaScript file${found === 1 ? " is" : "s are"} here, but allowJs is off: set "allowJs": true in the tsconfig to analyse JavaScript handlers`;
}
