import type { ElkNode } from "elkjs/lib/elk-api.js";
import type { EdgeKind, ToolGraph } from "./model.js";

/**
 * Where every tool box and edge of the picture goes, laid out by ELK's layered algorithm (elkjs,
 * the Eclipse Layout Kernel compiled to JavaScript) in Node, when the page is generated: the page
 * only draws the coordinates, so it stays small (no 1.6 MB engine inlined), opens instantly, and
 * the tests check the very coordinates the browser draws.
 *
 * Edges are routed orthogonally around the boxes. Every edge has its own port on its boxes (ELK
 * merges none), so edges of different kinds between the same two tools run side by side, never on
 * top of each other. The graph is laid out top-down and left-to-right, and the one that fills a
 * 16:10 window at the larger scale wins: a deep workflow reads best across, a wide one down.
 * ELK is deterministic (a fixed random seed, the graph given in sorted order): the same graph
 * always gives the same picture, to the byte.
 */

export interface Point {
  x: number;
  y: number;
}

export interface PlacedNode {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  kind: EdgeKind;
  /** An orthogonal polyline: on the border of `from`'s box, the bends, on the border of `to`'s. */
  points: Point[];
}

export type Direction = "DOWN" | "RIGHT";

export interface Layout {
  direction: Direction;
  width: number;
  height: number;
  /** In the graph's node order (by name). */
  nodes: PlacedNode[];
  /** In the graph's edge order. */
  edges: PlacedEdge[];
}

/** Box text is set in a monospace font at 12px (the page's CSS): about 7.3px a character. */
export const NODE_FONT_SIZE = 12;
const CHAR_WIDTH = 7.3;
const NODE_PADDING = 24;
const NODE_HEIGHT = 30;
/** The window shape a layout is chosen for. */
const TARGET_WIDTH = 1600;
const TARGET_HEIGHT = 1000;

const OPTIONS: Record<string, string> = {
  "elk.algorithm": "layered",
  "elk.edgeRouting": "ORTHOGONAL",
  "elk.randomSeed": "1",
  "elk.padding": "[top=24,left=24,bottom=24,right=24]",
  "elk.spacing.nodeNode": "28",
  "elk.layered.spacing.nodeNodeBetweenLayers": "48",
  "elk.spacing.edgeEdge": "10",
  "elk.spacing.edgeNode": "14",
  "elk.layered.spacing.edgeEdgeBetweenLayers": "10",
  "elk.layered.spacing.edgeNodeBetweenLayers": "14",
  "elk.spacing.portPort": "10",
  // A box grows to give each of its ports room (a hub tool with many edges gets a taller or wider box).
  "elk.nodeSize.constraints": "[PORTS, MINIMUM_SIZE]",
  "elk.spacing.componentComponent": "40",
};

/**
 * Network-simplex node placement gives a tighter picture with straighter edges, but its time grows
 * fast with size (tens of seconds on a dense 160-tool graph, measured); Brandes-Köpf stays around a
 * second there. The size alone decides, so a graph always gets the same placement.
 */
const NETWORK_SIMPLEX_UP_TO = 150;

export function nodeWidth(name: string): number {
  return Math.ceil(name.length * CHAR_WIDTH + NODE_PADDING);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

type Elk = { layout(graph: ElkNode): Promise<ElkNode> };
let engine: Promise<Elk> | undefined;

/** Loaded on first use: only `graph --format html` pays for the engine. */
function elk(): Promise<Elk> {
  // A CommonJS module whose typings say `export default`: Node's default import is the module
  // object, whose `default` is the constructor (elkjs sets `ELK.default = ELK` for this).
  engine ??= import("elkjs/lib/elk.bundled.js").then(({ default: module }) => new module.default());
  return engine;
}

async function layoutIn(graph: ToolGraph, direction: Direction): Promise<Layout> {
  const ids = new Map(graph.nodes.map((node, index) => [node.name, `n${index}`]));
  const input: ElkNode = {
    id: "root",
    layoutOptions: {
      ...OPTIONS,
      "elk.direction": direction,
      "elk.layered.nodePlacement.strategy": graph.nodes.length + graph.edges.length <= NETWORK_SIMPLEX_UP_TO ? "NETWORK_SIMPLEX" : "BRANDES_KOEPF",
    },
    children: graph.nodes.map((node) => {
      const width = nodeWidth(node.name);
      return { id: ids.get(node.name)!, width, height: NODE_HEIGHT, layoutOptions: { "elk.nodeSize.minimum": `(${width}, ${NODE_HEIGHT})` } };
    }),
    edges: graph.edges.map((edge, index) => ({ id: `e${index}`, sources: [ids.get(edge.from)!], targets: [ids.get(edge.to)!] })),
  };
  const output = await (await elk()).layout(input);
  const placed = new Map((output.children ?? []).map((child) => [child.id, child]));
  const nodes = graph.nodes.map((node): PlacedNode => {
    const child = placed.get(ids.get(node.name)!)!;
    return { name: node.name, x: round(child.x ?? 0), y: round(child.y ?? 0), width: round(child.width ?? 0), height: round(child.height ?? 0) };
  });
  const routed = new Map((output.edges ?? []).map((edge) => [edge.id, edge]));
  const edges = graph.edges.map((edge, index): PlacedEdge => {
    const sections = routed.get(`e${index}`)?.sections ?? [];
    const points = sections.flatMap((section, i) => [...(i === 0 ? [section.startPoint] : []), ...(section.bendPoints ?? []), section.endPoint]);
    return { from: edge.from, to: edge.to, kind: edge.kind, points: withoutRepeats(points.map((point) => ({ x: round(point.x), y: round(point.y) }))) };
  });
  return { direction, width: round(output.width ?? 0), height: round(output.height ?? 0), nodes, edges };
}

/** Consecutive equal points (ELK gives some at a port) would make a segment of no length. */
function withoutRepeats(points: Point[]): Point[] {
  return points.filter((point, i) => i === 0 || point.x !== points[i - 1]!.x || point.y !== points[i - 1]!.y);
}

/** How large a layout can be drawn in the target window. */
function fitScale(layout: Layout): number {
  return Math.min(TARGET_WIDTH / Math.max(1, layout.width), TARGET_HEIGHT / Math.max(1, layout.height));
}

export async function layoutGraph(graph: ToolGraph): Promise<Layout> {
  const down = await layoutIn(graph, "DOWN");
  if (graph.edges.length === 0) return down;
  const right = await layoutIn(graph, "RIGHT");
  return fitScale(right) > fitScale(down) ? right : down;
}
