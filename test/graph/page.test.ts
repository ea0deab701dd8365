import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutGraph, type Layout } from "../../src/graph/layout.js";
import { Browser, type Page } from "../helpers/chromium.js";
import { edgesThroughBoxes, goldenGraph, overlappingEdges } from "./geometry.js";
import { ARTIFACTS, chromium, GRAPH_POINT, MISSING, openPage, RECT, type Rect, WINDOW } from "./page-helpers.js";

/**
 * The page as a reader gets it, in headless Chromium (Debian's `chromium`): it fits the window,
 * every label sits inside its box, hovering a tool lights its neighbours, the legend filters edge
 * kinds, the wheel zooms about the pointer and dragging pans. Screenshots are kept for review in
 * `test-artifacts/graph/` (git-ignored), beside the pages they show. The geometric checks of the
 * same pictures run without a browser in layout.test.ts; here they run again on what was shown.
 */

if (!chromium) {
  describe("the graph page in headless Chromium", () => {
    it.skip(MISSING, () => {});
  });
}

describe.skipIf(!chromium)("the graph page in headless Chromium", () => {
  let browser: Browser;
  beforeAll(() => {
    browser = Browser.launch(chromium!);
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(["notes", "orchestrator"])("%s", (fixture) => {
    const graph = goldenGraph(fixture);
    let layout: Layout;
    let page: Page;
    beforeAll(async () => {
      layout = await layoutGraph(graph);
      page = await openPage(browser, fixture, graph, layout);
      // As it opens, before any test moves the mouse.
      writeFileSync(join(ARTIFACTS, `${fixture}.png`), await page.screenshot());
    });

    it("fits the window: nothing scrolls, all of the drawing shows, as large as the window or 1.5× allows", async () => {
      const scroll = await page.evaluate<{ width: number; height: number }>(
        "({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight })",
      );
      expect(scroll).toEqual(WINDOW);
      const svg = await page.evaluate<Rect>(RECT('document.getElementById("graph")'));
      expect(svg.width).toBe(WINDOW.width);
      expect(svg.bottom).toBe(WINDOW.height);
      const drawing = await page.evaluate<Rect>(RECT('document.querySelector("g.nodes")'));
      expect(drawing.left).toBeGreaterThanOrEqual(svg.left);
      expect(drawing.right).toBeLessThanOrEqual(svg.right);
      expect(drawing.top).toBeGreaterThanOrEqual(svg.top);
      expect(drawing.bottom).toBeLessThanOrEqual(svg.bottom);
      const scale = await page.evaluate<number>('document.getElementById("graph").getScreenCTM().a');
      const fills = Math.max((layout.width * scale) / svg.width, (layout.height * scale) / svg.height);
      expect(Math.abs(scale - 1.5) < 0.01 || fills > 0.99, `scale ${scale}, fills ${fills}`).toBe(true);
    });

    it("sets every label inside its box", async () => {
      const labels = await page.evaluate<{ name: string; text: number; box: number }[]>(
        `[...document.querySelectorAll(".node")].map((node) => ({ name: node.querySelector("text").textContent, text: node.querySelector("text").getComputedTextLength(), box: Number(node.querySelector("rect").getAttribute("width")) }))`,
      );
      expect(labels.map((label) => label.name)).toEqual(graph.nodes.map((node) => node.name));
      for (const label of labels) expect(label.text + 8, label.name).toBeLessThanOrEqual(label.box);
    });

    it("lights a hovered tool, its edges and its neighbours, and dims the rest", async () => {
      // The tool with the most edges.
      const degree = new Map<string, number>();
      for (const edge of graph.edges) for (const end of [edge.from, edge.to]) degree.set(end, (degree.get(end) ?? 0) + 1);
      const hub = [...degree].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
      const i = graph.nodes.findIndex((node) => node.name === hub);
      const box = await page.evaluate<Rect>(RECT(`document.querySelectorAll(".node rect")[${i}]`));
      await page.mouseMove(box.left + box.width / 2, box.top + box.height / 2);
      const lit = await page.evaluate<string[]>(`[...document.querySelectorAll(".node.lit")].map((node) => node.querySelector("text").textContent)`);
      const neighbours = new Set([hub, ...graph.edges.flatMap((edge) => (edge.from === hub ? [edge.to] : edge.to === hub ? [edge.from] : []))]);
      expect(lit.sort()).toEqual([...neighbours].sort());
      const litEdges = await page.evaluate<number>(`document.querySelectorAll(".edge.lit").length`);
      expect(litEdges).toBe(graph.edges.filter((edge) => edge.from === hub || edge.to === hub).length);
      const opacities = await page.evaluate<string[]>(
        `[...document.querySelectorAll(".node:not(.lit), .edge:not(.lit)")].map((element) => getComputedStyle(element).opacity)`,
      );
      expect(opacities.length).toBeGreaterThan(0);
      expect(new Set(opacities)).toEqual(new Set(["0.12"]));
      writeFileSync(join(ARTIFACTS, `${fixture}-hover-${hub}.png`), await page.screenshot());
      await page.mouseMove(2, 2);
      expect(await page.evaluate<number>(`document.querySelectorAll(".lit, .focusing").length`)).toBe(0);
    });

    it("hides an edge kind when its legend box is unticked", async () => {
      const kinds = [...new Set(graph.edges.map((edge) => edge.kind))];
      for (const kind of kinds) {
        const box = await page.evaluate<Rect>(RECT(`document.getElementById("show-${kind}")`));
        await page.click(box.left + box.width / 2, box.top + box.height / 2);
        const shown = await page.evaluate<Record<string, number>>(
          `Object.fromEntries(["calls", "mentions", "data"].map((k) => [k, [...document.querySelectorAll(".edge." + k)].filter((e) => getComputedStyle(e).display !== "none").length]))`,
        );
        for (const other of ["calls", "mentions", "data"] as const) {
          expect(shown[other], `${other} with ${kind} unticked`).toBe(other === kind ? 0 : graph.edges.filter((edge) => edge.kind === other).length);
        }
        await page.click(box.left + box.width / 2, box.top + box.height / 2);
      }
      expect(await page.evaluate<number>(`[...document.querySelectorAll(".edge")].filter((e) => getComputedStyle(e).display === "none").length`)).toBe(0);
    });

    it("zooms about the pointer, pans by dragging, and fits again with the Fit button", async () => {
      const svg = await page.evaluate<Rect>(RECT('document.getElementById("graph")'));
      const at = { x: svg.left + svg.width * 0.4, y: svg.top + svg.height * 0.45 };
      const before = await page.evaluate<{ x: number; y: number }>(GRAPH_POINT(at.x, at.y));
      const scaleBefore = await page.evaluate<number>('document.getElementById("graph").getScreenCTM().a');
      await page.wheel(at.x, at.y, -300);
      const scaleAfter = await page.evaluate<number>('document.getElementById("graph").getScreenCTM().a');
      expect(scaleAfter / scaleBefore).toBeCloseTo(Math.E, 1);
      const after = await page.evaluate<{ x: number; y: number }>(GRAPH_POINT(at.x, at.y));
      expect(Math.abs(after.x - before.x)).toBeLessThan(1);
      expect(Math.abs(after.y - before.y)).toBeLessThan(1);

      const grabbed = await page.evaluate<{ x: number; y: number }>(GRAPH_POINT(at.x, at.y));
      await page.drag(at, { x: at.x + 120, y: at.y + 60 });
      const dropped = await page.evaluate<{ x: number; y: number }>(GRAPH_POINT(at.x + 120, at.y + 60));
      expect(Math.abs(dropped.x - grabbed.x)).toBeLessThan(1);
      expect(Math.abs(dropped.y - grabbed.y)).toBeLessThan(1);

      const fit = await page.evaluate<Rect>(RECT('document.getElementById("fit")'));
      await page.click(fit.left + fit.width / 2, fit.top + fit.height / 2);
      expect(await page.evaluate<string>('document.getElementById("graph").getAttribute("viewBox")')).toBe(`0 0 ${layout.width} ${layout.height}`);
    });

    it("is drawn as laid out: no edge through a box, none along another (screenshot kept)", async () => {
      expect(
        readFileSync(join(ARTIFACTS, `${fixture}.png`))
          .subarray(1, 4)
          .toString("latin1"),
      ).toBe("PNG");
      // The page draws the layout's own coordinates: read them back from the DOM.
      const boxes = await page.evaluate<{ x: number; y: number; width: number; height: number }[]>(
        `[...document.querySelectorAll(".node rect")].map((r) => ({ x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")), width: Number(r.getAttribute("width")), height: Number(r.getAttribute("height")) }))`,
      );
      expect(boxes).toEqual(layout.nodes.map(({ x, y, width, height }) => ({ x, y, width, height })));
      const paths = await page.evaluate<number>(`document.querySelectorAll("path.edge").length`);
      expect(paths).toBe(layout.edges.length);
      expect(edgesThroughBoxes(layout)).toEqual([]);
      expect(overlappingEdges(layout)).toEqual([]);
    });
  });
});
