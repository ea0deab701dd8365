import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinSources } from "../../src/generate/templates.js";
import { PROTOCOL_IDS } from "../../src/protocols/ids.js";
import { MIGRATIONS } from "../../src/protocols/migrations.js";
import { assertGuidanceComposes, carriesGuidance, getProtocol, PROTOCOLS } from "../../src/protocols/registry.js";
import { repoRoot } from "../helpers/fixtures.js";

const protocolsDir = join(repoRoot, "src", "protocols");

/** What a protocol folder must hold: the interface, the runtime users get, the schema, the generated code's templates. */
const EVERY_FOLDER_HOLDS = ["formatter.ts.hbs", "index.ts", "kit.ts.hbs", "migrate.ts", "runtime.ts", "schema.ts"];

describe("a protocol is one folder", () => {
  it("the registry lists one protocol per folder, in the ids' order", () => {
    const folders = readdirSync(protocolsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...folders].sort()).toEqual([...PROTOCOL_IDS].sort());
    expect(PROTOCOLS.map((protocol) => protocol.id)).toEqual(PROTOCOL_IDS);
  });

  it.each(PROTOCOL_IDS)("%s's folder provides its runtime, schema, templates, migration mapping and detection words", async (id) => {
    const protocol = getProtocol(id);
    const files = readdirSync(join(protocolsDir, id));
    for (const file of EVERY_FOLDER_HOLDS) expect(files, `${id}/${file}`).toContain(file);
    expect(protocol.runtimeSourcePath).toBe(`src/protocols/${id}/runtime.ts`);
    expect(protocol.runtimeSource()).toBe(readFileSync(join(protocolsDir, id, "runtime.ts"), "utf8"));
    // Its templates are the generator's, under the names templates.dir replaces them by.
    expect(builtinSources().get(`formatter.${id}.ts.hbs`)).toBe(readFileSync(join(protocolsDir, id, "formatter.ts.hbs"), "utf8"));
    expect(builtinSources().get(`kit.${id}.ts.hbs`)).toBe(readFileSync(join(protocolsDir, id, "kit.ts.hbs"), "utf8"));
    expect(protocol.detectionHints.length).toBeGreaterThan(0);
    // migrate's mapping onto its formatters: the one each folder exports, nothing else says how.
    const exported = Object.values((await import(pathToFileURL(join(protocolsDir, id, "migrate.ts")).href)) as object) as unknown[];
    expect(exported).toContain(MIGRATIONS[id]);
  });

  it("no module outside the folders switches on a protocol id: what differs per protocol lives in its folder", () => {
    const files = readdirSync(join(repoRoot, "src"), { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.startsWith(`protocols${sep}`),
    );
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(readFileSync(join(repoRoot, "src", file), "utf8"), file).not.toMatch(/case "(aorp|aop|acor|smart-v2|guidance)"/);
  });

  it("no protocol's templates live outside its folder", () => {
    expect(readdirSync(join(repoRoot, "src", "templates")).filter((name) => /^(formatter|kit)\./.test(name))).toEqual([]);
  });

  it("the guidance composition rule is stated once, from what the folders say", () => {
    expect(PROTOCOLS.filter((protocol) => protocol.composesWithGuidance).map((protocol) => protocol.id)).toEqual(["aorp", "smart-v2"]);
    expect(() => assertGuidanceComposes(getProtocol("acor"), "guidance: true")).toThrow("guidance: true composes only with aorp and smart-v2, not acor");
    expect(() => assertGuidanceComposes(getProtocol("guidance"), "guidance: true")).not.toThrow();
    expect(carriesGuidance({ protocol: "guidance", guidance: false })).toBe(true);
    expect(carriesGuidance({ protocol: "smart-v2", guidance: true })).toBe(true);
    expect(carriesGuidance({ protocol: "aop", guidance: true })).toBe(false);
  });
});
