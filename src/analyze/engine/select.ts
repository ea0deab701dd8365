import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { InputError } from "../../errors.js";
import { ENGINE_IDS, type Engine, type EngineId } from "./engine.js";

/**
 * Which engine analyses a project: the one for the TypeScript major the project itself installs
 * (its `typescript` package, resolved from the tsconfig's folder as its own `tsc` would be), or
 * the one `--engine` names. A project without TypeScript installed gets the TypeScript 6 engine.
 */
export function engineForProject(projectDir: string, override?: string): EngineId {
  if (override !== undefined) {
    if (!(ENGINE_IDS as readonly string[]).includes(override)) throw new InputError(`unknown --engine "${override}": use ${ENGINE_IDS.join(" or ")}`);
    return override as EngineId;
  }
  const major = installedTypeScriptMajor(projectDir);
  return major !== undefined && major >= 7 ? "ts7" : "ts6";
}

export function installedTypeScriptMajor(projectDir: string): number | undefined {
  try {
    const require = createRequire(join(projectDir, "package.json"));
    const version = (JSON.parse(readFileSync(require.resolve("typescript/package.json"), "utf8")) as { version?: unknown }).version;
    const major = typeof version === "string" ? Number.parseInt(version, 10) : Number.NaN;
    return Number.isInteger(major) ? major : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Loads only the engine asked for: the TypeScript 7 engine starts nothing until it opens a project.
 * Its API comes from the project (`projectDir`) when the project installs the pinned version, else
 * from beside mcp-conform (ts7-api.ts); neither is an input error that says so.
 */
export async function loadEngine(id: EngineId, projectDir: string = process.cwd()): Promise<Engine> {
  if (id === "ts6") return (await import("./ts6.js")).ts6Engine;
  const [{ loadTs7Api }, { ts7EngineWith }] = await Promise.all([import("./ts7-api.js"), import("./ts7.js")]);
  return ts7EngineWith(await loadTs7Api(projectDir));
}
