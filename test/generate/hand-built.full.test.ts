import { afterAll, describe, it } from "vitest";
import { PROTOCOL_IDS } from "../../src/protocols/ids.js";
import { removeCopy } from "./harness.js";
import { customFoldersCompile, zodOutputSchemaCompiles } from "./hand-built.js";

/** generate.test.ts runs these for aorp; here, every other protocol. */
const others = PROTOCOL_IDS.filter((protocol) => protocol !== "aorp");

describe("a hand-built project under the real tsc, every other protocol", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach(removeCopy));

  it.each(others)("%s: custom folders, project types, no tools unused", (protocol) => customFoldersCompile(protocol, dirs));

  it.each(others)("%s: a registerTool with the zod outputSchema and a conforming handler compiles; another tool's result does not", (protocol) =>
    zodOutputSchemaCompiles(protocol, dirs),
  );
});
