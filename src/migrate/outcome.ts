/** What `migrate` did, or would do, per tool: the summary it prints and the JSON it reports. */
export interface MigratedTool {
  tool: string;
  file: string;
  line: number;
  /** What changed, in words: "3 return paths", "2 throws", "4 warnings". */
  changes: string[];
  /** Throws in the handler that now return an error result (a test expecting the throw no longer sees one). */
  throws?: number;
}

/** A test file that asserts a throw (`rejects.toThrow`) and names tools whose throws now return error results. */
export interface ThrowAssertion {
  file: string;
  tools: string[];
}

export interface SkippedTool {
  tool: string;
  file: string;
  line: number;
  /** Why it was left untouched, precise enough to act on. */
  reason: string;
}

import type { StubHints } from "../generate/generate.js";
import type { TextRange } from "./format-rewrites.js";

export interface MigrationPlan {
  /**
   * Absolute path → the file's text before and after, and the spans of `after` migrate wrote (the
   * only ones formatting may touch); only files that change.
   */
  files: Map<string, { before: string; after: string; rewritten: readonly TextRange[] }>;
  migrated: MigratedTool[];
  skipped: SkippedTool[];
  /** Tools already on the generated formatters: nothing to do. */
  upToDate: string[];
  /** Dispatchers (file:line) made to pass results through for tools that were already on the formatters. */
  dispatchers: string[];
  /** What each migrated tool's legacy responses said, for the guidance stubs the run scaffolds. */
  stubHints: Map<string, StubHints>;
  /** Test files whose throw assertions name migrated tools that no longer throw (set by the run). */
  throwAssertions?: ThrowAssertion[];
}
