import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { analyze } from "../analyze/analyze.js";
import { resolveTsconfigPath } from "../analyze/tsconfig-path.js";
import { toPosixPath } from "../analyze/paths.js";
import { didYouMean } from "../config/did-you-mean.js";
import { CONFIG_FILE_NAMES } from "../config/load-config.js";
import { InputError } from "../errors.js";
import { askProtocol } from "../init/ask-protocol.js";
import { writeConfigFile } from "../init/config-file.js";
import { detectProtocolHints } from "../init/detect-protocol.js";
import { editorPluginAdvice } from "../init/editor-plugin.js";
import { planScripts } from "../init/package-scripts.js";
import { renderConfig, renderJsonConfig } from "../init/render-config.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import { isProtocolId } from "../protocols/registry.js";
import type { ProtocolId } from "../protocols/protocol.js";
import type { Command } from "./command.js";
import { protocolGuidePath } from "./protocol-guide.js";

/** With no hint in the code, the Guidance Pattern: the smallest step, and it composes with AORP and SmartResponse later. */
const DEFAULT_PROTOCOL: ProtocolId = "guidance";

export const initCommand: Command = {
  name: "init",
  usage: "mcp-conform init [--project <tsconfig or dir>] [--protocol <id>] [--force]",
  options: { force: { type: "boolean" } },
  async run({ io, values }) {
    const existing = CONFIG_FILE_NAMES.map((name) => join(io.cwd, name)).find((path) => existsSync(path));
    if (existing && !values["force"]) {
      throw new InputError(`${relative(io.cwd, existing)} already exists; run with --force to replace it`, { file: relative(io.cwd, existing) });
    }
    const flag = values["protocol"] as string | undefined;
    if (flag !== undefined && !isProtocolId(flag)) {
      const suggestion = didYouMean(flag, PROTOCOL_IDS);
      throw new InputError(`unknown protocol "${flag}"${suggestion ? `; did you mean "${suggestion}"?` : ""} (expected one of ${PROTOCOL_IDS.join(", ")})`);
    }
    // Not through the config: init may be replacing one that does not load.
    const projects = values["project"];
    const project = resolveTsconfigPath(Array.isArray(projects) && projects.length > 0 ? String(projects[0]) : undefined, io.cwd);
    const { inventory, session } = analyze({ project, cwd: io.cwd });

    const toolFiles = new Map<string, string>();
    for (const tool of inventory.tools) {
      const path = join(session.rootDir, tool.file);
      if (!toolFiles.has(path)) toolFiles.set(path, readFileSync(path, "utf8"));
    }
    const hints = detectProtocolHints(toolFiles);
    let protocol: ProtocolId = flag ?? hints.find((h) => h.protocol !== "guidance")?.protocol ?? hints[0]?.protocol ?? DEFAULT_PROTOCOL;
    // Ask only a person: stdin and stdout both a terminal (not CI, not a pipe, not redirected input),
    // and only when the flag did not already answer.
    if (flag === undefined && io.isTTY && io.stdinIsTTY && io.prompt && !io.env["CI"]) {
      const answer = await askProtocol(io.prompt, io.stderr, protocol, protocolGuidePath(io.cwd));
      if (answer === null) throw new InputError(`no protocol chosen, nothing written: run \`mcp-conform init --protocol <${PROTOCOL_IDS.join("|")}>\``);
      protocol = answer;
    }
    const guidance = (protocol === "aorp" || protocol === "smart-v2") && hints.some((h) => h.protocol === "guidance");
    const styles = [...new Set(inventory.tools.map((t) => t.style))].sort();

    const tsconfigRelative = toPosixPath(relative(io.cwd, session.tsconfigPath));
    const decided = { protocol, guidance, project: tsconfigRelative === "tsconfig.json" ? null : tsconfigRelative };
    const written = writeConfigFile(io.cwd, session.tsconfigPath, { ts: renderConfig({ ...decided, styles }), json: renderJsonConfig(decided) }, existing);
    const configName = toPosixPath(relative(io.cwd, written.path));

    const packagePath = join(io.cwd, "package.json");
    const scriptNotes: string[] = [];
    if (existsSync(packagePath)) {
      const text = readFileSync(packagePath, "utf8");
      let pkg: { scripts?: Record<string, string> };
      try {
        pkg = JSON.parse(text) as { scripts?: Record<string, string> };
      } catch (error) {
        throw new InputError(`package.json does not parse: ${error instanceof Error ? error.message : String(error)}`, { file: "package.json" });
      }
      const plan = planScripts(pkg.scripts);
      scriptNotes.push(...plan.notes);
      // Keep the file's own indentation.
      const indent = /\n(\s+)"/.exec(text)?.[1] ?? "  ";
      if (plan.changed) writeFileSync(packagePath, `${JSON.stringify({ ...pkg, scripts: plan.scripts }, null, indent)}\n`);
    } else {
      scriptNotes.push("no package.json here: run `mcp-conform generate` before each build, and `mcp-conform check` in CI");
    }

    io.stdout(
      [
        `found ${inventory.tools.length} tool${inventory.tools.length === 1 ? "" : "s"} (${styles.join(", ") || "no styles"}) in ${inventory.project}`,
        hints.length > 0
          ? `protocol hints: ${hints.map((h) => `${h.protocol} (${h.files} file${h.files === 1 ? "" : "s"})`).join(", ")}`
          : "no protocol hints in the code",
        `wrote ${configName} (protocol: ${protocol}${guidance ? ", guidance: true" : ""})${written.reason ? `, not mcp-conform.config.ts: ${written.reason}` : ""}`,
        ...scriptNotes,
        `the five protocols, with an example response each and when to pick which: ${protocolGuidePath(io.cwd)}`,
        editorPluginAdvice(session.rootDir),
        "",
        "next: `mcp-conform generate` writes the formatters for every tool",
        "",
      ].join("\n"),
    );
    return 0;
  },
};
