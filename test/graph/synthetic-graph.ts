import type { GraphEdge, ToolGraph } from "../../src/graph/model.js";

/**
 * A tool graph shaped like a large server's: `tools / 8` domains of eight tools each (create, get,
 * list, search, update, delete, archive, export), with the edges such servers have inside a domain
 * (the id made by create feeds get, update and delete; list and search name get; the callers of
 * what get wraps) and a few between domains (an order's customer, an invoice's order). Deterministic:
 * a fixed linear congruential sequence picks the optional edges.
 */
const VERBS = ["create", "get", "list", "search", "update", "delete", "archive", "export"] as const;
const NOUNS = [
  "order",
  "invoice",
  "customer",
  "product",
  "shipment",
  "payment",
  "ticket",
  "user",
  "report",
  "project",
  "task",
  "comment",
  "file",
  "team",
  "alert",
  "metric",
  "deploy",
  "build",
  "release",
  "note",
];

export function syntheticGraph(tools: number): ToolGraph {
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const domains = Array.from({ length: Math.ceil(tools / VERBS.length) }, (_, i) =>
    i < NOUNS.length ? NOUNS[i]! : `${NOUNS[i % NOUNS.length]!}${Math.floor(i / NOUNS.length) + 1}`,
  );
  const names = domains.flatMap((domain) => VERBS.map((verb) => `${verb}_${domain}`)).slice(0, tools);
  const known = new Set(names);
  const edges = new Map<string, GraphEdge>();
  const add = (from: string, to: string, kind: GraphEdge["kind"]): void => {
    if (from !== to && known.has(from) && known.has(to)) edges.set(`${from} ${to} ${kind}`, { from, to, kind });
  };
  domains.forEach((d, i) => {
    for (const to of ["get", "update", "delete"]) add(`create_${d}`, `${to}_${d}`, "data");
    add(`create_${d}`, `get_${d}`, "mentions");
    add(`list_${d}`, `get_${d}`, "mentions");
    add(`search_${d}`, `get_${d}`, "mentions");
    add(`get_${d}`, `update_${d}`, "mentions");
    for (const to of ["archive", "export", "search"]) add(`get_${d}`, `${to}_${d}`, "calls");
    if (next() < 0.5) add(`get_${d}`, `delete_${d}`, "calls");
    if (next() < 0.5) add(`update_${d}`, `get_${d}`, "mentions");
    const other = domains[(i + 1 + Math.floor(next() * 3)) % domains.length]!;
    add(`get_${d}`, `create_${other}`, "data");
    if (next() < 0.5) add(`create_${other}`, `list_${d}`, "mentions");
  });
  const sorted = [...names].sort();
  const order = { calls: 0, mentions: 1, data: 2 };
  return {
    nodes: sorted.map((name) => ({ name, requires: [], provides: [], dependsOn: [], feeds: [] })),
    edges: [...edges.values()].sort((a, b) =>
      a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : order[a.kind] - order[b.kind],
    ),
  };
}
