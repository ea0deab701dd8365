/**
 * A return that cannot conform, told by its syntax: `check` asks the checker whether each exit's
 * type is assignable to the tool's `ConformingResult`, and on a server not yet migrated nearly
 * every exit is a literal (`return { content: [...] }`). The target carries a brand keyed by a
 * `unique symbol` (conform.ts), which an object literal can only have by writing that key: a
 * literal whose keys are all written by name lacks a required property, so it is not assignable.
 * Saying so without the question saves one per exit: on TypeScript 7 a round trip each (2,001 at
 * the bench's json-zod-1000, about 0.3 s of its `check`), on TypeScript 6 about 0.15 s there.
 *
 * Whether the targets are branded is read from conform.ts's syntax, not assumed: a template
 * override that drops the brand, or maps `ConformingResults` to anything else, turns the shortcut
 * off and every exit is asked as before.
 */
import type { ts } from "../compiler.cjs";
import { SyntaxKind } from "../analyze/engine/ts6-enums.generated.js";
import {
  forEachChild,
  isAwaitExpression,
  isComputedPropertyName,
  isIdentifier,
  isObjectLiteralExpression,
  isParenthesizedExpression,
  isPropertySignature,
  isSatisfiesExpression,
  isSpreadAssignment,
  isTypeAliasDeclaration,
  isTypeLiteralNode,
  isTypeOperatorNode,
  isTypeReferenceNode,
  isVariableDeclaration,
  kindField,
  kindOf,
} from "../analyze/engine/ast.js";

/**
 * Whether every target in conform.ts is branded: `ConformingResult<N>` is (an intersection with) a
 * type literal with a required property keyed `[name]`, where `name` is a `unique symbol` const of
 * the file, and `ConformingResults` maps each tool name to `ConformingResult<N>`.
 */
export function hasBrandedTargets(conform: ts.SourceFile): boolean {
  const uniqueSymbols = new Set<string>();
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  const visit = (node: ts.Node): void => {
    if (isVariableDeclaration(node) && isIdentifier(node.name) && node.type && isUniqueSymbol(node.type)) uniqueSymbols.add(node.name.text);
    else if (isTypeAliasDeclaration(node)) aliases.set(node.name.text, node);
    else forEachChild(node, visit);
  };
  forEachChild(conform, visit);
  const result = aliases.get("ConformingResult");
  const results = aliases.get("ConformingResults");
  if (!result || !results || result.typeParameters?.length !== 1) return false;
  const members = kindOf(result.type) === SyntaxKind.IntersectionType ? (result.type as ts.IntersectionTypeNode).types : [result.type];
  const branded = members.some(
    (member) =>
      isTypeLiteralNode(member) &&
      member.members.some(
        (property) =>
          isPropertySignature(property) &&
          !isOptional(property) &&
          isComputedPropertyName(property.name) &&
          isIdentifier(property.name.expression) &&
          uniqueSymbols.has(property.name.expression.text),
      ),
  );
  return branded && mapsEveryNameTo(results, "ConformingResult");
}

/** A `?` property: TypeScript 7 holds the token as `postfixToken` (`?` or, on a class property, `!`). */
function isOptional(property: ts.PropertySignature): boolean {
  return property.questionToken !== undefined || (property as { postfixToken?: unknown }).postfixToken !== undefined;
}

/** `unique symbol`. */
function isUniqueSymbol(type: ts.TypeNode): boolean {
  return isTypeOperatorNode(type) && kindField(type, type.operator) === SyntaxKind.UniqueKeyword && kindOf(type.type) === SyntaxKind.SymbolKeyword;
}

/** `{ [N in ...]: <alias><N> }`, every property required. */
function mapsEveryNameTo(declaration: ts.TypeAliasDeclaration, alias: string): boolean {
  if (kindOf(declaration.type) !== SyntaxKind.MappedType) return false;
  const mapped = declaration.type as ts.MappedTypeNode;
  if (mapped.questionToken || !mapped.type || !isTypeReferenceNode(mapped.type)) return false;
  const { typeName, typeArguments } = mapped.type;
  const argument = typeArguments?.length === 1 ? typeArguments[0] : undefined;
  return (
    isIdentifier(typeName) &&
    typeName.text === alias &&
    argument !== undefined &&
    isTypeReferenceNode(argument) &&
    isIdentifier(argument.typeName) &&
    argument.typeName.text === mapped.typeParameter.name.text &&
    argument.typeArguments === undefined
  );
}

/**
 * An object literal whose keys are all written by name (no spread, no computed key), seen through
 * parentheses, `satisfies` and `await`: its type has exactly those properties, so no brand. One with
 * a `then` member is left to the checker: awaited, a thenable is what it resolves to.
 */
export function isLiteralWithoutBrand(expression: ts.Expression): boolean {
  let node = expression;
  while (isParenthesizedExpression(node) || isSatisfiesExpression(node) || isAwaitExpression(node)) node = node.expression;
  if (!isObjectLiteralExpression(node)) return false;
  return node.properties.every((property) => {
    if (isSpreadAssignment(property)) return false;
    const name = property.name;
    if (isComputedPropertyName(name)) return false;
    return (name as ts.Identifier | ts.StringLiteral | ts.NumericLiteral).text !== "then";
  });
}
