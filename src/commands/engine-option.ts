import { dirname } from "node:path";
import type { Engine } from "../analyze/engine/engine.js";
import { engineForProject, loadEngine } from "../analyze/engine/select.js";
import { projectTypeScriptMajor } from "../analyze/typescript-defaults.js";
import { InputError } from "../errors.js";

/** `--engine ts6|ts7`: which compiler analyses; by default the major of the TypeScript the project installs. */
export const ENGINE_OPTION = { engine: { type: "string" } } as const;

/** `--engine`'s value, when given. */
export function engineFlag(values: Record<string, unknown>): string | undefined {
  return typeof values["engine"] === "string" ? values["engine"] : undefined;
}

/**
 * The engine a command's analysis runs on, loaded: TypeScript 7's only when asked for or when the
 * project installs TypeScript 7 (so a TypeScript 6 project never loads it). `"ts6"` needs no loading.
 */
export async function analysisEngine(values: Record<string, unknown>, tsconfigPath: string, note?: (text: string) => void): Promise<Engine | "ts6"> {
  const flag = engineFlag(values);
  const projectDir = dirname(tsconfigPath);
  const id = engineForProject(projectDir, flag);
  if (id === "ts6") return "ts6";
  const major = flag === "ts7" ? projectTypeScriptMajor(tsconfigPath) : undefined;
  if (major !== undefined && major < 6) {
    // The TypeScript 6 engine reads such a project with its own compiler's defaults (typescript-defaults.ts); TypeScript 7 opens the tsconfig itself.
    note?.(
      `note: this project declares TypeScript ${major}, whose defaults for what its tsconfig leaves unset (\`types\`: every @types package; \`strict\`: off) TypeScript 7 does not apply; without --engine, TypeScript 6 analyses it with them\n`,
    );
  }
  try {
    return await loadEngine(id, projectDir);
  } catch (error) {
    // Asked for by name, the engine must run; chosen by the project's TypeScript, TypeScript 6 can stand in.
    if (flag !== undefined || !(error instanceof InputError)) throw error;
    note?.(`note: ${error.message}; TypeScript 6 analyses instead\n`);
    return "ts6";
  }
}
