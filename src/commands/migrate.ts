import { relative } from "node:path";
import { toPosixPath } from "../analyze/paths.js";
import { loadConfig } from "../config/load-config.js";
import { InputError } from "../errors.js";
import { formatTypeError, planDiff, planSummary, runMigration } from "../migrate/run.js";
import type { Command } from "./command.js";
import { resolveProjectArgs } from "./project-args.js";
import { resolveGenerateConfig } from "./resolve-generate-config.js";

export const migrateCommand: Command = {
  name: "migrate",
  usage: "mcp-conform migrate [--project <tsconfig or dir>] [--config <file>] [--protocol <id>] [--write [--force]] [--no-format] [--no-typecheck]",
  options: { write: { type: "boolean" }, force: { type: "boolean" }, "no-format": { type: "boolean" }, "no-typecheck": { type: "boolean" } },
  async run({ io, values }) {
    if (values["force"] && !values["write"]) throw new InputError("--force only matters with --write (it allows rewriting files with uncommitted changes)");
    if (values["no-typecheck"] && values["write"])
      throw new InputError("--no-typecheck is for a dry run: --write always type-checks what it wrote, and puts everything back on a new error");
    const { config, path: configPath } = await loadConfig(values["config"] as string | undefined, io.cwd);
    const projects = await resolveProjectArgs(values, io.cwd);
    const generateConfig = resolveGenerateConfig(values, config, configPath, io.cwd);
    let exitCode = 0;
    for (const project of projects) {
      const result = await runMigration({
        project,
        cwd: io.cwd,
        config: generateConfig,
        write: values["write"] === true,
        force: values["force"] === true,
        format: !values["no-format"],
        typecheck: !values["no-typecheck"],
      });
      const { plan, root } = result;
      // Labelled by its tsconfig, like the other commands' output.
      const where = toPosixPath(relative(io.cwd, project));
      if (!values["write"]) {
        const diff = planDiff(plan, root);
        if (diff) io.stdout(diff);
        const failing = result.wouldRollBack ?? [];
        if (failing.length > 0) {
          // Honest: a run that --write would roll back migrates nothing, whatever the plan counted.
          io.stdout(
            `${where}: ${planSummary(plan).replace(/^(\d+) tools? migrated/, (_, count: string) => `0 tools migrated (the plan for ${count} fails to type-check)`)}\n`,
          );
          io.stdout(
            `${where}: dry run: --write would fail: the migration introduces ${failing.length} type error${failing.length === 1 ? "" : "s"}, for which it would put every file back:\n`,
          );
          for (const error of failing) io.stdout(`  ${formatTypeError(error)}\n`);
          exitCode = 1;
          continue;
        }
        io.stdout(`${where}: ${planSummary(plan)}\n`);
        const verdict = result.wouldRollBack === null ? " (not type-checked: --no-typecheck)" : ", and tsc would pass (checked in memory)";
        io.stdout(
          plan.files.size === 0
            ? `${where}: nothing to change\n`
            : `${where}: dry run: ${plan.files.size} file${plan.files.size === 1 ? "" : "s"} would change${verdict}; run with --write to apply\n`,
        );
        continue;
      }
      if (result.rolledBack) {
        io.stderr(
          `${where}: the migration introduced ${result.rolledBack.length} type error${result.rolledBack.length === 1 ? "" : "s"}; every file was put back as it was:\n`,
        );
        for (const error of result.rolledBack) io.stderr(`  ${formatTypeError(error)}\n`);
        io.stdout(`${where}: ${planSummary(plan)}\n`);
        exitCode = 1;
        continue;
      }
      io.stdout(`${where}: ${planSummary(plan)}\n`);
      io.stdout(
        result.written.length === 0
          ? `${where}: nothing to change\n`
          : `${where}: wrote ${result.written.length} file${result.written.length === 1 ? "" : "s"} (${result.written.join(", ")}), regenerated the output, and tsc found no new errors\n`,
      );
    }
    return exitCode;
  },
};
