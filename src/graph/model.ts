import { unionMembers } from "../shared/union-members.js";
import type { InputParam, ToolEntry } from "../analyze/inventory.js";
import { jsonTypes, topLevelProperties, type JsonType } from "../generate/json-schema.js";
import { compareStrings } from "../compare-strings.js";

/**
 * The tool dependency graph, computed from the inventory alone. One reading for every output
 * (`tool-graph.ts`, `mcp-conform graph`):
 *
 * An edge `from → to` means "`from` comes first and `to` builds on it": `to` dependsOn `from`,
 * `from` feeds `to`.
 * - `data`: `from`'s payload has top-level properties that cover ALL of `to`'s required input
 *   params, by name and with a compatible JSON type, and `from` produces them rather than echoes
 *   them: not every one of them is an input of `from`, and `from` is not a tool that hands back
 *   the entity `to` makes (none of the fields is a key like `id`, `to` returns them itself and
 *   its payload covers `from`'s input: `create_note` feeds `get_note` its `id`, `get_note` does
 *   not feed `create_note` the `title` and `body` it stored). Tools without
 *   required params get no data edges (anything would cover them), and a tool never feeds itself.
 * - `calls`: `to`'s handler calls `from`'s handler, or the project function `from`'s handler is
 *   a thin wrapper over (the analyser's `calls` reference from `to` to `from`): the caller builds
 *   on what the callee does.
 * - `mentions`: `from`'s response or its guidance stub names `to` (next steps, related tools,
 *   available actions, "Use `to`"): it offers `to` as what comes next.
 * Pairs linked in several ways get one edge per kind.
 *
 * `requires` is the tool's required input param names; `provides` its payload's top-level property
 * names that every alternative of a union payload declares (a property only some alternatives
 * carry is not something the tool can be relied on to provide).
 */

export type EdgeKind = "calls" | "mentions" | "data";

export interface GraphEdge {
  from: string;
  to: string;
  kind: EdgeKind;
}

export interface ToolLink {
  tool: string;
  kind: EdgeKind;
}

export interface ToolGraphNode {
  name: string;
  requires: string[];
  provides: string[];
  dependsOn: ToolLink[];
  feeds: ToolLink[];
}

export interface ToolGraph {
  /** Sorted by name. */
  nodes: ToolGraphNode[];
  /** Sorted by from, to, kind. */
  edges: GraphEdge[];
}

const KIND_ORDER: Record<EdgeKind, number> = { calls: 0, mentions: 1, data: 2 };

