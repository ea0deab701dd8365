import { join } from "node:path";
import { analyze } from "../../src/analyze/analyze.js";
import type { EngineId } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { engineTranscript } from "./engine-transcript.js";

/** What one engine reads in a fixture: its inventory (as JSON text) and its engine transcript (engine-transcript.ts). */
export interface EngineReading {
  inventory: string;
  transcript: string[];
}

/**
 * Both readings from one opening of the project: a fresh analysis first (what a user's run
 * gets), then the transcript of the same project. Opening it once per engine, not once per
 * reading, halves what the every-fixture parity test costs; the smoke tests open it fresh for each.
 */
export async function readingOf(engineId: EngineId, fixture: string): Promise<EngineReading> {
  const engine = engineId === "ts6" ? "ts6" : await loadEngine(engineId);
  const { inventory, session } = analyze({ project: join(fixturesRoot, fixture, "tsconfig.json"), cwd: repoRoot, engine });
  try {
    return { inventory: JSON.stringify(inventory, null, 2), transcript: engineTranscript(session.engine) };
  } finally {
    session.close();
  }
}
