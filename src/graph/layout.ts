import { compareStrings } from "../generate/json-schema.js";
import type { EdgeKind, ToolGraph } from "./model.js";

/**
 * A small layered ("Sugiyama-style") layout, top to bottom, enough to draw a tool graph without
 * any library:
 * 1. cycles are broken with the greedy heuristic of Eades, Lin and Smyth (sources first, sinks
 *    last, otherwise the node with the most outgoing minus incoming edges), which reverses few
 *    edges: the reversed ones are drawn as they are, but do not shape the layers;
 * 2. nodes are put, in that order, on the first layer below all their predecessors that still has
 *    room (at most `maxPerLayer` nodes, so a graph dense with edges stays readable);
 * 3. nodes are ordered within their layer by the barycentre of their neighbours in the adjacent
 *    layer, in alternating sweeps, ties broken by name;
 * 4. layers become rows. Edges pointing down run from the bottom of one box to the top of the
 *    other; edges within a row arc above it; edges pointing up curve round the right-hand side.
 * Everything is deterministic: the same graph always gives the same picture.
 */

export interface PlacedNode {
  name: string;
  layer: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** SVG path data. */
  path: string;
}

export interface Layout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  width: number;
  height: number;
}

const NODE_HEIGHT = 30;
const CHAR_WIDTH = 7.3;
const NODE_PADDING = 22;
const COLUMN_GAP = 28;
const LAYER_GAP = 70;
const MARGIN = 24;
const SWEEPS = 8;

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Eades-Lin-Smyth: a node order in which few edges point backwards. */
function greedyOrder(names: readonly string[], successors: Map<string, Set<string>>): string[] {
  const out = new Map(names.map((name) => [name, new Set(successors.get(name))]));
  const into = new Map(names.map((name) => [name, new Set<string>()]));
  for (const [from, list] of out) for (const to of list) into.get(to)!.add(from);
  const remaining = new Set(names);
  const left: string[] = [];
  const right: string[] = [];
  const remove = (name: string): void => {
    remaining.delete(name);
    for (const to of out.get(name)!) into.get(to)!.delete(name);
    for (const from of into.get(name)!) out.get(from)!.delete(name);
  };
  while (remaining.size > 0) {
    let changed = true;
    while (changed) {
      changed = false;
      for (const name of [...remaining].sort(compareStrings)) {
        if (out.get(name)!.size === 0) {
          right.unshift(name);
          remove(name);
          changed = true;
        } else if (into.get(name)!.size === 0) {
          left.push(name);
          remove(name);
          changed = true;
        }
      }
    }
    if (remaining.size === 0) break;
    const best = [...remaining].sort(
      (a, b) => out.get(b)!.size - into.get(b)!.size - (out.get(a)!.size - into.get(a)!.size) || compareStrings(a, b),
    )[0]!;
    left.push(best);
    remove(best);
  }
  return [...left, ...right];
}

