import type { CheckCode } from "../codes.js";
import type { ToolFacts } from "../facts.js";

/** One problem a rule finds in a tool's facts; check.ts adds the code and the configured severity. */
export interface Finding {
  message: string;
  file: string;
  line: number;
}

/** A check rule: one stable code, judged from the facts collected about one tool (facts.ts). */
export interface Rule {
  code: CheckCode;
  /** A short title, for SARIF rules and the README's table. */
  title: string;
  find(facts: ToolFacts): Finding[];
}
