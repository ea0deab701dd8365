// `generate --watch`: how long a regeneration takes after a one-file edit, measured in-process
// through the same watchAndRegenerate the CLI runs (from dist/, so build first). The time is from
// the debounced change to the written output; the debounce itself (60 ms) is not counted. As for
// the other stages, a warm-up comes first: one edit whose cycle is not counted (the first cycle
// after start-up compiles the incremental paths).

import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const WARM_UP_EDITS = 1;

interface Cycle {
  milliseconds: number;
  error: string | null;
  written: string[];
}

export async function measureWatchCycles(
  root: string,
  dir: string,
  edits: number,
  engineId: "ts6" | "ts7",
): Promise<{ times: number[]; error: string | null }> {
  const { watchAndRegenerate } = (await import(pathToFileURL(join(root, "dist", "commands", "watch.js")).href)) as {
    watchAndRegenerate(options: unknown): Promise<number>;
  };
  const { loadEngine } = (await import(pathToFileURL(join(root, "dist", "analyze", "engine", "select.js")).href)) as {
    loadEngine(id: string, projectDir: string): Promise<unknown>;
  };
  const engine = engineId === "ts6" ? "ts6" : await loadEngine(engineId, dir);
  const folder = join(dir, "src", "register-tool");
  const file = join(
    folder,
    readdirSync(folder)
      .filter((name) => name.endsWith(".ts"))
      .sort()[0]!,
  );
  const original = readFileSync(file, "utf8");
  rmSync(join(dir, "src", "generated"), { recursive: true, force: true });

  const cycles: Cycle[] = [];
  let wake: () => void = () => {};
  const controller = new AbortController();
  const io = { stdout: () => {}, stderr: () => {}, readStdin: async () => "", cwd: dir, isTTY: false, env: {} };
  const running = watchAndRegenerate({
    io,
    project: dir,
    config: { protocol: "aorp", guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
    format: true,
    engine,
    signal: controller.signal,
    onCycle: (cycle: Cycle) => {
      cycles.push(cycle);
      wake();
    },
  });
  const next = () => new Promise<void>((resolve) => (wake = resolve));
  try {
    while (cycles.length === 0) await next();
    for (let i = 0; i < WARM_UP_EDITS + edits; i++) {
      const cycle = next();
      // A new description changes that tool's formatter, so every cycle really writes.
      writeFileSync(file, original.replace(/description: "([^"]*)"/, `description: "$1 (edit ${i})"`));
      await cycle;
    }
  } finally {
    controller.abort();
    await running;
    writeFileSync(file, original);
  }
  // Neither the start-up's generate nor the warm-up edits are counted.
  const measured = cycles.slice(1 + WARM_UP_EDITS);
  const failed = measured.find((c) => c.error !== null || c.written.length === 0);
  return { times: measured.map((c) => c.milliseconds), error: failed ? (failed.error ?? "a cycle wrote nothing") : null };
}
