import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutGraph, NODE_FONT_SIZE, type Layout } from "../../src/graph/layout.js";
import { Browser, type Page } from "../helpers/chromium.js";
import { ARTIFACTS, chromium, MISSING, openPage, RECT, type Rect } from "./page-helpers.js";
import { syntheticGraph } from "./synthetic-graph.js";

/** A 160-tool server's page: too large to read fitted, so it opens readable, and Fit shows it all. */

if (!chromium) {
  describe("the 160-tool graph page in headless Chromium", () => {
    it.skip(MISSING, () => {});
  });
}

describe.skipIf(!chromium)("the 160-tool graph page in headless Chromium", () => {
  const graph = syntheticGraph(160);
  let browser: Browser;
  let layout: Layout;
  let page: Page;
  beforeAll(async () => {
    browser = Browser.launch(chromium!);
    layout = await layoutGraph(graph);
    page = await openPage(browser, "synthetic-160", graph, layout, { width: 1600, height: 1000 });
    writeFileSync(join(ARTIFACTS, "synthetic-160.png"), await page.screenshot());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("opens at a scale where labels read at 10px or more, from the top-left corner, every label inside its box", async () => {
    const scale = await page.evaluate<number>('document.getElementById("graph").getScreenCTM().a');
    expect(scale * NODE_FONT_SIZE).toBeGreaterThanOrEqual(10);
    const labels = await page.evaluate<{ text: number; box: number }[]>(
      `[...document.querySelectorAll(".node")].map((node) => ({ text: node.querySelector("text").getComputedTextLength(), box: Number(node.querySelector("rect").getAttribute("width")) }))`,
    );
    for (const label of labels) expect(label.text + 8).toBeLessThanOrEqual(label.box);
    expect(await page.evaluate<string>('document.getElementById("graph").getAttribute("viewBox")')).toMatch(/^0 0 /);
  });

  it("shows all of it after Fit, without scrolling", async () => {
    const fit = await page.evaluate<Rect>(RECT('document.getElementById("fit")'));
    await page.click(fit.left + fit.width / 2, fit.top + fit.height / 2);
    const svg = await page.evaluate<Rect>(RECT('document.getElementById("graph")'));
    const drawing = await page.evaluate<Rect>(RECT('document.querySelector("g.nodes")'));
    expect(drawing.left).toBeGreaterThanOrEqual(svg.left);
    expect(drawing.right).toBeLessThanOrEqual(svg.right);
    expect(drawing.top).toBeGreaterThanOrEqual(svg.top);
    expect(drawing.bottom).toBeLessThanOrEqual(svg.bottom);
    expect(await page.evaluate<number>("document.documentElement.scrollHeight")).toBe(1000);
    writeFileSync(join(ARTIFACTS, "synthetic-160-fit.png"), await page.screenshot());
  });
});
