import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type AnalysisProgress, analyze } from "../../src/analyze/analyze.js";
import type { CommandIo } from "../../src/commands/command.js";
import { attachProgress, machineReadable } from "../../src/progress/command-progress.js";
import { fixturesRoot } from "../helpers/fixtures.js";
import { FakeClock, FakeTerminal } from "./fake-terminal.js";

const project = join(fixturesRoot, "stock-legacy");
const CLEAR = "\r\u001b[2K";

function terminalIo(terminal: FakeTerminal, env: NodeJS.ProcessEnv = {}): CommandIo & { printed: string[] } {
  const printed: string[] = [];
  return {
    printed,
    stdout: (text) => {
      terminal.write(text);
      printed.push(text);
    },
    stderr: (text) => terminal.write(text),
    readStdin: async () => "",
    cwd: fixturesRoot,
    isTTY: true,
    stderrIsTTY: true,
    env,
  };
}

describe("analysis progress", () => {
  it("reports every file of the one walk, and ends with the inventory's tool count", () => {
    const events: AnalysisProgress[] = [];
    const { inventory, session } = analyze({ project, onProgress: (event) => events.push({ ...event }) });
    const filesTotal = session.userSourceFiles().length;
    expect(filesTotal).toBeGreaterThan(5);
    expect(inventory.tools.length).toBeGreaterThan(5);
    // One event as each file starts, one when the walk is done, one once tools are resolved.
    expect(events).toHaveLength(filesTotal + 2);
    expect(events.map((e) => e.filesDone)).toEqual([...Array.from({ length: filesTotal + 1 }, (_, i) => i), filesTotal]);
    for (const event of events) expect(event.filesTotal).toBe(filesTotal);
    const walk = events.slice(0, -1).map((e) => e.tools);
    expect(walk).toEqual([...walk].sort((a, b) => a - b));
    expect(events.at(-1)).toEqual({ filesDone: filesTotal, filesTotal, tools: inventory.tools.length });
  });

  it("gives the same inventory with or without a listener", () => {
    const plain = analyze({ project }).inventory;
    const watched = analyze({ project, onProgress: () => {} }).inventory;
    expect(watched).toEqual(plain);
  });
});

describe("the progress line of a command", () => {
  it("draws a real analysis once a second has passed, and erases itself before the command prints", () => {
    const terminal = new FakeTerminal();
    // Every clock reading "takes" 100 ms: the analysis of a 14-file fixture then lasts seconds.
    const { io, progress } = attachProgress(terminalIo(terminal), false, new FakeClock(100));
    const { inventory } = analyze({ project, onProgress: progress.onAnalysis });
    const drawn = terminal.writes.filter((w) => w.startsWith(CLEAR) && w.length > CLEAR.length).map((w) => w.slice(CLEAR.length));
    expect(drawn.length).toBeGreaterThan(1);
    for (const text of drawn) expect(text).toMatch(/^analysing \d+\/\d+ files · \d+ tools?$/);
    expect(terminal.visibleLine()).toMatch(/^analysing /);
    io.stdout(`${inventory.tools.length} tools\n`);
    const last = terminal.writes.length - 1;
    expect(terminal.writes[last - 1]).toBe(CLEAR);
    expect(terminal.writes.join("")).toMatch(new RegExp(`${CLEAR.replace("[", "\\[")}${inventory.tools.length} tools\\n$`));
  });

  it("writes nothing, and leaves the io as it is, when stderr is no terminal, in CI, or with JSON", () => {
    const cases: { label: string; io: (t: FakeTerminal) => CommandIo; json: boolean }[] = [
      { label: "not a TTY", io: (t) => ({ ...terminalIo(t), stderrIsTTY: false }), json: false },
      {
        label: "TTY unknown",
        io: (t) => {
          const { stderrIsTTY: _, ...rest } = terminalIo(t);
          return rest;
        },
        json: false,
      },
      { label: "CI", io: (t) => terminalIo(t, { CI: "true" }), json: false },
      { label: "--json", io: (t) => terminalIo(t), json: true },
    ];
    for (const { label, io: makeIo, json } of cases) {
      const terminal = new FakeTerminal();
      const base = makeIo(terminal);
      const { io, progress } = attachProgress(base, json, new FakeClock(40));
      expect(io, label).toBe(base);
      expect(progress.onAnalysis, label).toBeUndefined();
      progress.stage("checking 3 tools");
      progress.clear();
      expect(terminal.writes, label).toEqual([]);
    }
  });

  it("counts --json and --format json as machine-readable output", () => {
    expect(machineReadable({ json: true })).toBe(true);
    expect(machineReadable({ format: "json" })).toBe(true);
    expect(machineReadable({ format: "sarif" })).toBe(false);
    expect(machineReadable({})).toBe(false);
  });
});
