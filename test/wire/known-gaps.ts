import type { Arguments, CallPath, WireCall } from "./calls.js";
import { jsonEqual } from "./preserve.js";

/**
 * The ONE list of wire failures that belong to other work (issue #12's other points, or `migrate`
 * outside them), run as `it.fails`: each entry must still fail with the problem it records, so it
 * turns into a failing test the day it is fixed (or fails some other way), and is then removed.
 *
 * Points of issue #12: 1 generated output schemas reject error results, 2 a tool's own
 * `outputSchema` is left in place by `migrate` (branch `schemas`); 3 double wrapping, 4 errors
 * sent as successes, 5 placeholder content, 6 what the legacy response said is lost, 7 protocol
 * switch (branch `migrate`). Outside them, also `migrate`'s: `migrate-skip`, a tool `migrate`
 * leaves as it was (with its reason), which then answers in its legacy shape. The list is empty
 * today: every call of every fixture and variant reaches the client as its protocol says.
 */
export type IssuePoint = "3-double-wrapping" | "migrate-skip";

export interface KnownGap {
  fixture: string;
  /** Variants it applies to (`aorp`, `aorp+guidance`, ...), or every variant. */
  variants: readonly string[] | "all";
  tool: string;
  path: CallPath;
  /** Only the call with these arguments (a tool with several error calls); every call of the path when absent. */
  arguments?: Arguments;
  point: IssuePoint;
  /** What the harness reports for it today (one of the call's problems matches). */
  seen: RegExp;
}

export const KNOWN_GAPS: readonly KnownGap[] = [];

export function knownGap(fixture: string, variant: string, call: WireCall): KnownGap | undefined {
  return KNOWN_GAPS.find(
    (gap) =>
      gap.fixture === fixture &&
      gap.tool === call.tool &&
      gap.path === call.path &&
      (gap.arguments === undefined || jsonEqual(gap.arguments, call.arguments)) &&
      (gap.variants === "all" || gap.variants.includes(variant)),
  );
}
