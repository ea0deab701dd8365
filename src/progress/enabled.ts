/**
 * Whether a run may draw a progress line. A pure function of its surroundings so that the rule is
 * tested, not assumed. The line is for a person watching a terminal; anything read later or by a
 * program (a CI log, a pipe, JSON output) must stay exactly what the command prints.
 */
export interface ProgressSurroundings {
  /** Whether stderr, where the line is drawn, is a terminal. */
  isTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** The command prints machine-readable output (`--json`, `--format json`, ...). */
  machineOutput: boolean;
}

/** An environment flag is on when set to anything but empty, "0" or "false" (CI=false is common). */
function flagOn(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

export function progressEnabled({ isTTY, env, machineOutput }: ProgressSurroundings): boolean {
  if (!isTTY || machineOutput) return false;
  // CI runners sometimes allocate a pseudo-TTY; rewritten lines would litter the log.
  if (flagOn(env["CI"])) return false;
  // Our own opt-out, for people who record terminal sessions or simply dislike it.
  if (flagOn(env["MCP_CONFORM_NO_PROGRESS"])) return false;
  // A dumb terminal cannot clear a line: each redraw would pile up.
  if (env["TERM"] === "dumb") return false;
  return true;
}
