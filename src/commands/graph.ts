import { analyze } from "../analyze/analyze.js";
import { analysisEngine, ENGINE_OPTION } from "./engine-option.js";
import { didYouMean } from "../config/did-you-mean.js";
import { InputError } from "../errors.js";
import { GRAPH_FORMATS, renderGraph, type GraphFormat } from "../graph/index.js";
import type { Command } from "./command.js";
import { resolveProjectArgs } from "./project-args.js";

export const graphCommand: Command = {
  name: "graph",
  usage: "mcp-conform graph [--project <tsconfig or dir>] [--format mermaid|dot|json|html] [--engine ts6|ts7]",
  options: { format: { type: "string" }, ...ENGINE_OPTION },
  async run({ io, values }) {
    const format = (values["format"] as string | undefined) ?? "mermaid";
    if (!(GRAPH_FORMATS as readonly string[]).includes(format)) {
      const suggestion = didYouMean(format, GRAPH_FORMATS);
      throw new InputError(
        `unknown graph format "${format}"${suggestion ? `; did you mean "${suggestion}"?` : ""} (expected one of ${GRAPH_FORMATS.join(", ")})`,
      );
    }
    const projects = await resolveProjectArgs(values, io.cwd);
    if (projects.length !== 1) throw new InputError("graph draws one project at a time; pass a single --project");
    const project = projects[0]!;
    const { inventory, session } = analyze({ project, cwd: io.cwd, engine: await analysisEngine(values, project, io.stderr) });
    session.close();
    io.stdout(await renderGraph(inventory, format as GraphFormat));
    return 0;
  },
};
