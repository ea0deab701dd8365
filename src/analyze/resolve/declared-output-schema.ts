import type { ts } from "../../compiler.cjs";
import { SymbolFlags, SyntaxKind, TypeFlags } from "../engine/ts6-enums.generated.js";
import type { DeclaredOutputSchema, JsonSchemaObject } from "../inventory.js";
import { calleeName, getPropertyNode, propertyNameText, unwrapExpression } from "../syntax.js";
import { schemaTypes } from "./input-params.js";
import { propertiesInOrder } from "./type-reference.js";
import type { TypeSchemaEmitter } from "./type-schema.js";
import {
  isArrayLiteralExpression,
  isCallExpression,
  isConstDeclaration,
  isElementAccessExpression,
  isIdentifier,
  isNumericLiteral,
  isObjectLiteralExpression,
  isPrefixUnaryExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isShorthandPropertyAssignment,
  isStringLiteralLike,
  isVariableDeclaration,
  kindField,
  kindOf,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/**
 * The `outputSchema` a tool declares, and what it accepts. A tool moved onto a protocol answers
 * with the protocol's envelope, and a schema the author wrote for the bare payload
 * (`outputSchema: z.object({ cities: ... })`) then rejects every answer: the SDK server turns it
 * into `Output validation error: ... expected array, received undefined`, the 1.x client throws.
 * `check` and `generate` judge it (src/check/output-schema.ts), `migrate` replaces it.
 */

/** The generated exports that hold ready output schemas, by the form each gives. */
export const GENERATED_OUTPUT_SCHEMA_EXPORTS: ReadonlySet<string> = new Set(["OUTPUT_SCHEMAS", "OUTPUT_ZOD_SCHEMAS", "OUTPUT_STANDARD_SCHEMAS"]);

function constInitializer(node: ts.Expression, checker: AnalysisChecker): ts.Expression | undefined {
  if (!isIdentifier(node)) return undefined;
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration || !isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  if (!isConstDeclaration(declaration)) return undefined;
  return unwrapExpression(declaration.initializer);
}

/**
 * The object literal a tool's declaration sits in: a ListTools entry (around `declaredAt`, the
 * low-level tool's name in it), a tool object (the registration), a `registerTool` config.
 */
function declarationObject(registration: ts.Node, declaredAt: ts.Node | undefined, checker: AnalysisChecker): ts.ObjectLiteralExpression | undefined {
  if (declaredAt) {
    for (let node = declaredAt.parent; node; node = node.parent) if (isObjectLiteralExpression(node)) return node;
    return undefined;
  }
  if (isObjectLiteralExpression(registration)) return registration;
  if (isCallExpression(registration) && calleeName(registration) === "registerTool" && registration.arguments[1]) {
    const config = unwrapExpression(registration.arguments[1]);
    if (isObjectLiteralExpression(config)) return config;
    const initializer = constInitializer(config, checker);
    return initializer && isObjectLiteralExpression(initializer) ? initializer : undefined;
  }
  return undefined;
}

/** The `outputSchema` property of a tool's declaration, when it has one. */
export function findOutputSchemaProperty(
  registration: ts.Node,
  declaredAt: ts.Node | undefined,
  checker: AnalysisChecker,
): ts.PropertyAssignment | ts.ShorthandPropertyAssignment | undefined {
  const object = declarationObject(registration, declaredAt, checker);
  const property = object ? getPropertyNode(object, "outputSchema") : undefined;
  return property && (isPropertyAssignment(property) || isShorthandPropertyAssignment(property)) ? property : undefined;
}

export function outputSchemaExpression(property: ts.PropertyAssignment | ts.ShorthandPropertyAssignment): ts.Expression {
  return unwrapExpression(isPropertyAssignment(property) ? property.initializer : property.name);
}

/**
 * `OUTPUT_ZOD_SCHEMAS.x`, `OUTPUT_STANDARD_SCHEMAS["x"]`, `OUTPUT_SCHEMAS.x` (also through
 * `fromJsonSchema(...)`): the generated schema of tool `x`. Read from the syntax, so it is
 * recognised before the generated output exists (a fresh clone that ignores it).
 */
export function generatedSchemaTool(expression: ts.Expression): string | undefined {
  let node = unwrapExpression(expression);
  if (isCallExpression(node) && calleeName(node) === "fromJsonSchema" && node.arguments[0]) node = unwrapExpression(node.arguments[0]);
  let owner: ts.Expression;
  let key: string | undefined;
  if (isPropertyAccessExpression(node)) {
    owner = unwrapExpression(node.expression);
    key = node.name.text;
  } else if (isElementAccessExpression(node) && isStringLiteralLike(node.argumentExpression)) {
    owner = unwrapExpression(node.expression);
    key = node.argumentExpression.text;
  } else {
    return undefined;
  }
  return isIdentifier(owner) && GENERATED_OUTPUT_SCHEMA_EXPORTS.has(owner.text) ? key : undefined;
}

/** A JSON value written as a literal (following consts); undefined when any part is not literal. */
function literalJson(node: ts.Expression, checker: AnalysisChecker, depth = 0): unknown {
  if (depth > 30) return undefined;
  const value = unwrapExpression(node);
  if (isStringLiteralLike(value)) return value.text;
  if (isNumericLiteral(value)) return Number(value.text);
  if (isPrefixUnaryExpression(value) && kindField(value, value.operator) === SyntaxKind.MinusToken && isNumericLiteral(value.operand))
    return -Number(value.operand.text);
  if (kindOf(value) === SyntaxKind.TrueKeyword) return true;
  if (kindOf(value) === SyntaxKind.FalseKeyword) return false;
  if (kindOf(value) === SyntaxKind.NullKeyword) return null;
  if (isArrayLiteralExpression(value)) {
    const items = value.elements.map((element) => literalJson(element, checker, depth + 1));
    return items.some((item) => item === undefined) ? undefined : items;
  }
  if (isObjectLiteralExpression(value)) {
    const object: JsonSchemaObject = {};
    for (const property of value.properties) {
      const name = propertyNameText(property.name);
      if (name === undefined || !isPropertyAssignment(property)) return undefined;
      const item = literalJson(property.initializer, checker, depth + 1);
      if (item === undefined) return undefined;
      object[name] = item;
    }
    return object;
  }
  const initializer = constInitializer(value, checker);
  return initializer ? literalJson(initializer, checker, depth + 1) : undefined;
}

function isRecord(value: unknown): value is JsonSchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON Schema literal (`{ type: "object", properties: ... }`), as SDK 1.x low-level listings write them. */
function jsonSchemaLiteral(expression: ts.Expression, checker: AnalysisChecker): JsonSchemaObject | undefined {
  const value = literalJson(expression, checker);
  return isRecord(value) && ("type" in value || "properties" in value || "$schema" in value) ? value : undefined;
}

function includesUndefined(type: ts.Type): boolean {
  if (type.flags & (TypeFlags.Undefined | TypeFlags.Any | TypeFlags.Unknown | TypeFlags.Void)) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & TypeFlags.Undefined) !== 0);
}

