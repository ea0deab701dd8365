import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ts } from "../../src/compiler.cjs";
import { analyzeSession, openSession } from "../../src/analyze/analyze.js";
import { cleanScratch, copyFixture } from "../check/helpers.js";

afterAll(cleanScratch);

const MAPPED_LISTING = "tools: allTools.map((entry) => ({ name: entry.name, description: entry.description, inputSchema: entry.inputSchema })),";

/**
 * A ListTools handler that maps tool objects (`tools.map((tool) => ({ name: tool.name, ... }))`)
 * names no one tool: asking the type of `tool.name` makes the checker resolve the `map` call and
 * the handler's return against the SDK's zod request types, for `string`. On TypeScript 6 that was
 * a tenth of `check` on a 100-tool server.
 */
describe("the names a ListTools handler reads off its callback's parameter", () => {
  it.each([
    ["a property of the parameter", MAPPED_LISTING],
    ["a field the parameter is destructured into", "tools: allTools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),"],
  ])("are not asked for their type: %s; the inventory is the same", (_form, listing) => {
    const dir = copyFixture("styles/tool-object");
    const server = join(dir, "src/admin-server.ts");
    const expected = analyzeSession(openSession({ project: dir, cwd: dir, engine: "ts6" }), dir);
    writeFileSync(server, readFileSync(server, "utf8").replace(MAPPED_LISTING, listing));

    const session = openSession({ project: dir, cwd: dir, engine: "ts6" });
    const askedInMap: string[] = [];
    const getTypeAtLocation = session.checker.getTypeAtLocation.bind(session.checker);
    session.checker.getTypeAtLocation = (node: ts.Node) => {
      if (
        node.getSourceFile().fileName === server &&
        node.getText().includes("name") &&
        node.getStart() > readFileSync(server, "utf8").indexOf("allTools.map(")
      ) {
        askedInMap.push(node.getText());
      }
      return getTypeAtLocation(node);
    };
    const inventory = analyzeSession(session, dir);
    expect(askedInMap).toEqual([]);
    expect(inventory).toEqual(expected);
  });
});
