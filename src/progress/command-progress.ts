import type { AnalysisProgress } from "../analyze/analyze.js";
import type { CommandIo } from "../commands/command.js";
import { analysisText } from "./analysis-text.js";
import { progressEnabled } from "./enabled.js";
import { type ProgressClock, ProgressLine, systemClock } from "./progress-line.js";

/** What a long command (analyze, generate, check) reports its progress through. */
export interface CommandProgress {
  /** Pass to `analyze({ onProgress })`; undefined when progress is off, so the analyser skips even the call. */
  readonly onAnalysis: ((event: AnalysisProgress) => void) | undefined;
  /** The line's text for a stage after the analysis (generating, checking). */
  stage(text: string): void;
  /** Erase the line (the CLI does, once the command is done). */
  clear(): void;
}

const OFF: CommandProgress = { onAnalysis: undefined, stage() {}, clear() {} };

/**
 * The progress line on stderr for one command run, and the io the command should print through:
 * it erases the line before anything else is written, so results, warnings and errors never
 * land on the end of a half-drawn status line, and commands need not remember to clear it.
 * When `progressEnabled` says no, the io is returned as it is and progress costs nothing.
 */
export function attachProgress(io: CommandIo, machineOutput: boolean, clock: ProgressClock = systemClock): { io: CommandIo; progress: CommandProgress } {
  if (!progressEnabled({ isTTY: io.stderrIsTTY ?? false, env: io.env, machineOutput })) return { io, progress: OFF };
  const line = new ProgressLine({ write: (text) => io.stderr(text), columns: io.stderrColumns }, clock);
  const progress: CommandProgress = {
    onAnalysis: (event) => line.update(() => analysisText(event)),
    stage: (text) => line.update(() => text),
    clear: () => line.clear(),
  };
  const printing: CommandIo = {
    ...io,
    stdout: (text) => {
      line.clear();
      io.stdout(text);
    },
    stderr: (text) => {
      line.clear();
      io.stderr(text);
    },
  };
  return { io: printing, progress };
}

/** Flags that make a command's output machine-readable, where a progress line has no place. */
export function machineReadable(values: Readonly<Record<string, unknown>>): boolean {
  return values["json"] === true || values["format"] === "json";
}
