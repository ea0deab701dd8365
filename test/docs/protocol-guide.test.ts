import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROTOCOL_IDS } from "../../src/protocols/ids.js";
import { getProtocol } from "../../src/protocols/registry.js";
import { repoRoot } from "../helpers/fixtures.js";

/**
 * docs/protocols.md, the protocol guide `init` and `--help` point to: each example response in it
 * (a fenced block after an `<!-- example: <id> -->` comment) is valid for its protocol, by the same
 * validators `mcp-conform validate` runs, and every protocol has one.
 */
const guide = readFileSync(join(repoRoot, "docs", "protocols.md"), "utf8");
const examples = [...guide.matchAll(/<!-- example: ([\w-]+) -->\n(`{3,})\w*\n([\s\S]*?)\n\2\n/g)].map(([, id, , body]) => ({ id: id!, body: body! }));

describe("the protocol guide", () => {
  it("has an example response for every protocol", () => {
    expect([...new Set(examples.map((example) => example.id))].sort()).toEqual([...PROTOCOL_IDS].sort());
  });

  it.each(examples.map((example, index) => ({ ...example, index })))("example $index ($id) is a valid response", ({ id, body }) => {
    const protocol = getProtocol(id);
    expect(protocol.validate(protocol.kind === "json" ? JSON.parse(body) : body)).toEqual([]);
  });
});
