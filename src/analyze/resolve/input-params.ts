import type { ts } from "../../compiler.cjs";
import { SymbolFlags, TypeFlags } from "../engine/ts6-enums.generated.js";
import type { InputParam } from "../inventory.js";
import { getPropertyValue, literalText, propertyNameText, unwrapExpression } from "../syntax.js";
import { isJsonSchemaLiteral, jsonSchemaProperties } from "./json-schema-type.js";
import { readZodParam } from "./zod-syntax.js";
import { withoutUndefined } from "./type-text.js";
import { propertiesInOrder } from "./type-reference.js";
import {
  isCallExpression,
  isConditionalExpression,
  isExpression,
  isIdentifier,
  isObjectLiteralExpression,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isSpreadAssignment,
  isVariableDeclaration,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

export interface ResolvedInput {
  params: InputParam[];
  /** True when the schema's form was not recognised (the params are then empty, not "none"). */
  unrecognised: boolean;
}

function propertyType(type: ts.Type, key: string, checker: AnalysisChecker, at: ts.Node): ts.Type | undefined {
  const symbol = checker.getPropertyOfType(checker.getNonNullableType(type), key);
  return symbol ? checker.getTypeOfSymbolAtLocation(symbol, at) : undefined;
}

/**
 * The parsed (output) and accepted (input) types of a schema value, through whichever door it
 * offers: zod 3 (`_output`/`_input`), zod 4 (`_zod.output`/`_zod.input`), or any Standard Schema
 * (`~standard.types`). Output gives the param's type; input decides whether callers may omit it.
 */
export function schemaTypes(type: ts.Type, checker: AnalysisChecker, at: ts.Node): { output: ts.Type; input: ts.Type } | undefined {
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
  if (type.flags & (TypeFlags.Undefined | TypeFlags.Any | TypeFlags.Unknown | TypeFlags.Void)) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & TypeFlags.Undefined) !== 0);
}

/** zod 3 schemas that accept `undefined` whatever they wrap. */
const ZOD3_ACCEPTING = new Set(["ZodOptional", "ZodDefault", "ZodCatch", "ZodAny", "ZodUnknown", "ZodUndefined", "ZodVoid"]);

/**
 * Whether a caller may leave the param out, as the SDK publishes it in `tools/list`: zod 4's
 * `optin` (what `z.toJSONSchema(..., { io: "input" })` marks), zod 3's `isOptional()` (does the
 * schema accept `undefined`: a preprocess or a transform accepts what the schema it wraps accepts,
 * a pipe what both ends accept, whatever its declared input type says), else whether the
 * schema's input type admits `undefined`. Read from the classes' declarations rather than
 * `undefined` in unions, which a project without `strictNullChecks` erases.
 */
function acceptsUndefined(schema: ts.Type, input: ts.Type, checker: AnalysisChecker, at: ts.Node, depth = 0): boolean {
  const type = checker.getNonNullableType(schema);
  const zod4 = propertyType(type, "_zod", checker, at);
  if (zod4) {
    const optin = checker.getPropertyOfType(checker.getNonNullableType(zod4), "optin");
    if (!optin) return includesUndefined(input);
    const optinType = checker.getTypeOfSymbolAtLocation(optin, at);
    return (optin.flags & SymbolFlags.Optional) === 0 && optinType.isStringLiteral() && optinType.value === "optional";
  }
  const definition = propertyType(type, "_def", checker, at);
  const className = type.getSymbol()?.getName();
  if (definition && className && depth < 8) {
    if (ZOD3_ACCEPTING.has(className)) return true;
    const inner = (key: string): boolean => {
      const wrapped = propertyType(definition, key, checker, at);
      const wrappedTypes = wrapped ? schemaTypes(wrapped, checker, at) : undefined;
      return wrapped !== undefined && wrappedTypes !== undefined && acceptsUndefined(wrapped, wrappedTypes.input, checker, at, depth + 1);
    };
    if (className === "ZodEffects") return inner("schema");
    if (className === "ZodPipeline") return inner("in") && inner("out");
    if (className === "ZodNullable" || className === "ZodBranded" || className === "ZodReadonly")
      return inner(className === "ZodBranded" ? "type" : "innerType");
  }
  return includesUndefined(input);
}

