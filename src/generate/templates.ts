import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type HandlebarsApi from "handlebars";
import { join, resolve } from "node:path";
import { didYouMean } from "../config/did-you-mean.js";
import { InputError } from "../errors.js";
import { Handlebars } from "./handlebars.js";
import { packageRoot } from "../package-root.js";
import { PROTOCOL_IDS } from "../protocols/ids.js";
import type { ProtocolId } from "../protocols/protocol.js";
import { templateHelpers } from "../templates/helpers.js";

/**
 * The Handlebars templates of `src/templates/`, and each protocol's own in its folder
 * (`src/protocols/<id>/formatter.ts.hbs` and `kit.ts.hbs`, named `formatter.<id>.ts.hbs` and
 * `kit.<id>.ts.hbs`). A file `_name.hbs` is the partial `name`; every other `*.hbs` file is a
 * template rendered by its name. A user's `templates.dir` may hold a
 * file of the same name as any built-in one (partials included) to replace it; a file that matches
 * no built-in name is a config error, so a typo never silently falls back to the built-in.
 */

export const BUILTIN_TEMPLATES_DIR = join(packageRoot, "src", "templates");

/** The templates each protocol folder holds, by the file name there; rendered as `<stem>.<id>.ts.hbs`. */
const PROTOCOL_TEMPLATES = ["formatter.ts.hbs", "kit.ts.hbs"];

/** `formatter.ts.hbs` of the aorp folder is `formatter.aorp.ts.hbs`. */
export function protocolTemplateName(fileName: string, id: ProtocolId): string {
  return fileName.replace(/\.ts\.hbs$/, `.${id}.ts.hbs`);
}

export interface TemplateSet {
  /** Render the template `name` (e.g. `tools.ts.hbs`) with `context`. */
  render(name: string, context: object): string;
  /** Whether a template of that name exists. */
  has(name: string): boolean;
}

function readTemplates(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".hbs")) files.set(name, readFileSync(join(dir, name), "utf8"));
  }
  return files;
}

let builtins: Map<string, string> | undefined;

/** Every built-in template's text by its name (the names `templates.dir` may replace). */
export function builtinSources(): Map<string, string> {
  if (builtins === undefined) {
    builtins = readTemplates(BUILTIN_TEMPLATES_DIR);
    for (const id of PROTOCOL_IDS) {
      for (const fileName of PROTOCOL_TEMPLATES)
        builtins.set(protocolTemplateName(fileName, id), readFileSync(join(packageRoot, "src", "protocols", id, fileName), "utf8"));
    }
  }
  return builtins;
}

function overrideSources(dir: string): Map<string, string> {
  const absolute = resolve(dir);
  if (!existsSync(absolute) || !statSync(absolute).isDirectory()) {
    throw new InputError(`templates.dir "${dir}" is not a folder`);
  }
  const overrides = readTemplates(absolute);
  const known = [...builtinSources().keys()];
  for (const name of overrides.keys()) {
    if (!builtinSources().has(name)) {
      const suggestion = didYouMean(name, known);
      throw new InputError(
        `template "${name}" replaces no built-in template${suggestion ? `; did you mean "${suggestion}"?` : ""} (built-in: ${known.join(", ")})`,
        { file: join(dir, name) },
      );
    }
  }
  return overrides;
}

/** The built-in templates, with those of `overrideDir` (when given) in their place. */
export function loadTemplates(overrideDir?: string): TemplateSet {
  const sources = new Map(builtinSources());
  if (overrideDir !== undefined) for (const [name, text] of overrideSources(overrideDir)) sources.set(name, text);

  const env = Handlebars.create();
  for (const [name, helper] of Object.entries(templateHelpers)) env.registerHelper(name, helper as HandlebarsApi.HelperDelegate);
  for (const [name, text] of sources) {
    if (name.startsWith("_")) env.registerPartial(name.slice(1, -".hbs".length), text);
  }
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return {
    has: (name) => sources.has(name) && !name.startsWith("_"),
    render(name, context) {
      let template = compiled.get(name);
      if (template === undefined) {
        const source = sources.get(name);
        if (source === undefined || name.startsWith("_")) throw new Error(`mcp-conform: no template named ${name}`);
        template = env.compile(source, { noEscape: true, strict: true });
        compiled.set(name, template);
      }
      try {
        return template(context);
      } catch (error) {
        throw new InputError(`template ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
