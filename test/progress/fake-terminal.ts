import type { ProgressClock } from "../../src/progress/progress-line.js";

/** A clock whose time moves only when told, with timers that fire as it passes them. */
export class FakeClock implements ProgressClock {
  time = 0;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private nextId = 0;
  /** Added on every `now()`: lets a real analysis run "take" time as it asks the clock. */
  constructor(private readonly stepPerRead = 0) {}

  now(): number {
    const t = this.time;
    this.time += this.stepPerRead;
    return t;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  pendingTimers(): number {
    return this.timers.length;
  }

  /** Move time forward, firing the timers that fall due on the way, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = end;
  }
}

/** What a terminal was sent, and what it would show on its last line. */
export class FakeTerminal {
  readonly isTTY = true;
  writes: string[] = [];
  constructor(readonly columns?: number) {}

  write(text: string): void {
    this.writes.push(text);
  }

  /** The text on the cursor's line, as a terminal would show it: `\r` returns to column 0, ESC[2K erases the line. */
  visibleLine(): string {
    let line = "";
    let cursor = 0;
    // The terminal's own escape sequence (ESC [2K, erase the line) is what this fake reads.
    // eslint-disable-next-line no-control-regex
    for (const part of this.writes.join("").split(/(\r|\u001b\[2K|\n)/)) {
      if (part === "\r") cursor = 0;
      else if (part === "\u001b[2K") line = "";
      else if (part === "\n") [line, cursor] = ["", 0];
      else {
        line = line.slice(0, cursor).padEnd(cursor) + part + line.slice(cursor + part.length);
        cursor += part.length;
      }
    }
    return line.trimEnd();
  }
}
