/**
 * Remembers what Prettier made of each input, as hashes, so a run with nothing changed formats
 * nothing (the warm-run target) and `--check` stays byte-exact.
 *
 * An entry maps hash(format key, unformatted source) → hash(formatted output). A file on disk
 * whose hash equals the remembered output hash is exactly what formatting would produce, so it
 * is fresh without running Prettier. Any miss or mismatch falls back to formatting for real, so
 * a stale or lost cache costs time, never correctness. The format key holds Prettier's version
 * and the resolved options (plugins by name only: upgrading a plugin in place needs the cache
 * deleted, as for Prettier's own `--cache`).
 *
 * Lives in `node_modules/.cache/mcp-conform/` like other tools' caches; best effort throughout.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { WriteFs } from "./fs.js";
import { writeFileAtomicallyWith } from "./atomic-file.js";

const CACHE_VERSION = 1;
const CACHE_FILE = "format-cache.json";

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export class FormatCache {
  private known = new Map<string, string>();
  private used = new Map<string, string>();

  constructor(readonly file: string) {}

  /** The cache of the nearest `node_modules` at or above `projectRoot`, if there is one. */
  static forProject(projectRoot: string): FormatCache | undefined {
    for (let dir = projectRoot; ; dir = dirname(dir)) {
      if (existsSync(join(dir, "node_modules"))) return new FormatCache(join(dir, "node_modules", ".cache", "mcp-conform", CACHE_FILE));
      if (dirname(dir) === dir) return undefined;
    }
  }

  static inDir(dir: string): FormatCache {
    return new FormatCache(join(dir, CACHE_FILE));
  }

  async load(fs: WriteFs): Promise<void> {
    try {
      const data = JSON.parse(await fs.readFile(this.file)) as { version?: unknown; entries?: unknown };
      if (data.version !== CACHE_VERSION || typeof data.entries !== "object" || data.entries === null) return;
      for (const [key, value] of Object.entries(data.entries)) if (typeof value === "string") this.known.set(key, value);
    } catch {
      // Absent or unreadable: start empty.
    }
  }

  /** The hash of what formatting `source` under `formatKey` produced last time, if known. */
  lookup(formatKey: string, source: string): string | undefined {
    const key = sha256(`${formatKey}\0${source}`);
    const hash = this.known.get(key);
    if (hash !== undefined) this.used.set(key, hash);
    return hash;
  }

  record(formatKey: string, source: string, formatted: string): void {
    const key = sha256(`${formatKey}\0${source}`);
    const hash = sha256(formatted);
    this.known.set(key, hash);
    this.used.set(key, hash);
  }

  /** Keeps only the entries this run used, so the file never grows past the project's size. */
  async save(fs: WriteFs): Promise<void> {
    const entries = Object.fromEntries([...this.used].sort(([a], [b]) => (a < b ? -1 : 1)));
    // A cache that cannot be saved costs the next run its speed, never its answer.
    await writeFileAtomicallyWith(fs, this.file, `${JSON.stringify({ version: CACHE_VERSION, entries })}\n`).catch(() => undefined);
  }
}
