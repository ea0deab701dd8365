import { join } from "node:path";
import { analyze } from "../../src/analyze/analyze.js";
import type { EngineId } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";

/** A fixture's inventory as JSON text, analysed on one engine; the session is closed after. */
export async function inventoryOn(engineId: EngineId, fixture: string): Promise<string> {
  const engine = engineId === "ts6" ? "ts6" : await loadEngine(engineId);
  const { inventory, session } = analyze({ project: join(fixturesRoot, fixture, "tsconfig.json"), cwd: repoRoot, engine });
  try {
    return JSON.stringify(inventory, null, 2);
  } finally {
    session.close();
  }
}
