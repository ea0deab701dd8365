import { describe, expect, it } from "vitest";
import { normalizeProjectDir } from "../../src/generate/config.js";
import { fileStems, importSpecifier, pascalCase, rewriteProjectImports } from "../../src/generate/paths.js";
import { InputError } from "../../src/errors.js";

describe("import specifiers (NodeNext)", () => {
  it("are relative, with the extension NodeNext resolves", () => {
    expect(importSpecifier("src/generated/mcp-conform/formatters/a.ts", "src/generated/mcp-conform/tools.ts")).toBe("../tools.js");
    expect(importSpecifier("src/generated/mcp-conform/tools.ts", "src/generated/mcp-conform/conform.ts")).toBe("./conform.js");
    expect(importSpecifier("src/guidance/a.ts", "src/generated/mcp-conform/kit.ts")).toBe("../generated/mcp-conform/kit.js");
    expect(importSpecifier("a.ts", "lib/b.mts")).toBe("./lib/b.mjs");
  });

  it("rewrite the analyser's project-rooted type imports relative to the generated file", () => {
    const text = 'import("~/src/tools/x.js").A<import("~/src/y.js").B> | import("zod").ZodType';
    expect(rewriteProjectImports(text, "src/generated/mcp-conform/tools.ts")).toBe(
      'import("../../tools/x.js").A<import("../../y.js").B> | import("zod").ZodType',
    );
    expect(rewriteProjectImports('import("~/types.js").T', "gen/tools.ts")).toBe('import("../types.js").T');
    expect(rewriteProjectImports('import("~/gen/types.js").T', "gen/tools.ts")).toBe('import("./types.js").T');
  });
});

describe("names", () => {
  it("PascalCase from any tool-name spelling", () => {
    expect(pascalCase("calculate_dcf")).toBe("CalculateDcf");
    expect(pascalCase("getForecast")).toBe("GetForecast");
    expect(pascalCase("kv.get-v2")).toBe("KvGetV2");
    expect(pascalCase("2fa_check")).toBe("2faCheck");
    expect(pascalCase("💥")).toMatch(/^Tool[0-9a-f]{8}$/);
  });

  it("file stems are the names, made safe, and hashed only when two would clash", () => {
    const stems = fileStems(["get_forecast", "Get_Forecast", "a/b", "kv.get"]);
    expect(stems.get("kv.get")).toBe("kv.get");
    expect(stems.get("a/b")).toBe("a_b");
    expect(stems.get("get_forecast")).toMatch(/^get_forecast-[0-9a-f]{8}$/);
    expect(stems.get("Get_Forecast")).toMatch(/^Get_Forecast-[0-9a-f]{8}$/);
    expect(fileStems(["get_forecast"]).get("get_forecast")).toBe("get_forecast");
  });
});

describe("output folders", () => {
  it("are normalised project-relative paths", () => {
    expect(normalizeProjectDir("./src/generated/", "output.dir")).toBe("src/generated");
    expect(normalizeProjectDir("src\\gen", "output.dir")).toBe("src/gen");
  });

  it("may not leave the project", () => {
    for (const bad of ["../out", "/abs/out", "C:/out", ".", ""]) expect(() => normalizeProjectDir(bad, "output.dir")).toThrow(InputError);
  });
});
