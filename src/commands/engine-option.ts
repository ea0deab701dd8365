import { dirname } from "node:path";
import type { Engine } from "../analyze/engine/engine.js";
import { engineForProject, loadEngine } from "../analyze/engine/select.js";

/** `--engine ts6|ts7`: which compiler analyses; by default the major of the TypeScript the project installs. */
export const ENGINE_OPTION = { engine: { type: "string" } } as const;

/**
 * The engine a command's analysis runs on, loaded: TypeScript 7's only when asked for or when the
 * project installs TypeScript 7 (so a TypeScript 6 project never loads it). `"ts6"` needs no loading.
 */
export async function analysisEngine(values: Record<string, unknown>, tsconfigPath: string): Promise<Engine | "ts6"> {
  const flag = values["engine"];
  const id = engineForProject(dirname(tsconfigPath), typeof flag === "string" ? flag : undefined);
  return id === "ts6" ? "ts6" : loadEngine(id);
}
