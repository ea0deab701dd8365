import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { renderHtml } from "../../src/graph/html.js";
import type { Layout } from "../../src/graph/layout.js";
import type { ToolGraph } from "../../src/graph/model.js";
import { type Browser, findChromium, type Page } from "../helpers/chromium.js";
import { repoRoot } from "../helpers/fixtures.js";

/** What the page tests share: where artefacts go, the window, and reading the page's geometry. */

export const ARTIFACTS = join(repoRoot, "test-artifacts", "graph");
export const WINDOW = { width: 1280, height: 800 };
export const chromium = findChromium();

export const MISSING =
  "SKIPPED: the graph page tests need headless Chromium and none was found (looked for `chromium` and `chromium-browser` on PATH, or CHROMIUM_PATH). Install Debian's: apt-get install -y chromium. The layout's geometric checks (test/graph/layout.test.ts) ran without it.";
if (!chromium) console.warn(`\n${"!".repeat(100)}\n${MISSING}\n${"!".repeat(100)}\n`);

/** Writes the page into the artefacts folder and opens it in a window of the given size. */
export async function openPage(browser: Browser, name: string, graph: ToolGraph, layout: Layout, window = WINDOW): Promise<Page> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.html`);
  writeFileSync(file, renderHtml(graph, layout));
  return browser.open(pathToFileURL(file).href, window.width, window.height);
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

export const RECT = (expression: string) =>
  `(() => { const r = ${expression}.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height }; })()`;

/** The graph point (user units) under a window point, by the SVG's own transform. */
export const GRAPH_POINT = (x: number, y: number) =>
  `(() => { const svg = document.getElementById("graph"); const p = new DOMPoint(${x}, ${y}).matrixTransform(svg.getScreenCTM().inverse()); return { x: p.x, y: p.y }; })()`;
