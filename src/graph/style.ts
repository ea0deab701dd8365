import type { EdgeKind } from "./model.js";

/**
 * How each edge kind is drawn and what it means, shared by every renderer (the page's legend,
 * Mermaid's link styles, DOT's attributes), so a kind looks and reads the same everywhere.
 */

export const EDGE_KINDS: readonly EdgeKind[] = ["calls", "mentions", "data"];

export const EDGE_STYLES: Record<EdgeKind, { color: string; dash: string; width: number; meaning: string }> = {
  calls: { color: "#1f6feb", dash: "", width: 1.6, meaning: "the second runs the first: it calls its handler, or the function its handler wraps" },
  mentions: { color: "#8250df", dash: "6 4", width: 1.6, meaning: "the first names the second as a next step, in its response or its guidance stub" },
  data: { color: "#1a7f37", dash: "", width: 2.4, meaning: "the first's payload gives every input the second requires" },
};
