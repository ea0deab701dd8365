import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createInterface } from "node:readline/promises";
import { analyze } from "../analyze/analyze.js";
import { toPosixPath } from "../analyze/paths.js";
import { CONFIG_FILE_NAMES } from "../config/load-config.js";
import { InputError } from "../errors.js";
import { detectProtocolHints } from "../init/detect-protocol.js";
import { renderConfig } from "../init/render-config.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import { isProtocolId } from "../protocols/registry.js";
import type { ProtocolId } from "../protocols/protocol.js";
import type { Command } from "./command.js";

/** With no hint in the code, the Guidance Pattern: the smallest step, and it composes with AORP and SmartResponse later. */
const DEFAULT_PROTOCOL: ProtocolId = "guidance";

async function askProtocol(suggested: ProtocolId): Promise<ProtocolId> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await prompt.question(`Protocol (${PROTOCOL_IDS.join(", ")}) [${suggested}]: `)).trim();
    if (answer === "") return suggested;
    if (!isProtocolId(answer)) throw new InputError(`unknown protocol "${answer}"`);
    return answer;
  } finally {
    prompt.close();
  }
}

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
    if (flag !== undefined && !isProtocolId(flag)) throw new InputError(`unknown protocol "${flag}"; expected one of ${PROTOCOL_IDS.join(", ")}`);
    const projects = values["project"];
    const project = Array.isArray(projects) && projects.length > 0 ? String(projects[0]) : undefined;
    const { inventory, session } = analyze({ ...(project !== undefined ? { project } : {}), cwd: io.cwd });

    const toolFiles = new Map<string, string>();
    for (const tool of inventory.tools) {
      const path = join(session.rootDir, tool.file);
      if (!toolFiles.has(path)) toolFiles.set(path, readFileSync(path, "utf8"));
    }
    const hints = detectProtocolHints(toolFiles);
    let protocol: ProtocolId = flag ?? hints.find((h) => h.protocol !== "guidance")?.protocol ?? hints[0]?.protocol ?? DEFAULT_PROTOCOL;
    // Never ask when not on a terminal (CI, scripts) or when the flag already answered.
    if (io.isTTY && flag === undefined && !io.env["CI"]) protocol = await askProtocol(protocol);
    const guidance = (protocol === "aorp" || protocol === "smart-v2") && hints.some((h) => h.protocol === "guidance");
    const styles = [...new Set(inventory.tools.map((t) => t.style))].sort();

    const configPath = join(io.cwd, "mcp-conform.config.ts");
    const tsconfigRelative = toPosixPath(relative(io.cwd, session.tsconfigPath));
    writeFileSync(configPath, renderConfig({ protocol, guidance, project: tsconfigRelative === "tsconfig.json" ? null : tsconfigRelative, styles }));

    const packagePath = join(io.cwd, "package.json");
    const scriptsAdded: string[] = [];
    if (existsSync(packagePath)) {
      const text = readFileSync(packagePath, "utf8");
      let pkg: { scripts?: Record<string, string> };
      try {
        pkg = JSON.parse(text) as { scripts?: Record<string, string> };
      } catch (error) {
        throw new InputError(`package.json does not parse: ${error instanceof Error ? error.message : String(error)}`, { file: "package.json" });
      }
      pkg.scripts ??= {};
      for (const [name, command] of [["prebuild", "mcp-conform generate"], ["mcp:check", "mcp-conform check"]] as const) {
        if (pkg.scripts[name] === undefined) {
          pkg.scripts[name] = command;
          scriptsAdded.push(name);
        }
      }
      // Keep the file's own indentation.
      const indent = /\n(\s+)"/.exec(text)?.[1] ?? "  ";
      if (scriptsAdded.length > 0) writeFileSync(packagePath, `${JSON.stringify(pkg, null, indent)}\n`);
    }

    io.stdout(
      [
        `found ${inventory.tools.length} tool${inventory.tools.length === 1 ? "" : "s"} (${styles.join(", ") || "no styles"}) in ${inventory.project}`,
        hints.length > 0 ? `protocol hints: ${hints.map((h) => `${h.protocol} (${h.files} file${h.files === 1 ? "" : "s"})`).join(", ")}` : "no protocol hints in the code",
        `wrote mcp-conform.config.ts (protocol: ${protocol}${guidance ? ", guidance: true" : ""})`,
        scriptsAdded.length > 0 ? `added package.json scripts: ${scriptsAdded.join(", ")}` : "package.json scripts already present",
        "",
      ].join("\n"),
    );
    return 0;
  },
};