/** `.describe("...")` anywhere in a zod chain (`z.string().describe("City").optional()`). */
function zodDescription(node: ts.Node): string | undefined {
  let current: ts.Node = isExpression(node) ? unwrapExpression(node) : node;
  while (isCallExpression(current)) {
    const callee = unwrapExpression(current.expression);
    if (!isPropertyAccessExpression(callee)) break;
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

function paramFromSchema(
  name: string,
  schemaNode: ts.Node,
  checker: AnalysisChecker,
  description: string | undefined,
  options: InputResolutionOptions,
): InputParam | undefined {
  const fromSyntax = options.zodSyntax === false ? undefined : readZodParam(schemaNode);
  if (fromSyntax) {
    const describedAs = description ?? fromSyntax.description;
    return { name, type: fromSyntax.type, optional: fromSyntax.optional, ...(describedAs !== undefined ? { description: describedAs } : {}) };
  }
  const schemaType = checker.getTypeAtLocation(schemaNode);
  const types = schemaTypes(schemaType, checker, schemaNode);
  if (!types) return undefined;
  const describedAs = description ?? zodDescription(schemaNode);
  return {
    name,
    type: withoutUndefined(types.output, checker, schemaNode),
    optional: acceptsUndefined(schemaType, types.input, checker, schemaNode),
    ...(describedAs !== undefined ? { description: describedAs } : {}),
  };
}

/**
 * The params a spread brings into a shape literal, in source order: another shape (a literal or a
 * const holding one), or a conditional whose branches are shapes (a param only some branches have
 * may be absent, so it is optional).
 */
function paramsFromSpread(expression: ts.Expression, checker: AnalysisChecker, options: InputResolutionOptions, depth: number): InputParam[] | undefined {
  if (depth > 4) return undefined;
  let node = unwrapExpression(expression);
  if (isIdentifier(node)) node = constInitializer(node, checker) ?? node;
  if (isObjectLiteralExpression(node)) return paramsFromShapeLiteral(node, checker, options, depth + 1);
  if (!isConditionalExpression(node)) return undefined;
  const branches = [node.whenTrue, node.whenFalse].map((branch) => paramsFromSpread(branch, checker, options, depth + 1));
  if (branches.some((branch) => branch === undefined)) return undefined;
  const [whenTrue, whenFalse] = branches as [InputParam[], InputParam[]];
  const merged: InputParam[] = [];
  for (const param of [...whenTrue, ...whenFalse]) {
    if (merged.some((kept) => kept.name === param.name)) continue;
    const inBoth = whenTrue.some((p) => p.name === param.name) && whenFalse.some((p) => p.name === param.name);
    merged.push(inBoth ? param : { ...param, optional: true });
  }
  return merged;
}

/** A zod raw shape `{ city: z.string() }`, or mcp-framework's `{ city: { type: z.string(), description } }`; spreads of shapes included. */
function paramsFromShapeLiteral(
  shape: ts.ObjectLiteralExpression,
  checker: AnalysisChecker,
  options: InputResolutionOptions,
  depth = 0,
): InputParam[] | undefined {
  const params: InputParam[] = [];
  const add = (param: InputParam): void => {
    // A later key replaces an earlier one, as in the object at run time.
    const index = params.findIndex((kept) => kept.name === param.name);
    if (index >= 0) params.splice(index, 1);
    params.push(param);
  };
  for (const property of shape.properties) {
    if (isSpreadAssignment(property)) {
      const spread = paramsFromSpread(property.expression, checker, options, depth);
      if (!spread) return undefined;
      spread.forEach(add);
      continue;
    }
    const name = propertyNameText(property.name);
    if (name === undefined || !isPropertyAssignment(property)) return undefined;
    let schemaNode: ts.Node = unwrapExpression(property.initializer);
    let description: string | undefined;
    if (isObjectLiteralExpression(schemaNode)) {
      const typed = getPropertyValue(schemaNode, "type");
      if (!typed) return undefined;
      description = literalText(getPropertyValue(schemaNode, "description"));
      schemaNode = typed;
    }
    const param = paramFromSchema(name, schemaNode, checker, description, options);
    if (!param) return undefined;
    add(param);
  }
  return params;
}

/** Params of a schema value (`z.object(...)`, a const holding one, a Standard Schema) read from its type. */
function paramsFromSchemaType(node: ts.Node, checker: AnalysisChecker): InputParam[] | undefined {
  const type = checker.getTypeAtLocation(node);
  const types = schemaTypes(type, checker, node);
  // A zod object (3 or 4): each field of its `shape` is a schema of its own, optional as that schema says.
  const shape = types ? propertyType(type, "shape", checker, node) : undefined;
  const fromShape = shape ? paramsFromShapeType(shape, checker, node) : undefined;
  if (fromShape) return fromShape;
  if (types) {
    const inputType = checker.getNonNullableType(types.input);
    return propertiesInOrder(checker.getNonNullableType(types.output), checker).map((symbol) => {
      const inputSymbol = checker.getPropertyOfType(inputType, symbol.name);
      const inputOptional = inputSymbol
        ? (inputSymbol.flags & SymbolFlags.Optional) !== 0 || includesUndefined(checker.getTypeOfSymbolAtLocation(inputSymbol, node))
        : true;
      return {
        name: symbol.name,
        type: withoutUndefined(checker.getTypeOfSymbolAtLocation(symbol, node), checker, node),
        optional: inputOptional,
      };
    });
  }
  // A raw shape held in a const: every property is itself a schema.
  return paramsFromShapeType(type, checker, node);
}

/**
 * The params of a raw shape's type: each property a schema. A property the shape may lack (it
 * comes from one branch of a conditional spread, `...(safe ? {} : { webhook })`) is optional.
 * An empty object type is a shape without params.
 */
function paramsFromShapeType(type: ts.Type, checker: AnalysisChecker, node: ts.Node): InputParam[] | undefined {
  const properties = propertiesInOrder(type, checker);
  if (properties.length === 0) {
    const isEmptyObject = (type.flags & TypeFlags.Object) !== 0 && checker.getIndexInfosOfType(type).length === 0 && type.getCallSignatures().length === 0;
    return isEmptyObject ? [] : undefined;
  }
  const params: InputParam[] = [];
  for (const symbol of properties) {
    const propertyTypeAt = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, node));
    const schema = schemaTypes(propertyTypeAt, checker, node);
    if (!schema) return undefined;
    const mayBeAbsent = (symbol.flags & SymbolFlags.Optional) !== 0;
    params.push({
      name: symbol.name,
      type: withoutUndefined(schema.output, checker, node),
      optional: mayBeAbsent || acceptsUndefined(propertyTypeAt, schema.input, checker, node),
    });
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
  let current: ts.Node = isExpression(node) ? unwrapExpression(node) : node;
  while (isCallExpression(current)) {
    const callee = unwrapExpression(current.expression);
    if (!isPropertyAccessExpression(callee)) return undefined;
    const [first] = current.arguments;
    if (ZOD_OBJECT_FACTORIES.has(callee.name.text) && first && isObjectLiteralExpression(unwrapExpression(first))) {
      return unwrapExpression(first) as ts.ObjectLiteralExpression;
    }
    // `.partial()`, `.extend()`, `.pick()`... change the fields: leave those to the checker.
    if (!SHAPE_PRESERVING_METHODS.has(callee.name.text)) return undefined;
    current = unwrapExpression(callee.expression);
  }
  return undefined;
}

function constInitializer(node: ts.Expression, checker: AnalysisChecker): ts.Expression | undefined {
  if (!isIdentifier(node)) return undefined;
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  return declaration && isVariableDeclaration(declaration) && declaration.initializer ? unwrapExpression(declaration.initializer) : undefined;
}

/** Resolve a tool's input schema, in any supported form, into param names, types and optionality. */
export function resolveInputParams(node: ts.Node | null, checker: AnalysisChecker, options: InputResolutionOptions = {}): ResolvedInput {
  if (!node) return { params: [], unrecognised: false };
  let expression = isExpression(node) ? unwrapExpression(node) : node;
  const initializer = isExpression(expression) ? constInitializer(expression, checker) : undefined;
  if (initializer && isObjectLiteralExpression(initializer)) expression = initializer;

  if (isObjectLiteralExpression(expression)) {
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
