import { describe, expect, it } from "vitest";
import { progressEnabled } from "../../src/progress/enabled.js";

describe("progressEnabled", () => {
  const terminal = { isTTY: true, env: {}, machineOutput: false };

  it("draws on an interactive terminal", () => {
    expect(progressEnabled(terminal)).toBe(true);
    expect(progressEnabled({ ...terminal, env: { TERM: "xterm-256color" } })).toBe(true);
  });

  it("never when stderr is not a terminal (a pipe, a file, a CI log)", () => {
    expect(progressEnabled({ ...terminal, isTTY: false })).toBe(false);
  });

  it("never with machine-readable output (--json, --format json)", () => {
    expect(progressEnabled({ ...terminal, machineOutput: true })).toBe(false);
  });

  it("never in CI, even on a pseudo-terminal; CI=false or 0 or empty is not CI", () => {
    for (const value of ["true", "1", "yes", "TRUE", "github-actions"]) expect(progressEnabled({ ...terminal, env: { CI: value } }), value).toBe(false);
    for (const value of ["false", "FALSE", "0", ""]) expect(progressEnabled({ ...terminal, env: { CI: value } }), value).toBe(true);
  });

  it("never with MCP_CONFORM_NO_PROGRESS set, or on a dumb terminal", () => {
    expect(progressEnabled({ ...terminal, env: { MCP_CONFORM_NO_PROGRESS: "1" } })).toBe(false);
    expect(progressEnabled({ ...terminal, env: { MCP_CONFORM_NO_PROGRESS: "0" } })).toBe(true);
    expect(progressEnabled({ ...terminal, env: { TERM: "dumb" } })).toBe(false);
  });
});
