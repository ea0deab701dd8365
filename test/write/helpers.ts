import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import * as realPrettier from "prettier";
import { generatedHeader } from "../../src/write/header.js";
import type { LoadedPrettier, PrettierApi } from "../../src/write/format.js";

/** A throw-away project folder under the OS temp dir (no node_modules above it: no default cache). */
export async function tempProject(): Promise<{ root: string; cleanup(): Promise<void> }> {
  const root = await mkdtemp(join(tmpdir(), "mcp-conform-write-"));
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export async function put(root: string, rel: string, content: string): Promise<void> {
  const path = join(root, rel);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

/**
 * Every file under `dir` (dotfiles included), keyed by `/`-separated relative path, plus every
 * folder as `path/` with an empty value, so a left-over empty folder shows.
 */
export async function tree(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        files.set(`${relative(dir, path).split(sep).join("/")}/`, "");
        await walk(path);
      } else files.set(relative(dir, path).split(sep).join("/"), await readFile(path, "utf8"));
    }
  };
  await walk(dir);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Unformatted TypeScript the way a template might render it, with our header. */
/** `<name>.ts` → a generated formatter module, for each name. */
export function generatedFiles(...names: string[]): Map<string, string> {
  return new Map(names.map((name) => [`${name}.ts`, generatedTs(name)]));
}

export function generatedTs(name: string, extra = ""): string {
  return `${generatedHeader()}import type {Payload} from "../payload.js"\nexport function format_${name.replace(/\W/g, "_")}(payload:Payload,options:{keyInsight:string,nextSteps?:string[]}){return {structuredContent:{status:"ok",payload,keyInsight:options.keyInsight,nextSteps:options.nextSteps??[]},content:[{type:"text" as const,text:"${name}"}]}}\n${extra}`;
}

export interface CountingPrettier {
  load(): Promise<LoadedPrettier>;
  loads: number;
  resolves: number;
  formats: string[];
}

/** The real Prettier, counting imports, config resolutions and formatted files. */
export function countingPrettier(): CountingPrettier {
  const counter: CountingPrettier = {
    loads: 0,
    resolves: 0,
    formats: [],
    async load() {
      counter.loads++;
      const api: PrettierApi = {
        version: realPrettier.version,
        resolveConfig: (file, options) => {
          counter.resolves++;
          return realPrettier.resolveConfig(file, options);
        },
        format: (source, options) => {
          counter.formats.push(String(options["filepath"]));
          return realPrettier.format(source, options);
        },
        clearConfigCache: () => realPrettier.clearConfigCache(),
      };
      return { api, bundled: false };
    },
  };
  return counter;
}
