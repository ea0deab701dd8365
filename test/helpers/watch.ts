import type { Engine } from "../../src/analyze/engine/engine.js";
import { watchAndRegenerate, type WatchCycle } from "../../src/commands/watch.js";

/** `generate --watch` on `dir`, in-process, on `engine` (TypeScript 6 by default); resolves once the first cycle has run. */
export async function startWatch(dir: string, protocol: "aorp" | "guidance", engine: Engine | "ts6" = "ts6") {
  const cycles: WatchCycle[] = [];
  const controller = new AbortController();
  let notify: () => void = () => {};
  const said: string[] = [];
  const io = { stdout: (text: string) => void said.push(text), stderr: () => {}, readStdin: async () => "", cwd: dir, isTTY: false, env: {} };
  const watching = watchAndRegenerate({
    io,
    project: undefined,
    config: { protocol, guidance: false, outputDir: "src/generated/mcp-conform", guidanceDir: "src/guidance" },
    format: true,
    engine,
    signal: controller.signal,
    onCycle: (cycle) => {
      cycles.push(cycle);
      notify();
    },
  });
  const nextCycle = () => new Promise<void>((resolve) => (notify = resolve));
  while (cycles.length === 0) await nextCycle();
  return {
    cycles,
    /** Makes the edits `write` makes (they may touch several files: one burst, one cycle) and resolves once their cycle has run. */
    cycleAfter: async (write: () => void): Promise<void> => {
      const cycle = nextCycle();
      write();
      await cycle;
    },
    /** What it printed on stdout so far. */
    said,
    /** Stops the watcher; resolves to its exit code. */
    stop: () => {
      controller.abort();
      return watching;
    },
  };
}
