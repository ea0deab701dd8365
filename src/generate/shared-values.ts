import { shortHash } from "./paths.js";

/**
 * Sharing of repeated JSON subtrees between tools. Every tool's output schema repeats its
 * protocol's envelope; written out per tool, 1,000 tools of SmartResponse V2 would be tens of
 * megabytes of `as const` literal that the user's `tsc` checks on every build. Instead each
 * subtree that occurs at least twice (and is big enough to matter) is written once, as a const
 * named by a hash of its content (stable across runs and across unrelated changes), and referenced.
 *
 * Subtrees are compared by content, in linear time: each node's id is found from its children's
 * ids (`ContentIds`), never by re-serialising whole subtrees.
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

/**
 * Ids by content, without building a key string per node: a container's id is found by walking a
 * trie of its children's ids (and, for objects, its property names' ids), one small-integer map
 * lookup per child. Leaves are interned by value, one map per JSON type.
 */
class ContentIds {
  private next = 0;
  private readonly strings = new Map<string, number>();
  private readonly numbers = new Map<number, number>();
  private readonly others = new Map<unknown, number>();
  private readonly names = new Map<string, number>();
  private readonly arrays: Trie = { children: new Map() };
  private readonly objects: Trie = { children: new Map() };

  leaf(value: unknown): number {
    const table = typeof value === "string" ? this.strings : typeof value === "number" ? this.numbers : this.others;
    let id = (table as Map<unknown, number>).get(value);
    if (id === undefined) {
      id = this.next++;
      (table as Map<unknown, number>).set(value, id);
    }
    return id;
  }

  array(children: readonly number[]): number {
    let node = this.arrays;
    for (const child of children) node = step(node, child);
    return (node.id ??= this.next++);
  }

  object(names: readonly string[], children: readonly number[]): number {
    let node = this.objects;
    for (let index = 0; index < names.length; index++) {
      const name = names[index]!;
      let nameId = this.names.get(name);
      if (nameId === undefined) {
        nameId = this.names.size;
        this.names.set(name, nameId);
      }
      node = step(step(node, nameId), children[index]!);
    }
    return (node.id ??= this.next++);
  }
}

interface Trie {
  id?: number;
  children: Map<number, Trie>;
}

function step(node: Trie, key: number): Trie {
  let child = node.children.get(key);
  if (child === undefined) {
    child = { children: new Map() };
    node.children.set(key, child);
  }
  return child;
}

export function planSharing(roots: readonly unknown[], options: SharingOptions): SharedPlan {
  const ids = new ContentIds();
  const info = new Map<object, NodeInfo>();
  const counts = new Map<number, number>();
  const representatives = new Map<number, object[]>();
  const childrenOf = options.childrenOf ?? ((value: object) => (Array.isArray(value) ? value : Object.values(value)));

  /** Leaves by value: schemas repeat the same few strings (`"type"`, `"string"`, a shared description) thousands of times. */
  const leaves = new Map<unknown, NodeInfo>();
  /** Content id and size of any value, memoised per object. */
  const describe = (value: unknown): NodeInfo => {
    if (!isContainer(value)) {
      // As JSON writes it: what is not JSON (undefined, a function, a non-finite number) is null.
      const json = typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value)) ? value : null;
      let leaf = leaves.get(json);
      if (leaf === undefined) {
        leaf = { id: ids.leaf(json), size: typeof json === "string" ? JSON.stringify(json).length : String(json).length };
        leaves.set(json, leaf);
      }
      return leaf;
    }
    const known = info.get(value);
    if (known) return known;
    let id: number;
    let size = 2;
    if (Array.isArray(value)) {
      const children = value.map((item) => {
        const child = describe(item);
        size += child.size + 1;
        return child.id;
      });
      id = ids.array(children);
    } else {
      const names = Object.keys(value);
      const children = names.map((name) => {
        const child = describe((value as Record<string, unknown>)[name]);
        size += name.length + child.size + 4;
        return child.id;
      });
      id = ids.object(names, children);
    }
    const node = { id, size };
    info.set(value, node);
    return node;
  };

  /**
   * Count the occurrences of candidate subtrees (those reached through `childrenOf`). Only "fewer
   * than two" is ever asked of a count, so an object met a third time (a protocol's envelope layer,
   * one instance in every tool's schema) is not walked again: its two walks have already counted
   * everything under it twice, and its descendants are the same objects, already representatives.
   */
  const walks = new Map<object, number>();
  const count = (value: unknown): void => {
    if (!isContainer(value)) return;
    const node = describe(value);
    counts.set(node.id, (counts.get(node.id) ?? 0) + 1);
    const walked = walks.get(value) ?? 0;
    if (walked >= 2) return;
    walks.set(value, walked + 1);
    const list = representatives.get(node.id);
    if (list) {
      if (walked === 0) list.push(value);
    } else representatives.set(node.id, [value]);
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

  // Post-order: a hoisted subtree's own hoisted children are declared before it. An object met
  // again (not as a root) has had its whole subtree decided and emitted the first time.
  const ordered = new Set<object>();
  const order = (value: unknown, isRoot: boolean): void => {
    if (!isContainer(value)) return;
    if (!isRoot) {
      if (ordered.has(value)) return;
      ordered.add(value);
    }
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
