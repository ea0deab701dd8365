import { shortHash } from "./paths.js";

/**
 * Sharing of repeated JSON subtrees between tools. Every tool's output schema repeats its
 * protocol's envelope; written out per tool, 1,000 tools of SmartResponse V2 would be tens of
 * megabytes of `as const` literal that the user's `tsc` checks on every build. Instead each
 * subtree that occurs at least twice (and is big enough to matter) is written once, as a const
 * named by a hash of its content (stable across runs and across unrelated changes), and referenced.
 *
 * Subtrees are compared by content, in linear time: each node's key is built from its children's
 * interned ids, never by re-serialising whole subtrees.
 */

export interface SharedPlan {
  /** Hoisted subtrees, each after the ones it references. */
  shared: { name: string; value: unknown }[];
  /** The const name of a hoisted subtree, by the subtree object itself (every occurrence). */
  nameOf: Map<unknown, string>;
}

export interface SharingOptions {
  /** Prefix of the const names (`S_`, `Z_`). */
  prefix: string;
  /** Only subtrees at least this big (approximate JSON length) are worth a const. */
  minSize: number;
  /** Whether a subtree may be shared at all (e.g. not when its meaning depends on its root). */
  canShare?: (value: unknown) => boolean;
  /**
   * The children that are candidates for sharing (default: every element and property value).
   * Content is always compared whole; this only limits which subtrees may become consts.
   */
  childrenOf?: (value: object) => readonly unknown[];
}

interface NodeInfo {
  id: number;
  size: number;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

export function planSharing(roots: readonly unknown[], options: SharingOptions): SharedPlan {
  const intern = new Map<string, number>();
  const info = new Map<object, NodeInfo>();
  const counts = new Map<number, number>();
  const representatives = new Map<number, object[]>();
  const childrenOf = options.childrenOf ?? ((value: object) => (Array.isArray(value) ? value : Object.values(value)));

  function idOf(key: string): number {
    let id = intern.get(key);
    if (id === undefined) {
      id = intern.size;
      intern.set(key, id);
    }
    return id;
  }

  /** Content key and size of any value, memoised per object. */
  const describe = (value: unknown): NodeInfo => {
    if (!isContainer(value)) {
      const text = JSON.stringify(value) ?? "null";
      return { id: idOf(`p${text}`), size: text.length };
    }
    const known = info.get(value);
    if (known) return known;
    let key: string;
    let size = 2;
    if (Array.isArray(value)) {
      const parts = value.map((item) => {
        const child = describe(item);
        size += child.size + 1;
        return child.id;
      });
      key = `a${parts.join(",")}`;
    } else {
      const parts = Object.entries(value).map(([name, item]) => {
        const child = describe(item);
        size += name.length + child.size + 4;
        return `${name.length}:${name}=${child.id}`;
      });
      key = `o${parts.join(",")}`;
    }
    const node = { id: idOf(key), size };
    info.set(value, node);
    return node;
  };

  /** Count the occurrences of candidate subtrees (those reached through `childrenOf`). */
  const count = (value: unknown): void => {
    if (!isContainer(value)) return;
    const node = describe(value);
    counts.set(node.id, (counts.get(node.id) ?? 0) + 1);
    const list = representatives.get(node.id);
    if (list) list.push(value);
    else representatives.set(node.id, [value]);
    for (const child of childrenOf(value)) count(child);
  };
  for (const root of roots) count(root);

  const hoisted = new Map<number, string>();
  const nameOf = new Map<unknown, string>();
  const shared: SharedPlan["shared"] = [];
  const emitted = new Set<number>();
  const names = new Set<string>();
  const canShare = options.canShare ?? (() => true);

  const decide = (value: object, node: NodeInfo): string | undefined => {
    if (hoisted.has(node.id)) return hoisted.get(node.id);
    if ((counts.get(node.id) ?? 0) < 2 || node.size < options.minSize || !canShare(value)) return undefined;
    const base = `${options.prefix}${shortHash(JSON.stringify(value))}`;
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}_${n}`;
    names.add(name);
    hoisted.set(node.id, name);
    for (const occurrence of representatives.get(node.id) ?? []) nameOf.set(occurrence, name);
    return name;
  };

  // Post-order: a hoisted subtree's own hoisted children are declared before it.
  const order = (value: unknown, isRoot: boolean): void => {
    if (!isContainer(value)) return;
    for (const child of childrenOf(value)) order(child, false);
    if (isRoot) return;
    const node = describe(value);
    const name = decide(value, node);
    if (name !== undefined && !emitted.has(node.id)) {
      emitted.add(node.id);
      shared.push({ name, value });
    }
  };
  for (const root of roots) order(root, true);
  return { shared, nameOf };
}

/**
 * A JSON value as TypeScript source, pretty-printed with 2-space indentation; hoisted subtrees
 * (other than `self`, the one being declared) are written as their const's name, or as what
 * `reference` makes of the name.
 */
export function renderJson(
  value: unknown,
  nameOf: ReadonlyMap<unknown, string>,
  indent = "",
  self?: unknown,
  reference: (name: string) => string = (name) => name,
): string {
  if (value !== self) {
    const name = nameOf.get(value);
    if (name !== undefined) return reference(name);
  }
  if (!isContainer(value)) return JSON.stringify(value) ?? "null";
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${renderJson(item, nameOf, inner, undefined, reference)}`).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${renderJson(item, nameOf, inner, undefined, reference)}`).join(",\n")}\n${indent}}`;
}

/**
 * JSON text as the body of a `String.raw` template literal, read back exactly by `JSON.parse`: a
 * backtick or `${` (only ever inside a JSON string) written as a JSON escape.
 */
export function jsonInRawTemplate(json: string): string {
  return json.replaceAll("`", "\\u0060").replaceAll("${", "$\\u007b");
}
