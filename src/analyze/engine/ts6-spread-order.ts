import type { ts } from "../../compiler.cjs";
import { isObjectLiteralExpression, isSpreadAssignment } from "./ast.js";
import type { AnalysisChecker } from "./engine.js";

/**
 * TypeScript 6's checker with `propertiesOfSpreadOrRest`. Both compilers build an object literal
 * that spreads (`{ ...LIMITS, unit }`) and an object rest (`const { id, ...rest } = doc`) from a
 * table of properties, and list them differently: TypeScript 6 in the order it filled the table
 * (what follows a spread first: `unit, soft, hard`; a class's own fields before inherited ones),
 * TypeScript 7 sorted by where each property is declared (`soft, hard, unit`: its
 * `compareSymbols`, by the file's place in the program, then the position; undeclared ones after,
 * by name). This lists TypeScript 6's the way TypeScript 7 does. The other calls are the checker's own.
 */
export function withSpreadOrder(checker: ts.TypeChecker, program: ts.Program): AnalysisChecker {
  const extended = Object.create(checker) as AnalysisChecker;
  let fileIndex: Map<string, number> | undefined;
  const indexOf = (fileName: string): number => {
    fileIndex ??= new Map(program.getSourceFiles().map((file, index) => [file.fileName, index]));
    return fileIndex.get(fileName) ?? Number.MAX_SAFE_INTEGER;
  };
  extended.propertiesOfSpreadOrRest = (type, properties) => {
    if (!isSpreadingLiteral(type) && !(objectFlagsOf(type) & ObjectRestType)) return undefined;
    const keyed = (properties ?? checker.getPropertiesOfType(type)).map((property, index) => {
      const declaration = property.declarations?.[0];
      return { property, index, file: declaration ? indexOf(declaration.getSourceFile().fileName) : -1, pos: declaration?.pos ?? -1 };
    });
    return keyed
      .sort((a, b) => {
        if (a.file < 0 !== b.file < 0) return a.file < 0 ? 1 : -1;
        if (a.file < 0) return a.property.name < b.property.name ? -1 : a.property.name > b.property.name ? 1 : a.index - b.index;
        return a.file - b.file || a.pos - b.pos || a.index - b.index;
      })
      .map((entry) => entry.property);
  };
  return extended;
}

/** `ts.ObjectFlags.ObjectRestType`, read as a number: this module imports TypeScript's types only. */
const ObjectRestType = 1 << 22;

function objectFlagsOf(type: ts.Type): number {
  return (type as { objectFlags?: number }).objectFlags ?? 0;
}

/** An object literal's type (its symbol is `__object`, widened or not) whose literal spreads something. */
function isSpreadingLiteral(type: ts.Type): boolean {
  if (type.symbol?.name !== "__object") return false;
  const declaration = type.symbol.declarations?.[0];
  return declaration !== undefined && isObjectLiteralExpression(declaration) && declaration.properties.some((element) => isSpreadAssignment(element));
}
