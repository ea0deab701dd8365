import { githubReporter } from "./github.js";
import { jsonReporter } from "./json.js";
import { markdownReporter } from "./markdown.js";
import type { Reporter } from "./reporter.js";
import { sarifReporter } from "./sarif.js";
import { textReporter } from "./text.js";

export const REPORTERS = {
  text: textReporter,
  json: jsonReporter,
  markdown: markdownReporter,
  sarif: sarifReporter,
  github: githubReporter,
} as const satisfies Record<string, Reporter>;

export type ReporterName = keyof typeof REPORTERS;
export type { Reporter, ReportOptions } from "./reporter.js";
