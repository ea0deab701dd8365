import { describe, expect, it } from "vitest";
import { analysisText, stageText } from "../../src/progress/analysis-text.js";
import { ProgressLine } from "../../src/progress/progress-line.js";
import { FakeClock, FakeTerminal } from "./fake-terminal.js";

const CLEAR = "\r\u001b[2K";

describe("ProgressLine", () => {
  it("stays quiet for the first second, then draws the latest text in place", () => {
    const clock = new FakeClock();
    const terminal = new FakeTerminal();
    const line = new ProgressLine(terminal, clock);
    line.update(() => "a");
    clock.advance(500);
    line.update(() => "b");
    clock.time = 999;
    line.update(() => "c");
    expect(terminal.writes.filter((w) => w !== "")).toEqual([]);
    clock.time = 1000;
    line.update(() => "d");
    expect(terminal.writes).toEqual([`${CLEAR}d`]);
    expect(terminal.visibleLine()).toBe("d");
  });

  it("redraws at most every 100 ms, and only asks for the text when it draws", () => {
    const clock = new FakeClock();
    const terminal = new FakeTerminal();
    const line = new ProgressLine(terminal, clock);
    clock.time = 1000;
    let formatted = 0;
    for (let i = 0; i < 50; i++) {
      line.update(() => {
        formatted++;
        return `file ${i}`;
      });
      clock.time += 10; // 50 updates over 500 ms
    }
    // Drawn at 1000 ms, then by the first update 100 ms after each draw; the rest are never formatted.
    const drawn = () => terminal.writes.map((w) => w.replace(CLEAR, ""));
    expect(drawn()).toEqual(["file 0", "file 10", "file 20", "file 30", "file 40"]);
    expect(formatted).toBe(5);
    // The last update (file 49, at 1490 ms) is drawn by the timer once its interval is over.
    clock.advance(100);
    expect(drawn().at(-1)).toBe("file 49");
    expect(clock.pendingTimers()).toBe(0);
  });

  it("draws a pending text when the wait is over, even with no further update (an async stage)", () => {
    const clock = new FakeClock();
    const terminal = new FakeTerminal();
    const line = new ProgressLine(terminal, clock);
    clock.time = 400;
    line.update(() => "generating for 3 tools");
    expect(terminal.writes).toEqual([]);
    expect(clock.pendingTimers()).toBe(1);
    clock.advance(600);
    expect(terminal.visibleLine()).toBe("generating for 3 tools");
  });

  it("erases the line when cleared, and leaves nothing when it was never drawn", () => {
    const clock = new FakeClock();
    const quiet = new FakeTerminal();
    const fast = new ProgressLine(quiet, clock);
    fast.update(() => "never shown");
    fast.clear();
    clock.advance(5000);
    expect(quiet.writes).toEqual([]);
    expect(clock.pendingTimers()).toBe(0);

    const terminal = new FakeTerminal();
    const slow = new ProgressLine(terminal, clock);
    clock.advance(1000);
    slow.update(() => "analysing 1/2 files · 0 tools");
    expect(terminal.visibleLine()).toBe("analysing 1/2 files · 0 tools");
    slow.clear();
    expect(terminal.visibleLine()).toBe("");
    expect(terminal.writes.at(-1)).toBe(CLEAR);
    slow.clear();
    expect(terminal.writes.filter((w) => w === CLEAR)).toHaveLength(1);
  });

  it("does not rewrite an unchanged text, and cuts a text that would wrap", () => {
    const clock = new FakeClock();
    const terminal = new FakeTerminal(20);
    const line = new ProgressLine(terminal, clock);
    clock.time = 1000;
    line.update(() => "short");
    clock.time = 1200;
    line.update(() => "short");
    expect(terminal.writes).toEqual([`${CLEAR}short`]);
    clock.time = 1400;
    line.update(() => "analysing 312/1,004 files · 297 tools");
    expect(terminal.visibleLine()).toBe("analysing 312/1,00…");
    expect(terminal.visibleLine().length).toBeLessThan(20);
  });
});

describe("progress texts", () => {
  it("counts files and tools with thousands separators", () => {
    expect(analysisText({ filesDone: 312, filesTotal: 1004, tools: 297 })).toBe("analysing 312/1,004 files · 297 tools");
    expect(analysisText({ filesDone: 0, filesTotal: 1, tools: 1 })).toBe("analysing 0/1 files · 1 tool");
    expect(stageText("checking", 1000)).toBe("checking 1,000 tools");
    expect(stageText("generating for", 1_234_567)).toBe("generating for 1,234,567 tools");
    expect(stageText("checking", 999)).toBe("checking 999 tools");
  });
});
