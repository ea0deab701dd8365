import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "./ts6-enums.generated.js";
import {
  isComputedPropertyName,
  isIdentifier,
  isInterfaceDeclaration,
  isObjectLiteralExpression,
  isSpreadAssignment,
  isStringLiteral,
  isTypeLiteralNode,
  kindOf,
} from "./ast.js";

/**
 * What an object type's declarations say of its members, when they say it all: so that the
 * TypeScript 7 engine answers "has it call, construct or index signatures, or a `toJSON`?" without
 * a round trip to the compiler (the schema emitter asks it of every object type it meets).
 */
export interface WrittenShape {
  /** The members' names as written; undefined when one may not be known by its text (computed, numeric). */
  readonly names: ReadonlySet<string> | undefined;
  readonly call: boolean;
  readonly construct: boolean;
  readonly index: boolean;
}

/**
 * The shape the declarations write, when they are all the type has: interfaces without `extends`
 * (merged ones together), object type literals and object literals without spreads. Anything else
 * (a class, an interface that inherits, a mapped type) is undefined: ask the compiler.
 */
export function writtenShape(declarations: readonly ts.Node[]): WrittenShape | undefined {
  if (declarations.length === 0) return undefined;
  const names = new Set<string>();
  let known = true;
  let call = false;
  let construct = false;
  let index = false;
  const named = (name: ts.Node | undefined): void => {
    if (name !== undefined && (isIdentifier(name) || isStringLiteral(name))) names.add(name.text);
    else known = false;
    // `{ [key]: value }` with a key of type string gives an object literal an index signature.
    if (name !== undefined && isComputedPropertyName(name)) index = true;
  };
  for (const declaration of declarations) {
    if ((isInterfaceDeclaration(declaration) && !declaration.heritageClauses?.length) || isTypeLiteralNode(declaration)) {
      for (const member of declaration.members) {
        const kind = kindOf(member);
        if (kind === SyntaxKind.CallSignature) call = true;
        else if (kind === SyntaxKind.ConstructSignature) construct = true;
        else if (kind === SyntaxKind.IndexSignature) index = true;
        else named(member.name);
      }
    } else if (isObjectLiteralExpression(declaration)) {
      for (const property of declaration.properties) {
        if (isSpreadAssignment(property)) return undefined;
        named(property.name);
      }
    } else {
      return undefined;
    }
  }
  return { names: known ? names : undefined, call, construct, index };
}