/**
 * What a schema value accepts, as JSON Schema: a JSON Schema literal (also inside
 * `fromJsonSchema(...)`) as written, a zod raw shape field by field, anything else (a zod
 * schema, a Standard Schema) from its parsed type. Null when its type says nothing (`unknown`).
 */
function acceptedSchema(expression: ts.Expression, checker: AnalysisChecker, schemas: TypeSchemaEmitter): JsonSchemaObject | null {
  const node = unwrapExpression(expression);
  const json =
    isCallExpression(node) && calleeName(node) === "fromJsonSchema" && node.arguments[0]
      ? jsonSchemaLiteral(node.arguments[0], checker)
      : jsonSchemaLiteral(node, checker);
  if (json) return json;
  const type = checker.getTypeAtLocation(node);
  const types = schemaTypes(type, checker, node);
  if (types) {
    const output = checker.getNonNullableType(types.output);
    if (output.flags & (TypeFlags.Any | TypeFlags.Unknown)) return null;
    return schemas.schema([output]);
  }
  // A zod raw shape (SDK 1.x `outputSchema: { field: z.string() }`): every property is a schema.
  const properties = propertiesInOrder(type, checker);
  if (properties.length === 0) return null;
  const shape: JsonSchemaObject = {};
  const required: string[] = [];
  for (const symbol of properties) {
    const field = schemaTypes(checker.getTypeOfSymbolAtLocation(symbol, node), checker, node);
    if (!field) return null;
    shape[symbol.name] = schemas.schema([checker.getNonNullableType(field.output)]);
    if (!includesUndefined(field.output)) required.push(symbol.name);
  }
  return { type: "object", properties: shape, required };
}

/** The tool's declared `outputSchema`, or undefined when it declares none. */
export function declaredOutputSchema(
  registration: ts.Node,
  declaredAt: ts.Node | undefined,
  checker: AnalysisChecker,
  schemas: TypeSchemaEmitter,
  where: (node: ts.Node) => { file: string; line: number },
): DeclaredOutputSchema | undefined {
  const property = findOutputSchemaProperty(registration, declaredAt, checker);
  if (!property) return undefined;
  const expression = outputSchemaExpression(property);
  const generatedFor = generatedSchemaTool(expression) ?? null;
  return { ...where(property), generatedFor, schema: generatedFor === null ? acceptedSchema(expression, checker, schemas) : null };
}
