/**
 * What `generate --watch` keeps between writes of the same output (a one-shot run keeps nothing).
 * Each cycle still scans the whole output folder and decides every file as a cold run does; the
 * memo only spares reading and hashing again what cannot have changed:
 * - a file whose stat (inode, size, modification and change times) is what it was when last read
 *   is handed back as the text read then;
 * - a file whose unformatted source, format key and text on disk are all what they were when the
 *   last cycle found it fresh (or wrote it) is fresh again: Prettier made that text from that
 *   source under that key.
 */
import { fileStamp } from "../file-stamp.js";
import type { WriteFs } from "./fs.js";

export class WriteMemo {
  private readonly reads = new Map<string, { stamp: string; text: string }>();
  private readonly outputs = new Map<string, { source: string; formatKey: string; onDisk: string }>();
  /** Whether the format cache was loaded from disk already: it is kept in memory after. */
  formatCacheLoaded = false;

  /** `base`, reading a file again only when its stat changed. */
  fs(base: WriteFs): WriteFs {
    return {
      ...base,
      readFile: async (path) => {
        const stamp = fileStamp(path);
        // Absent or not a file: the base reports it as it would have.
        if (stamp === undefined) return base.readFile(path);
        const known = this.reads.get(path);
        if (known && known.stamp === stamp) return known.text;
        const text = await base.readFile(path);
        this.reads.set(path, { stamp, text });
        return text;
      },
    };
  }

  /** Whether `absPath`, on disk as `onDisk`, is what formatting `source` under `formatKey` gave last time. */
  isFresh(absPath: string, source: string, formatKey: string, onDisk: string | undefined): boolean {
    const known = this.outputs.get(absPath);
    return known !== undefined && onDisk !== undefined && known.onDisk === onDisk && known.source === source && known.formatKey === formatKey;
  }

  /** After a cycle: `absPath` holds `onDisk`, which is what formatting `source` under `formatKey` gives. */
  remember(absPath: string, source: string, formatKey: string, onDisk: string): void {
    this.outputs.set(absPath, { source, formatKey, onDisk });
  }
}
