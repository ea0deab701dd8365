/** What `init` does to package.json's scripts, and what it says about it. */
export interface ScriptsPlan {
  scripts: Record<string, string>;
  /** One line each, for the user. */
  notes: string[];
  changed: boolean;
}

const GENERATE = "mcp-conform generate";
const CHECK = "mcp-conform check";

/**
 * `generate` before every build (npm runs `prebuild` before `build`) and `mcp:check` for CI. A
 * `prebuild` the project already has keeps running: generate is chained after it. Without a
 * `build` script, `prebuild` would never run, and the user is told so.
 */
export function planScripts(existing: Record<string, string> | undefined): ScriptsPlan {
  const scripts = { ...existing };
  const notes: string[] = [];
  let changed = false;
  const prebuild = scripts["prebuild"];
  if (prebuild === undefined) {
    scripts["prebuild"] = GENERATE;
    changed = true;
    notes.push(`added the script "prebuild": "${GENERATE}"`);
  } else if (!prebuild.includes(GENERATE)) {
    scripts["prebuild"] = `${prebuild} && ${GENERATE}`;
    changed = true;
    notes.push(`chained generate into your prebuild script: "prebuild": "${scripts["prebuild"]}"`);
  } else {
    notes.push("your prebuild script already runs mcp-conform generate");
  }
  if (scripts["build"] === undefined) notes.push(`package.json has no "build" script, so "prebuild" never runs: run \`${GENERATE}\` where your build starts`);
  if (scripts["mcp:check"] === undefined) {
    scripts["mcp:check"] = CHECK;
    changed = true;
    notes.push(`added the script "mcp:check": "${CHECK}" (run it in CI)`);
  }
  return { scripts, notes, changed };
}
