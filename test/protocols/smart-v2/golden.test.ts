import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validateSmartResponseV2, validateSmartResponseV2At } from "../../../src/protocols/smart-v2/runtime.js";
import { smartV2Protocol } from "../../../src/protocols/smart-v2/index.js";
import { exampleManifest, fixturesDir, quickReference, readJson } from "./fixtures.js";

const manifest = exampleManifest();

describe("smart-v2 golden data: every example of the document", () => {
  it("lists every example file in the manifest (nothing extracted is left untested)", () => {
    const listed = new Set(manifest.flatMap((entry) => [entry.file, ...(entry.asPrinted ? [entry.asPrinted.file] : [])]));
    // The Task 3.4 dependency map and its graph are checked in dependency-graph.test.ts.
    const graphFiles = ["task-3.4-dependency-map.txt", "task-3.4-dependency-graph.json"];
    const onDisk = [
      ...readdirSync(join(fixturesDir, "examples")).filter((file) => file !== "manifest.json" && file !== "as-printed"),
      ...readdirSync(join(fixturesDir, "examples", "as-printed")).map((file) => `as-printed/${file}`),
    ].filter((file) => !graphFiles.includes(file));
    expect(onDisk.sort()).toEqual([...listed].sort());
    expect(manifest.length).toBe(17);
  });

  it.each(manifest.map((entry) => [entry.file, entry] as const))("%s validates with zero problems", (_file, entry) => {
    expect(validateSmartResponseV2At(entry.at, readJson("examples", entry.file))).toEqual([]);
  });

  const asPrinted = manifest.filter((entry) => entry.asPrinted !== undefined);
  it.each(asPrinted.map((entry) => [entry.asPrinted?.file, entry] as const))(
    "%s (as printed) reports exactly the field it omits (decision D17)",
    (_file, entry) => {
      const printed = entry.asPrinted!;
      expect(validateSmartResponseV2At(entry.at, readJson("examples", printed.file))).toEqual(printed.problems);
    },
  );

  it("the Quick Reference validates through the protocol object as an envelope and as a CallToolResult", () => {
    const envelope = quickReference();
    expect(smartV2Protocol.validate(envelope)).toEqual([]);
    const result = { content: [{ type: "text", text: JSON.stringify(envelope, null, 2) }], structuredContent: envelope };
    expect(smartV2Protocol.validate(result)).toEqual([]);
    expect(validateSmartResponseV2(envelope, { tools: ["calculate_pe_band", "calculate_dcf", "calculate_ddm"] })).toEqual([]);
  });
});
