import { join } from "node:path";
import type { EngineId } from "../../src/analyze/engine/engine.js";
import { loadEngine } from "../../src/analyze/engine/select.js";
import { fixturesRoot, repoRoot } from "../helpers/fixtures.js";
import { engineTranscript } from "./engine-transcript.js";

/** A fixture's engine transcript (engine-transcript.ts) from one engine; the project is closed after. */
export async function transcriptOf(engineId: EngineId, fixture: string): Promise<string[]> {
  const engine = await loadEngine(engineId);
  const project = engine.open(join(fixturesRoot, fixture, "tsconfig.json"), repoRoot);
  try {
    return engineTranscript(project);
  } finally {
    project.close();
  }
}
