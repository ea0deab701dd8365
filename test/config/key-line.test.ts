import { describe, expect, it } from "vitest";
import { keyLine } from "../../src/config/validate-config.js";

describe("where a bad config key is written", () => {
  it("finds each key after its parent, quoted (JSON) or not (a .ts config)", () => {
    const json = '{\n  "protocol": "aorp",\n  "check": { "minCoverage": 90 },\n  "rules": {\n    "MCPC108": "warn",\n    "MCPC1O8": "off"\n  }\n}\n';
    expect(keyLine(json, ["rules", "MCPC1O8"])).toBe(6);
    expect(keyLine(json, ["check", "minCoverage"])).toBe(3);
    const ts = 'export default defineConfig({\n  protocol: "aorp",\n  output: {\n    dir: "src/gen",\n  },\n});\n';
    expect(keyLine(ts, ["output", "dir"])).toBe(4);
    // A key the text does not spell (built at run time) has no line, rather than a wrong one.
    expect(keyLine(ts, ["templates", "dir"])).toBeUndefined();
  });
});
