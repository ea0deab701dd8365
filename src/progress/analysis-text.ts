import type { AnalysisProgress } from "../analyze/analyze.js";

// Made on first use: building a NumberFormat loads ICU's locale data, 20-30 ms that a run with no
// progress line (not a terminal, --json) would pay at start-up.
let numberFormat: Intl.NumberFormat | undefined;
const count = { format: (n: number) => (numberFormat ??= new Intl.NumberFormat("en-US")).format(n) };

/** `analysing 312/1,004 files · 297 tools`: what the progress line says while the analyser walks. */
export function analysisText({ filesDone, filesTotal, tools }: AnalysisProgress): string {
  return `analysing ${count.format(filesDone)}/${count.format(filesTotal)} files · ${count.format(tools)} tool${tools === 1 ? "" : "s"}`;
}

/** A stage after the analysis (`generating for 1,000 tools`), with the count written the same way. */
export function stageText(verb: string, tools: number): string {
  return `${verb} ${count.format(tools)} tool${tools === 1 ? "" : "s"}`;
}
