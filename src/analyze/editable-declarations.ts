import type { Project, ts } from "../compiler.cjs";
import { bindingKey, isPackageDeclaration } from "./compiler-host.js";

/**
 * The lib files and installed packages' declarations of migrate's editable ts-morph Projects,
 * parsed (and then bound) once per process, as compiler-host.ts does for the Programs that only
 * read. ts-morph has no option for it: its Project parses every file it reads through its own
 * DocumentRegistry, so each Project is given a registry that hands back the SourceFile an earlier
 * Project parsed from the same text under the same parse and binding options. Only declaration
 * files under a `node_modules` folder are shared (ts-morph serves its lib files from a
 * `node_modules/typescript/lib` path of its own); the user's files, which migrate edits, never are.
 *
 * Worth it where one process migrates many projects (the wire matrices migrate over a hundred copies in the
 * test workers; 0.3 s of the 2.3 s each took was parsing what the last one had parsed already).
 */
const declarations = new Map<string, { text: string; file: ts.SourceFile }>();

interface DocumentRegistry {
  createOrUpdateSourceFile(fileName: string, settings: ts.CompilerOptions, snapshot: ts.IScriptSnapshot, scriptKind: ts.ScriptKind | undefined): ts.SourceFile;
}

/** The registry of the pinned ts-morph (28.0.0): `project._context.compilerFactory.documentRegistry`. */
export function documentRegistryOf(project: Project): DocumentRegistry | undefined {
  const registry = (project as unknown as { _context?: { compilerFactory?: { documentRegistry?: DocumentRegistry } } })._context?.compilerFactory
    ?.documentRegistry;
  return typeof registry?.createOrUpdateSourceFile === "function" ? registry : undefined;
}

/** Makes `project` share declaration files; call it before the Project reads any file. Without the pinned internals it parses its own, as before. */
export function shareDeclarations(project: Project): void {
  const registry = documentRegistryOf(project);
  if (!registry) return;
  const own = registry.createOrUpdateSourceFile.bind(registry);
  registry.createOrUpdateSourceFile = (fileName, settings, snapshot, scriptKind) => {
    if (!isPackageDeclaration(fileName)) return own(fileName, settings, snapshot, scriptKind);
    const text = snapshot.getText(0, snapshot.getLength());
    // ts-morph parses with the target alone as the language version.
    const key = `${fileName}\0${scriptKind ?? ""}\0${bindingKey(settings, settings.target ?? 1)}`;
    const known = declarations.get(key);
    if (known && known.text === text) return known.file;
    const file = own(fileName, settings, snapshot, scriptKind);
    declarations.set(key, { text, file });
    return file;
  };
}