function compareEdges(a: GraphEdge, b: GraphEdge): number {
  return compareStrings(a.from, b.from) || compareStrings(a.to, b.to) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

function compareLinks(a: ToolLink, b: ToolLink): number {
  return compareStrings(a.tool, b.tool) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

/** The JSON types an input param's TypeScript type admits, or null when it cannot tell. */
export function paramJsonTypes(typeText: string): Set<JsonType> | null {
  const found = new Set<JsonType>();
  for (const member of unionMembers(typeText.trim())) {
    if (member === "string" || /^(["'`]).*\1$/s.test(member) || /^`/.test(member)) found.add("string");
    else if (member === "number" || member === "bigint" || /^-?\d/.test(member)) found.add("number");
    else if (member === "boolean" || member === "true" || member === "false") found.add("boolean");
    else if (member === "null") found.add("null");
    else if (member === "undefined") continue;
    else if (/\[\]$/.test(member) || /^(readonly\s+)?\[/.test(member) || /^(Readonly)?Array</.test(member)) found.add("array");
    else if (/^\{/.test(member) || /^Record</.test(member)) found.add("object");
    else return null;
  }
  return found.size > 0 ? found : null;
}

function compatible(param: Set<JsonType> | null, provided: Set<JsonType> | null): boolean {
  if (param === null || provided === null) return true;
  for (const type of param) if (provided.has(type)) return true;
  return false;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** A name that identifies an entity by convention: `id`, `task_id`, `orderId`, `uuid`, `slug`, `key`. */
export function isKey(name: string): boolean {
  return /^(id|ids|uuid|guid|key|slug)$/i.test(name) || /(_id|_ids|Id|Ids|ID|IDs|_key|Key|_uuid|Uuid)$/.test(name);
}

function requiredParams(tool: ToolEntry): InputParam[] {
  return tool.input.filter((param) => !param.optional);
}

/** The graph of the inventory's tools (duplicate names are merged into one node). */
export function buildToolGraph(tools: readonly ToolEntry[]): ToolGraph {
  const names = [...new Set(tools.map((tool) => tool.name))].sort(compareStrings);
  const known = new Set(names);
  const edges = new Map<string, GraphEdge>();
  const add = (edge: GraphEdge): void => {
    if (edge.from !== edge.to && known.has(edge.from) && known.has(edge.to)) edges.set(`${edge.from}\u0000${edge.to}\u0000${edge.kind}`, edge);
  };

  for (const tool of tools) {
    for (const reference of tool.references) {
      if (reference.kind === "calls") add({ from: reference.tool, to: tool.name, kind: "calls" });
      else add({ from: tool.name, to: reference.tool, kind: "mentions" });
    }
  }

  // Index producers by property name, so each consumer only looks at tools that provide its first param.
  const provided = tools.map((tool) => ({
    tool,
    echoed: new Set(tool.input.map((param) => param.name)),
    properties: new Map(
      topLevelProperties(tool.payload.schema)
        .filter((property) => property.inAll)
        .map((property) => [property.name, property] as const),
    ),
  }));
  type Provided = (typeof provided)[number];
  const providers = new Map<string, Provided[]>();
  for (const entry of provided) {
    for (const name of entry.properties.keys()) pushTo(providers, name, entry);
  }
  const byTool = new Map(provided.map((entry) => [entry.tool, entry]));
  /** Whether `producer`'s payload has every required param of `consumer`, by name and JSON type. */
  const covers = ({ tool: producer, properties }: Provided, consumer: ToolEntry): boolean => {
    const required = requiredParams(consumer);
    return (
      required.length > 0 &&
      required.every((param) => {
        const property = properties.get(param.name);
        if (property === undefined) return false;
        const types = property.schemas.map((schema) => jsonTypes(producer.payload.schema, schema));
        const propertyTypes = types.some((t) => t === null) ? null : new Set(types.flatMap((t) => [...(t ?? [])]));
        return compatible(paramJsonTypes(param.type), propertyTypes);
      })
    );
  };
  for (const consumer of tools) {
    const required = requiredParams(consumer);
    const first = required[0];
    if (first === undefined) continue;
    const own = byTool.get(consumer)!;
    for (const producer of providers.get(first.name) ?? []) {
      // A producer must contribute something of its own: a field it only echoes back from its input
      // (`symbol` in, `symbol` out) orders nothing, and counting echoes alone links every pair of
      // tools that share an id param (n² edges; 1,000 synthetic tools gave a 4 MB tool-graph.ts).
      if (required.every((param) => producer.echoed.has(param.name))) continue;
      if (!covers(producer, consumer)) continue;
      // Nor does a tool that hands back an entity feed the tool that makes it: `get_note` returns a
      // note whose `title` and `body` cover `create_note`'s input, but `create_note` returns those
      // same fields (it stores what it is given) and the `id` `get_note` needs. The two are alike
      // in shape; what sets them apart is the key: a flow of ids (`create_note` → `get_note`) is
      // kept, one of stored fields back into their maker is not.
      if (!required.some((param) => isKey(param.name)) && required.every((param) => own.properties.has(param.name)) && covers(own, producer.tool)) continue;
      add({ from: producer.tool.name, to: consumer.name, kind: "data" });
    }
  }

  const sortedEdges = [...edges.values()].sort(compareEdges);
  const incoming = new Map<string, ToolLink[]>();
  const outgoing = new Map<string, ToolLink[]>();
  for (const edge of sortedEdges) {
    pushTo(incoming, edge.to, { tool: edge.from, kind: edge.kind });
    pushTo(outgoing, edge.from, { tool: edge.to, kind: edge.kind });
  }
  const requires = new Map<string, Set<string>>();
  const provides = new Map<string, Set<string>>();
  for (const { tool, properties } of provided) {
    const req = requires.get(tool.name) ?? new Set();
    for (const param of requiredParams(tool)) req.add(param.name);
    requires.set(tool.name, req);
    const prov = provides.get(tool.name) ?? new Set();
    for (const name of properties.keys()) prov.add(name);
    provides.set(tool.name, prov);
  }
  const nodes = names.map((name): ToolGraphNode => ({
    name,
    requires: [...(requires.get(name) ?? [])].sort(compareStrings),
    provides: [...(provides.get(name) ?? [])].sort(compareStrings),
    dependsOn: [...(incoming.get(name) ?? [])].sort(compareLinks),
    feeds: [...(outgoing.get(name) ?? [])].sort(compareLinks),
  }));
  return { nodes, edges: sortedEdges };
}
