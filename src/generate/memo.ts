import type { ToolEntry } from "../analyze/inventory.js";
import type { TemplateSet } from "./templates.js";

/**
 * What a caller that generates again and again (`generate --watch`) keeps between runs, so that
 * `generate` itself holds no state: files of the last run and what they were made from. A file is
 * rendered again only when its inputs differ; a one-shot run passes no memo and renders everything.
 * Inputs are compared by identity first (a tool the incremental analysis reused hands back the
 * very same objects), then by value.
 */
export interface GenerateMemo {
  schemas?: { templates: TemplateSet; outputs: Map<string, string>; scope: string; tools: readonly SchemaInput[] };
  /** tool-graph.ts as last rendered, and from what. */
  toolGraph?: Rendered<GraphInput>;
  /** tools.ts: every tool's name, input and payload type, in one file that changes with any of them. */
  tools?: Rendered<ToolsInput>;
  /** warnings.ts: every tool's harvested warnings. */
  warnings?: Rendered<ToolEntry["warnings"]>;
  /** Each formatter file as last rendered, and from what (the payload by identity: a reused tool's is the same object). */
  formatters?: {
    templates: TemplateSet;
    key: string;
    byFile: Map<string, { name: string; description: string | null; payload: ToolEntry["payload"]; text: string }>;
  };
}

/** One file's last text, the templates and scope (everything but the tools it depends on) it was rendered under, and its inputs per tool. */
export interface Rendered<I> {
  templates: TemplateSet;
  scope: string;
  inputs: readonly I[];
  text: string;
}

/** What the tool graph is made of, per tool: its name, input, payload schema and references (kind and tool). */
export type GraphInput = readonly [name: string, input: ToolEntry["input"], schema: ToolEntry["payload"]["schema"], references: string];

/** What tools.ts is made of, per tool: its name, input and payload type text. */
export type ToolsInput = readonly [name: string, input: ToolEntry["input"], payloadType: string];

/** What the output schemas are made of, per tool. */
export type SchemaInput = readonly [name: string, style: ToolEntry["style"], sdkMajor: ToolEntry["sdkMajor"], payload: ToolEntry["payload"]];

/** The same value: the same object, or one that serialises alike. */
export function sameValue(x: unknown, y: unknown): boolean {
  return x === y || JSON.stringify(x) === JSON.stringify(y);
}

/** Tuples equal member by member, each by `sameValue` (strings and numbers by value, as `===`). */
export function sameTuples(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((member, i) => sameValue(member, b[i]));
}

function sameInputs<I>(a: readonly I[], b: readonly I[], same: (x: I, y: I) => boolean): boolean {
  return a.length === b.length && a.every((input, i) => same(input, b[i]!));
}

/**
 * The file `last` holds when it was rendered under the same templates and scope from the same
 * inputs; otherwise `render()`'s. Either way, what to keep for the next run.
 */
export function renderedOnce<I>(
  last: Rendered<I> | undefined,
  templates: TemplateSet,
  scope: string,
  inputs: readonly I[],
  same: (x: I, y: I) => boolean,
  render: () => string,
): Rendered<I> {
  const reusable = last !== undefined && last.templates === templates && last.scope === scope && sameInputs(last.inputs, inputs, same);
  return { templates, scope, inputs, text: reusable ? last.text : render() };
}

/** The same inputs: the same names, styles and majors, and payloads that serialise alike. */
export function sameSchemaInputs(a: readonly SchemaInput[], b: readonly SchemaInput[]): boolean {
  return sameInputs(a, b, sameTuples);
}
