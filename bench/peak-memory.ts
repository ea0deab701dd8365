// Peak memory (maxRSS) of a child process, through GNU time: `/usr/bin/time -f %M -o file cmd`.
// wait4() reports the largest RSS of the child and of every descendant it waited for, so a launcher
// that runs a native binary (TypeScript 7's `tsc` starts a Go executable) counts the binary too.
// Node cannot give that for a spawned child (process.resourceUsage() is the parent's own), hence
// GNU time; without it the bench still times every stage and prints "—" for memory.

import { existsSync, readFileSync, rmSync } from "node:fs";

const GNU_TIME = "/usr/bin/time";

export interface MemoryProbe {
  /** The command to spawn instead of (file, args). */
  file: string;
  args: string[];
  /** After the child exited: its peak resident set in bytes, or null when it cannot be known. */
  read(): number | null;
}

let available: boolean | undefined;

export function peakMemorySupported(): boolean {
  available ??= process.platform === "linux" && existsSync(GNU_TIME);
  return available;
}

export function withPeakMemory(file: string, args: string[], reportFile: string): MemoryProbe {
  if (!peakMemorySupported()) return { file, args, read: () => null };
  rmSync(reportFile, { force: true });
  return {
    file: GNU_TIME,
    args: ["-f", "%M", "-o", reportFile, file, ...args],
    read: () => {
      if (!existsSync(reportFile)) return null;
      // GNU time appends its "Command exited with non-zero status" line before the format's.
      const kilobytes = Number(readFileSync(reportFile, "utf8").trim().split("\n").at(-1));
      rmSync(reportFile, { force: true });
      return Number.isFinite(kilobytes) && kilobytes > 0 ? kilobytes * 1024 : null;
    },
  };
}
