import { ts } from "ts-morph";
import type { InputParam } from "../inventory.js";
import { getPropertyValue, literalText, propertyNameText, unwrapExpression } from "../syntax.js";
import { isJsonSchemaLiteral, jsonSchemaProperties } from "./json-schema-type.js";
import { readZodParam } from "./zod-syntax.js";
import { withoutUndefined } from "./type-text.js";

export interface ResolvedInput {
  params: InputParam[];
  /** True when the schema's form was not recognised (the params are then empty, not "none"). */
  unrecognised: boolean;
}

function propertyType(type: ts.Type, key: string, checker: ts.TypeChecker, at: ts.Node): ts.Type | undefined {
  const symbol = checker.getPropertyOfType(checker.getNonNullableType(type), key);
  return symbol ? checker.getTypeOfSymbolAtLocation(symbol, at) : undefined;
}

/**
 * The parsed (output) and accepted (input) types of a schema value, through whichever door it
 * offers: zod 3 (`_output`/`_input`), zod 4 (`_zod.output`/`_zod.input`), or any Standard Schema
 * (`~standard.types`). Output gives the param's type; input decides whether callers may omit it.
 */
export function schemaTypes(type: ts.Type, checker: ts.TypeChecker, at: ts.Node): { output: ts.Type; input: ts.Type } | undefined {
  const output3 = propertyType(type, "_output", checker, at);
  const input3 = propertyType(type, "_input", checker, at);
  if (output3 && input3) return { output: output3, input: input3 };
  const zod4 = propertyType(type, "_zod", checker, at);
  if (zod4) {
    const output = propertyType(zod4, "output", checker, at);
    const input = propertyType(zod4, "input", checker, at);
    if (output && input) return { output, input };
  }
  const standard = propertyType(type, "~standard", checker, at);
  const types = standard ? propertyType(standard, "types", checker, at) : undefined;
  if (types) {
    const output = propertyType(types, "output", checker, at);
    const input = propertyType(types, "input", checker, at);
    if (output && input) return { output, input };
  }
  return undefined;
}

function includesUndefined(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Void)) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & ts.TypeFlags.Undefined) !== 0);
}

/** `.describe("...")` anywhere in a zod chain (`z.string().describe("City").optional()`). */
function zodDescription(node: ts.Node): string | undefined {
  let current: ts.Node = ts.isExpression(node) ? unwrapExpression(node) : node;
  while (ts.isCallExpression(current)) {
    const callee = unwrapExpression(current.expression);
    if (!ts.isPropertyAccessExpression(callee)) break;
    if (callee.name.text === "describe") {
      const text = literalText(current.arguments[0]);
      if (text !== undefined) return text;
    }
    current = unwrapExpression(callee.expression);
  }
  return undefined;
}

export interface InputResolutionOptions {
  /** Read plain zod chains from the syntax (see zod-syntax.ts); tests turn it off to compare with the checker. */
  zodSyntax?: boolean;
}

function paramFromSchema(name: string, schemaNode: ts.Node, checker: ts.TypeChecker, description: string | undefined, options: InputResolutionOptions): InputParam | undefined {
  const fromSyntax = options.zodSyntax === false ? undefined : readZodParam(schemaNode);
  if (fromSyntax) {
    const describedAs = description ?? fromSyntax.description;
    return { name, type: fromSyntax.type, optional: fromSyntax.optional, ...(describedAs !== undefined ? { description: describedAs } : {}) };
  }
  const types = schemaTypes(checker.getTypeAtLocation(schemaNode), checker, schemaNode);
  if (!types) return undefined;
  const describedAs = description ?? zodDescription(schemaNode);
  return {
    name,
    type: withoutUndefined(types.output, checker, schemaNode),
    optional: includesUndefined(types.input),
    ...(describedAs !== undefined ? { description: describedAs } : {}),
  };
}

/** A zod raw shape `{ city: z.string() }`, or mcp-framework's `{ city: { type: z.string(), description } }`. */
function paramsFromShapeLiteral(shape: ts.ObjectLiteralExpression, checker: ts.TypeChecker, options: InputResolutionOptions): InputParam[] | undefined {
  const params: InputParam[] = [];
  for (const property of shape.properties) {
    const name = propertyNameText(property.name);
    if (name === undefined || !ts.isPropertyAssignment(property)) return undefined;
    let schemaNode: ts.Node = unwrapExpression(property.initializer);
    let description: string | undefined;
    if (ts.isObjectLiteralExpression(schemaNode)) {
      const typed = getPropertyValue(schemaNode, "type");
      if (!typed) return undefined;
      description = literalText(getPropertyValue(schemaNode, "description"));
      schemaNode = typed;
    }
    const param = paramFromSchema(name, schemaNode, checker, description, options);
    if (!param) return undefined;
    params.push(param);
  }
  return params;
}

