import type { AnalysisProgress } from "../analyze/analyze.js";

/**
 * A count grouped by thousands, as en-US writes it (`1,004`). Not `Intl.NumberFormat`: building
 * one loads ICU's locale data, 18-25 ms, and the stage texts are made whether or not a progress
 * line shows them (a `generate` or `check` in CI paid it every run).
 */
const count = { format: (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",") };

/** `analysing 312/1,004 files · 297 tools`: what the progress line says while the analyser walks. */
export function analysisText({ filesDone, filesTotal, tools }: AnalysisProgress): string {
  return `analysing ${count.format(filesDone)}/${count.format(filesTotal)} files · ${count.format(tools)} tool${tools === 1 ? "" : "s"}`;
}

/** A stage after the analysis (`generating for 1,000 tools`), with the count written the same way. */
export function stageText(verb: string, tools: number): string {
  return `${verb} ${count.format(tools)} tool${tools === 1 ? "" : "s"}`;
}
