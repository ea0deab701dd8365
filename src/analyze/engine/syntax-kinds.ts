/** TypeScript 7's names for the kinds it renamed, as TypeScript 6 spells them: one name per kind. */
const RENAMED: Readonly<Record<string, string>> = { EndOfFile: "EndOfFileToken" };

/**
 * A compiler's SyntaxKind numbers by name. The two compilers number kinds differently
 * (`Identifier` is 80 in TypeScript 6 and 79 in 7) but name them alike, so the engines compare
 * kinds by name. Markers (`FirstStatement`, `LastToken`, ...) share a number with a real kind and
 * are never the name a number maps to. A kind TypeScript 7 renamed goes by its TypeScript 6 name.
 */
export function kindNames(syntaxKind: Record<string, string | number>): { nameOf(kind: number): string; kindOf(name: string): number | undefined } {
  const names: string[] = [];
  const kinds = new Map<string, number>();
  for (const [name, value] of Object.entries(syntaxKind)) {
    if (typeof value !== "number") continue;
    const marker = /^(First|Last)[A-Z]/.test(name) || name === "Count";
    if (!marker) {
      const canonical = RENAMED[name] ?? name;
      names[value] ??= canonical;
      kinds.set(canonical, value);
    }
  }
  return {
    nameOf: (kind) => names[kind] ?? `Unknown${kind}`,
    kindOf: (name) => kinds.get(name),
  };
}