export function layeredLayout(graph: ToolGraph): Layout {
  const names = graph.nodes.map((node) => node.name);
  const successors = new Map<string, Set<string>>(names.map((name) => [name, new Set()]));
  for (const edge of graph.edges) {
    if (edge.from !== edge.to && successors.has(edge.to)) successors.get(edge.from)?.add(edge.to);
  }

  // 1 + 2. Order, then layers with a width limit.
  const order = greedyOrder(names, successors);
  const rank = new Map(order.map((name, i) => [name, i]));
  const predecessors = new Map<string, string[]>(names.map((name) => [name, []]));
  const forwardSuccessors = new Map<string, string[]>(names.map((name) => [name, []]));
  for (const [from, list] of successors) {
    for (const to of list) {
      if (rank.get(from)! < rank.get(to)!) {
        predecessors.get(to)!.push(from);
        forwardSuccessors.get(from)!.push(to);
      }
    }
  }
  const maxPerLayer = Math.max(3, Math.ceil(Math.sqrt(names.length)) + 1);
  const layer = new Map<string, number>();
  const layers: string[][] = [];
  for (const name of order) {
    let target = Math.max(0, ...predecessors.get(name)!.map((before) => layer.get(before)! + 1));
    while ((layers[target]?.length ?? 0) >= maxPerLayer) target++;
    while (layers.length <= target) layers.push([]);
    layers[target]!.push(name);
    layer.set(name, target);
  }
  for (const members of layers) members.sort(compareStrings);

  // 3. Barycentre ordering within layers.
  const position = new Map<string, number>();
  const setPositions = (): void => layers.forEach((members) => members.forEach((name, i) => position.set(name, i)));
  setPositions();
  for (let sweep = 0; sweep < SWEEPS; sweep++) {
    const down = sweep % 2 === 0;
    const indices = layers.map((_, i) => i);
    for (const i of down ? indices.slice(1) : indices.reverse().slice(1)) {
      const neighbours = down ? predecessors : forwardSuccessors;
      const keyed = layers[i]!.map((name) => {
        const near = neighbours.get(name)!.filter((other) => Math.abs(layer.get(other)! - i) >= 1);
        const key = near.length === 0 ? position.get(name)! : near.reduce((sum, other) => sum + position.get(other)!, 0) / near.length;
        return { name, key };
      });
      keyed.sort((a, b) => a.key - b.key || compareStrings(a.name, b.name));
      layers[i] = keyed.map((entry) => entry.name);
      setPositions();
    }
  }

  // 4. Coordinates: rows centred horizontally.
  const widthOf = (name: string): number => Math.ceil(name.length * CHAR_WIDTH + NODE_PADDING);
  const rowWidths = layers.map((members) => members.reduce((sum, name) => sum + widthOf(name), 0) + Math.max(0, members.length - 1) * COLUMN_GAP);
  const contentWidth = Math.max(0, ...rowWidths);
  const sideRoom = 60;
  const placed = new Map<string, PlacedNode>();
  layers.forEach((members, i) => {
    let x = MARGIN + (contentWidth - rowWidths[i]!) / 2;
    const y = MARGIN + i * (NODE_HEIGHT + LAYER_GAP);
    for (const name of members) {
      placed.set(name, { name, layer: i, x: round(x), y, width: widthOf(name), height: NODE_HEIGHT });
      x += widthOf(name) + COLUMN_GAP;
    }
  });
  const width = round(MARGIN * 2 + contentWidth + sideRoom);
  const height = round(MARGIN * 2 + Math.max(1, layers.length) * NODE_HEIGHT + Math.max(0, layers.length - 1) * LAYER_GAP);

  const multiplicity = new Map<string, number>();
  for (const edge of graph.edges) multiplicity.set(`${edge.from}\u0000${edge.to}`, (multiplicity.get(`${edge.from}\u0000${edge.to}`) ?? 0) + 1);
  const seen = new Map<string, number>();
  const edges = graph.edges
    .filter((edge) => placed.has(edge.from) && placed.has(edge.to) && edge.from !== edge.to)
    .map((edge): PlacedEdge => {
      const key = `${edge.from}\u0000${edge.to}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      const offset = (nth - ((multiplicity.get(key) ?? 1) - 1) / 2) * 7;
      const a = placed.get(edge.from)!;
      const b = placed.get(edge.to)!;
      const curve = (x1: number, y1: number, c1x: number, c1y: number, c2x: number, c2y: number, x2: number, y2: number): string =>
        `M ${round(x1)} ${round(y1)} C ${round(c1x)} ${round(c1y)}, ${round(c2x)} ${round(c2y)}, ${round(x2)} ${round(y2)}`;
      if (b.layer > a.layer) {
        const [x1, y1, x2, y2] = [a.x + a.width / 2 + offset, a.y + a.height, b.x + b.width / 2 + offset, b.y];
        const bend = (y2 - y1) / 2;
        return { ...edge, path: curve(x1, y1, x1, y1 + bend, x2, y2 - bend, x2, y2) };
      }
      if (b.layer === a.layer) {
        const [x1, x2, y] = [a.x + a.width / 2 + offset, b.x + b.width / 2 + offset, a.y];
        const lift = Math.min(LAYER_GAP - 10, 18 + Math.abs(x2 - x1) / 6);
        return { ...edge, path: curve(x1, y, x1, y - lift, x2, y - lift, x2, y) };
      }
      const [x1, y1, x2, y2] = [a.x + a.width, a.y + a.height / 2 + offset, b.x + b.width, b.y + b.height / 2 + offset];
      const reach = Math.max(x1, x2) + 30 + (a.layer - b.layer) * 8;
      return { ...edge, path: curve(x1, y1, reach, y1, reach, y2, x2, y2) };
    });
  return { nodes: names.map((name) => placed.get(name)!), edges, width, height };
}
