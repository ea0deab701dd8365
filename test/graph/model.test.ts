import { describe, expect, it } from "vitest";
import { buildToolGraph, isKey, paramJsonTypes } from "../../src/graph/model.js";
import { inventory, objectPayload, param, tool } from "../generate/inventory-builders.js";

const fetch = tool("fetch_stock", {
  input: [param("symbol", "string")],
  payload: objectPayload({ symbol: { type: "string" }, price: { type: "number" }, history: { type: "array", items: { type: "number" } } }),
});
const value = tool("value_stock", {
  input: [param("symbol", "string"), param("price", "number"), param("growth", "number", true)],
  payload: objectPayload({ fair: { type: "number" } }),
});
const chart = tool("chart", {
  input: [param("history", "string")],
  payload: objectPayload({ png: { type: "string" } }),
});
const help = tool("help", { payload: objectPayload({ symbol: { type: "string" }, price: { type: "number" } }) });

describe("data edges", () => {
  it("link a payload that covers every required param by name and JSON type", () => {
    const graph = buildToolGraph(inventory([value, fetch, chart, help]).tools);
    // chart requires a string `history`; fetch_stock's `history` is an array: no edge.
    expect(graph.edges).toEqual([
      { from: "fetch_stock", to: "value_stock", kind: "data" },
      { from: "help", to: "fetch_stock", kind: "data" },
      { from: "help", to: "value_stock", kind: "data" },
    ]);
  });

  it("need every required param (optional ones do not count) and skip tools without required params", () => {
    const node = buildToolGraph([fetch, value, help]).nodes.find((n) => n.name === "value_stock")!;
    expect(node.requires).toEqual(["price", "symbol"]);
    expect(node.dependsOn).toEqual([
      { tool: "fetch_stock", kind: "data" },
      { tool: "help", kind: "data" },
    ]);
    // help requires nothing: no tool "covers" it.
    expect(buildToolGraph([fetch, value, help]).nodes.find((n) => n.name === "help")!.dependsOn).toEqual([]);
  });

  it("need a producer to contribute a field of its own, not only echo its input back", () => {
    const orderA = tool("get_order", {
      input: [param("orderId", "string")],
      payload: objectPayload({ orderId: { type: "string" }, total: { type: "number" } }),
    });
    const orderB = tool("ship_order", {
      input: [param("orderId", "string")],
      payload: objectPayload({ orderId: { type: "string" }, tracking: { type: "string" } }),
    });
    const create = tool("create_order", { input: [param("sku", "string")], payload: objectPayload({ orderId: { type: "string" } }) });
    const edges = buildToolGraph([orderA, orderB, create]).edges;
    // get_order and ship_order only echo orderId: no edge between them either way.
    expect(edges).toEqual([
      { from: "create_order", to: "get_order", kind: "data" },
      { from: "create_order", to: "ship_order", kind: "data" },
    ]);
  });

  it("do not run from a tool that hands back an entity to the tool that makes it (the note server)", () => {
    const note = objectPayload({
      id: { type: "string" },
      title: { type: "string" },
      body: { type: "string" },
      tags: { type: "array", items: { type: "string" } },
    });
    const create = tool("create_note", { input: [param("title", "string"), param("body", "string"), param("tags", "string[]", true)], payload: note });
    const get = tool("get_note", { input: [param("id", "string")], payload: note });
    const update = tool("update_note", { input: [param("id", "string"), param("title", "string", true)], payload: note });
    const remove = tool("delete_note", { input: [param("id", "string")], payload: objectPayload({ deleted: { type: "string" }, title: { type: "string" } }) });
    // get_note's title and body cover create_note's input, but create_note stored them: only the id
    // it makes flows on. update_note echoes a whole note too.
    expect(buildToolGraph([create, get, update, remove]).edges).toEqual([
      { from: "create_note", to: "delete_note", kind: "data" },
      { from: "create_note", to: "get_note", kind: "data" },
      { from: "create_note", to: "update_note", kind: "data" },
    ]);
  });

  it("still run from a lookup to a maker that does not hand back what it is given", () => {
    // Without `title` and `body` in its own payload, create_note does not store what get_note returns.
    const note = objectPayload({ id: { type: "string" }, title: { type: "string" }, body: { type: "string" } });
    const create = tool("create_note", { input: [param("title", "string"), param("body", "string")], payload: objectPayload({ id: { type: "string" } }) });
    const get = tool("get_note", { input: [param("id", "string")], payload: note });
    expect(buildToolGraph([create, get]).edges).toEqual([
      { from: "create_note", to: "get_note", kind: "data" },
      { from: "get_note", to: "create_note", kind: "data" },
    ]);
  });

  it.each([
    ["id", true],
    ["task_id", true],
    ["orderId", true],
    ["noteIDs", true],
    ["uuid", true],
    ["apiKey", true],
    ["title", false],
    ["paid", false],
    ["valid", false],
  ])("take %s for a key: %s", (name, expected) => {
    expect(isKey(name)).toBe(expected);
  });

  it("read provides from properties every alternative of a union payload declares", () => {
    const union = tool("u", {
      payload: {
        type: { text: "A | B", exact: true },
        schema: {
          anyOf: [
            { type: "object", properties: { id: { type: "string" }, a: { type: "number" } }, required: ["id"] },
            { type: "object", properties: { id: { type: "string" }, b: { type: "number" } }, required: ["id"] },
          ],
        },
      },
    });
    expect(buildToolGraph([union]).nodes[0]!.provides).toEqual(["id"]);
  });
});

describe("reference edges", () => {
  it("point from the callee to the caller, and from the mentioning tool to the mentioned one", () => {
    const a = tool("a", {
      references: [
        { tool: "b", file: "src/a.ts", line: 3, kind: "calls", via: "call" },
        { tool: "c", file: "src/a.ts", line: 9, kind: "mentions", via: "next-steps" },
        { tool: "missing", file: "src/a.ts", line: 10, kind: "mentions", via: "text" },
        { tool: "a", file: "src/a.ts", line: 11, kind: "mentions", via: "text" },
      ],
    });
    const graph = buildToolGraph([a, tool("b"), tool("c")]);
    expect(graph.edges).toEqual([
      { from: "a", to: "c", kind: "mentions" },
      { from: "b", to: "a", kind: "calls" },
    ]);
    expect(graph.nodes.find((n) => n.name === "a")).toMatchObject({
      dependsOn: [{ tool: "b", kind: "calls" }],
      feeds: [{ tool: "c", kind: "mentions" }],
    });
  });
});

describe("param JSON types", () => {
  it.each([
    ["string", ["string"]],
    ['"asc" | "desc"', ["string"]],
    ["number | null", ["number", "null"]],
    ["string[]", ["array"]],
    ["Array<{ a: string }>", ["array"]],
    ["{ a: string | number }", ["object"]],
    ["true", ["boolean"]],
    ["Foo", null],
  ])("%s", (text, expected) => {
    const types = paramJsonTypes(text);
    expect(types === null ? null : [...types].sort()).toEqual(expected === null ? null : [...expected].sort());
  });
});
