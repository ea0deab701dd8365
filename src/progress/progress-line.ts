/**
 * One status line on a terminal, rewritten in place (`\r` then erase-line) and erased at the end,
 * so nothing of it stays in the scrollback. Quiet for the first second (a fast run shows nothing
 * at all), then redrawn at most every `intervalMs`: updates come once per source file, far more
 * often than anyone can read, and each write to a terminal costs a syscall.
 */

export interface ProgressStream {
  write(text: string): void;
  /** The terminal's width: a line that wraps could no longer be erased with one erase-line. */
  columns?: number | undefined;
}

/** Time and timers, injectable so that tests run on a fake clock. */
export interface ProgressClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: ProgressClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A pending redraw must never keep the process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const CLEAR = "\r\u001b[2K";

export class ProgressLine {
  private readonly startedAt: number;
  private lastDrawnAt: number | undefined;
  private drawn: string | undefined;
  private pending: (() => string) | undefined;
  private timer: unknown;

  constructor(
    private readonly stream: ProgressStream,
    private readonly clock: ProgressClock = systemClock,
    private readonly delayMs = 1000,
    private readonly intervalMs = 100,
  ) {
    this.startedAt = clock.now();
  }

  /**
   * The line's new text, as a function: it is only called when the line is drawn, so callers on a
   * hot path pay for formatting ten times a second at most, not once per update.
   */
  update(text: () => string): void {
    this.pending = text;
    const wait = this.waitBeforeDrawing();
    if (wait <= 0) {
      if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
      this.timer = undefined;
      this.draw();
    }
    // Long synchronous stretches (parsing, the checker) send no updates; an async stage (formatting
    // in worker threads) may: a timer draws its text once the wait is over.
    else
      this.timer ??= this.clock.setTimeout(() => {
        this.timer = undefined;
        if (this.pending) this.update(this.pending);
      }, wait);
  }

  /**
   * Erase the line if it is drawn, and drop a pending redraw: the command is about to print, or
   * is done. A later update draws again (a second project of the same run).
   */
  clear(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
    if (this.drawn !== undefined) this.stream.write(CLEAR);
    this.drawn = undefined;
  }

  private waitBeforeDrawing(): number {
    const now = this.clock.now();
    const untilVisible = this.startedAt + this.delayMs - now;
    const untilNextDraw = this.lastDrawnAt === undefined ? 0 : this.lastDrawnAt + this.intervalMs - now;
    return Math.max(untilVisible, untilNextDraw);
  }

  private draw(): void {
    const text = this.pending?.();
    this.pending = undefined;
    if (text === undefined) return;
    this.lastDrawnAt = this.clock.now();
    if (text === this.drawn) return;
    this.drawn = text;
    const width = this.stream.columns;
    this.stream.write(`${CLEAR}${width !== undefined && width > 1 && text.length >= width ? `${text.slice(0, width - 2)}…` : text}`);
  }
}
