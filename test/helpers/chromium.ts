import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import type { Readable, Writable } from "node:stream";

/**
 * Headless Chromium (Debian's `chromium`) driven through the DevTools protocol over a pipe
 * (`--remote-debugging-pipe`: JSON messages ended by NUL on file descriptors 3 and 4), so a test can
 * load a page, move the mouse, click, scroll, read the DOM and take a screenshot with nothing but
 * Node: no WebSocket client, no browser download, no npm package.
 */

/** The first of `chromium`, `chromium-browser` on PATH (or `CHROMIUM_PATH`), or null. */
export function findChromium(): string | null {
  const candidates = process.env["CHROMIUM_PATH"]
    ? [process.env["CHROMIUM_PATH"]]
    : (process.env["PATH"] ?? "").split(delimiter).flatMap((dir) => [join(dir, "chromium"), join(dir, "chromium-browser")]);
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The flags that work headless on this machine and in CI (as root, no GPU, no network chatter). */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--remote-debugging-pipe",
];

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

export class Browser {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  private readonly listeners: ((message: Message) => void)[] = [];
  private buffer = "";

  private constructor(
    private readonly process: ChildProcess,
    private readonly profile: string,
  ) {
    const output = process.stdio[4] as Readable;
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => {
      this.buffer += chunk;
      for (let end = this.buffer.indexOf("\0"); end !== -1; end = this.buffer.indexOf("\0")) {
        const message = JSON.parse(this.buffer.slice(0, end)) as Message;
        this.buffer = this.buffer.slice(end + 1);
        if (message.id !== undefined && this.pending.has(message.id)) {
          const waiting = this.pending.get(message.id)!;
          this.pending.delete(message.id);
          if (message.error) waiting.reject(new Error(message.error.message));
          else waiting.resolve(message.result ?? {});
        } else {
          for (const listener of [...this.listeners]) listener(message);
        }
      }
    });
  }

  static launch(executable: string): Browser {
    const profile = mkdtempSync(join(tmpdir(), "mcp-conform-chromium-"));
    const child = spawn(executable, [...FLAGS, `--user-data-dir=${profile}`, "about:blank"], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
    return new Browser(child, profile);
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const message = { id, method, params, ...(sessionId ? { sessionId } : {}) };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      (this.process.stdio[3] as Writable).write(`${JSON.stringify(message)}\0`);
    });
  }

  /** The next event named `method` for `sessionId`. */
  event(method: string, sessionId: string): Promise<Message> {
    return new Promise((resolve) => {
      const listener = (message: Message): void => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(message);
      };
      this.listeners.push(listener);
    });
  }

  /** A new tab of `width` × `height` CSS pixels showing `url`, once it has loaded. */
  async open(url: string, width: number, height: number): Promise<Page> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new Page(this, sessionId as string);
    await page.send("Page.enable");
    await page.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile: false });
    const loaded = this.event("Page.loadEventFired", sessionId as string);
    await page.send("Page.navigate", { url });
    await loaded;
    return page;
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => (this.process.exitCode !== null ? resolve(undefined) : this.process.once("exit", resolve)));
    void this.send("Browser.close").catch(() => undefined);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (this.process.exitCode === null) {
      this.process.kill();
      await exited;
    }
    // The profile is Chromium's; it may still be flushing a file as it exits.
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

export class Page {
  constructor(
    private readonly browser: Browser,
    private readonly sessionId: string,
  ) {}

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return this.browser.send(method, params, this.sessionId);
  }

  /** The value of a JavaScript expression evaluated in the page (JSON-serialisable). */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = (await this.send("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true })) as {
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }

  async mouseMove(x: number, y: number): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
  }

  async drag(from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: from.x, y: from.y });
    await this.send("Input.dispatchMouseEvent", { type: "mousePressed", x: from.x, y: from.y, button: "left", buttons: 1, clickCount: 1 });
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: to.x, y: to.y, button: "left", buttons: 1 });
    await this.send("Input.dispatchMouseEvent", { type: "mouseReleased", x: to.x, y: to.y, button: "left", buttons: 0, clickCount: 1 });
  }

  async click(x: number, y: number): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", buttons: 1, clickCount: 1 });
    await this.send("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", buttons: 0, clickCount: 1 });
  }

  async wheel(x: number, y: number, deltaY: number): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mouseWheel", x, y, deltaX: 0, deltaY });
  }

  /** A PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    const { data } = await this.send("Page.captureScreenshot", { format: "png" });
    return Buffer.from(data as string, "base64");
  }
}