/** Params of a schema value (`z.object(...)`, a const holding one, a Standard Schema) read from its type. */
function paramsFromSchemaType(node: ts.Node, checker: ts.TypeChecker): InputParam[] | undefined {
  const type = checker.getTypeAtLocation(node);
  const types = schemaTypes(type, checker, node);
  if (types) {
    const inputType = checker.getNonNullableType(types.input);
    return checker.getPropertiesOfType(checker.getNonNullableType(types.output)).map((symbol) => {
      const inputSymbol = checker.getPropertyOfType(inputType, symbol.name);
      const inputOptional = inputSymbol
        ? (inputSymbol.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(checker.getTypeOfSymbolAtLocation(inputSymbol, node))
        : true;
      return {
        name: symbol.name,
        type: withoutUndefined(checker.getTypeOfSymbolAtLocation(symbol, node), checker, node),
        optional: inputOptional,
      };
    });
  }
  // A raw shape held in a const: every property is itself a schema.
  const properties = checker.getPropertiesOfType(type);
  if (properties.length === 0) return undefined;
  const params: InputParam[] = [];
  for (const symbol of properties) {
    const propertyTypeAt = checker.getTypeOfSymbolAtLocation(symbol, node);
    const schema = schemaTypes(propertyTypeAt, checker, node);
    if (!schema) return undefined;
    params.push({ name: symbol.name, type: withoutUndefined(schema.output, checker, node), optional: includesUndefined(schema.input) });
  }
  return params;
}

const ZOD_OBJECT_FACTORIES = new Set(["object", "strictObject", "looseObject"]);
const SHAPE_PRESERVING_METHODS = new Set(["describe", "strict", "passthrough", "strip", "meta"]);

/**
 * The shape literal inside `z.object({...})` (through chained `.strict()`, `.describe()`...), so
 * that per-field `.describe()` texts are kept. Types still come from the checker.
 */
function zodObjectShapeLiteral(node: ts.Node): ts.ObjectLiteralExpression | undefined {
  let current: ts.Node = ts.isExpression(node) ? unwrapExpression(node) : node;
  while (ts.isCallExpression(current)) {
    const callee = unwrapExpression(current.expression);
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const [first] = current.arguments;
    if (ZOD_OBJECT_FACTORIES.has(callee.name.text) && first && ts.isObjectLiteralExpression(unwrapExpression(first))) {
      return unwrapExpression(first) as ts.ObjectLiteralExpression;
    }
    // `.partial()`, `.extend()`, `.pick()`... change the fields: leave those to the checker.
    if (!SHAPE_PRESERVING_METHODS.has(callee.name.text)) return undefined;
    current = unwrapExpression(callee.expression);
  }
  return undefined;
}

function constInitializer(node: ts.Expression, checker: ts.TypeChecker): ts.Expression | undefined {
  if (!ts.isIdentifier(node)) return undefined;
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  return declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? unwrapExpression(declaration.initializer) : undefined;
}

/** Resolve a tool's input schema, in any supported form, into param names, types and optionality. */
export function resolveInputParams(node: ts.Node | null, checker: ts.TypeChecker, options: InputResolutionOptions = {}): ResolvedInput {
  if (!node) return { params: [], unrecognised: false };
  let expression = ts.isExpression(node) ? unwrapExpression(node) : node;
  const initializer = ts.isExpression(expression) ? constInitializer(expression, checker) : undefined;
  if (initializer && ts.isObjectLiteralExpression(initializer)) expression = initializer;

  if (ts.isObjectLiteralExpression(expression)) {
    if (isJsonSchemaLiteral(expression)) return { params: jsonSchemaProperties(expression), unrecognised: false };
    const fromShape = paramsFromShapeLiteral(expression, checker, options);
    if (fromShape) return { params: fromShape, unrecognised: false };
  }
  const shape = zodObjectShapeLiteral(initializer ?? expression);
  const fromObjectShape = shape ? paramsFromShapeLiteral(shape, checker, options) : undefined;
  if (fromObjectShape) return { params: fromObjectShape, unrecognised: false };
  const fromType = paramsFromSchemaType(expression, checker);
  if (fromType) return { params: fromType, unrecognised: false };
  return { params: [], unrecognised: true };
}
