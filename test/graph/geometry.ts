import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { nodeWidth, type Layout, type PlacedEdge, type PlacedNode, type Point } from "../../src/graph/layout.js";
import type { GraphEdge, ToolGraph } from "../../src/graph/model.js";
import { fixturesRoot } from "../helpers/fixtures.js";

/** A fixture's graph as its golden graph.json has it (nodes and edges; enough to lay it out). */
export function goldenGraph(fixture: string): ToolGraph {
  const { nodes, edges } = JSON.parse(readFileSync(join(fixturesRoot, fixture, "__expected__", "graph", "graph.json"), "utf8")) as {
    nodes: { name: string }[];
    edges: GraphEdge[];
  };
  return { nodes: nodes.map(({ name }) => ({ name, requires: [], provides: [], dependsOn: [], feeds: [] })), edges };
}

/**
 * What a reader of the picture must be able to trust, checked on the layout's own coordinates
 * (the ones the page draws):
 * - an edge never runs through a tool's box (touching its border, where it starts or ends, is fine);
 * - no two edges share any length of line (crossing at a point is fine);
 * - every edge is orthogonal: a chain of horizontal and vertical segments.
 * Each finding is a sentence naming the edges and boxes, so a failing test says what to look at.
 */

/** How far inside a box a line must come, or how long a shared stretch must be, to count (px). */
const EPSILON = 0.5;

interface Segment {
  edge: PlacedEdge;
  a: Point;
  b: Point;
}

function name(edge: PlacedEdge): string {
  return `${edge.from} → ${edge.to} (${edge.kind})`;
}

function segments(edge: PlacedEdge): Segment[] {
  const found: Segment[] = [];
  for (let i = 0; i + 1 < edge.points.length; i++) found.push({ edge, a: edge.points[i]!, b: edge.points[i + 1]! });
  return found;
}

export function nonOrthogonalSegments(layout: Layout): string[] {
  const found: string[] = [];
  for (const edge of layout.edges) {
    if (edge.points.length < 2) found.push(`${name(edge)} has no line`);
    for (const { a, b } of segments(edge)) {
      if (a.x !== b.x && a.y !== b.y) found.push(`${name(edge)}: segment (${a.x},${a.y})-(${b.x},${b.y}) is diagonal`);
    }
  }
  return found;
}

/** Whether an axis-parallel segment passes through the inside of a box. */
function entersBox({ a, b }: Segment, box: PlacedNode): boolean {
  const [left, right] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [top, bottom] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return right > box.x + EPSILON && left < box.x + box.width - EPSILON && bottom > box.y + EPSILON && top < box.y + box.height - EPSILON;
}

export function edgesThroughBoxes(layout: Layout): string[] {
  const found: string[] = [];
  for (const edge of layout.edges) {
    for (const segment of segments(edge)) {
      for (const box of layout.nodes) if (entersBox(segment, box)) found.push(`${name(edge)} runs through the box of ${box.name}`);
    }
  }
  return [...new Set(found)];
}

/** The length two collinear axis-parallel segments share (0 when they are not on one line). */
function sharedLength(p: Segment, q: Segment): number {
  const horizontal = (s: Segment) => s.a.y === s.b.y && s.a.x !== s.b.x;
  const vertical = (s: Segment) => s.a.x === s.b.x && s.a.y !== s.b.y;
  if (horizontal(p) && horizontal(q) && Math.abs(p.a.y - q.a.y) < EPSILON) {
    return Math.min(Math.max(p.a.x, p.b.x), Math.max(q.a.x, q.b.x)) - Math.max(Math.min(p.a.x, p.b.x), Math.min(q.a.x, q.b.x));
  }
  if (vertical(p) && vertical(q) && Math.abs(p.a.x - q.a.x) < EPSILON) {
    return Math.min(Math.max(p.a.y, p.b.y), Math.max(q.a.y, q.b.y)) - Math.max(Math.min(p.a.y, p.b.y), Math.min(q.a.y, q.b.y));
  }
  return 0;
}

export function overlappingEdges(layout: Layout): string[] {
  const found = new Set<string>();
  // Only segments on the same line (to the pixel, either side) can overlap.
  const byLine = new Map<string, Segment[]>();
  for (const segment of layout.edges.flatMap(segments)) {
    const axis = segment.a.y === segment.b.y ? "h" : segment.a.x === segment.b.x ? "v" : null;
    if (axis === null) continue;
    const at = Math.round(axis === "h" ? segment.a.y : segment.a.x);
    for (const line of [at - 1, at, at + 1]) {
      for (const other of byLine.get(`${axis}${line}`) ?? []) {
        const length = other.edge === segment.edge ? 0 : sharedLength(segment, other);
        if (length > EPSILON) found.add(`${name(other.edge)} and ${name(segment.edge)} share ${Math.round(length * 10) / 10}px of line`);
      }
    }
    byLine.set(`${axis}${at}`, [...(byLine.get(`${axis}${at}`) ?? []), segment]);
  }
  return [...found];
}

function onBorder(point: { x: number; y: number }, box: Layout["nodes"][number]): boolean {
  const within = (value: number, low: number, high: number) => value >= low - 0.5 && value <= high + 0.5;
  const onVertical = (Math.abs(point.x - box.x) <= 0.5 || Math.abs(point.x - box.x - box.width) <= 0.5) && within(point.y, box.y, box.y + box.height);
  const onHorizontal = (Math.abs(point.y - box.y) <= 0.5 || Math.abs(point.y - box.y - box.height) <= 0.5) && within(point.x, box.x, box.x + box.width);
  return onVertical || onHorizontal;
}

/** Every promise of the picture, as test expectations. */
export function checkPicture(graph: ToolGraph, layout: Layout): void {
  expect(layout.nodes.map((node) => node.name)).toEqual(graph.nodes.map((node) => node.name));
  expect(layout.edges.map(({ from, to, kind }) => ({ from, to, kind }))).toEqual(graph.edges);
  const boxes = new Map(layout.nodes.map((node) => [node.name, node]));
  for (const node of layout.nodes) {
    // Room for the label, and inside the picture.
    expect(node.width).toBeGreaterThanOrEqual(nodeWidth(node.name));
    expect(node.x).toBeGreaterThanOrEqual(0);
    expect(node.y).toBeGreaterThanOrEqual(0);
    expect(node.x + node.width).toBeLessThanOrEqual(layout.width);
    expect(node.y + node.height).toBeLessThanOrEqual(layout.height);
  }
  for (const edge of layout.edges) {
    expect(onBorder(edge.points[0]!, boxes.get(edge.from)!), `${edge.from} → ${edge.to} starts on ${edge.from}`).toBe(true);
    expect(onBorder(edge.points.at(-1)!, boxes.get(edge.to)!), `${edge.from} → ${edge.to} ends on ${edge.to}`).toBe(true);
  }
  expect(nonOrthogonalSegments(layout)).toEqual([]);
  expect(edgesThroughBoxes(layout)).toEqual([]);
  expect(overlappingEdges(layout)).toEqual([]);
}
