import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { getPropertyValue, literalText, propertyNameText, unwrapExpression } from "../syntax.js";
import {
  isArrayLiteralExpression,
  isExpression,
  isNumericLiteral,
  isObjectLiteralExpression,
  isPropertyAssignment,
  isStringLiteralLike,
  kindOf,
} from "../engine/ast.js";

/**
 * The TypeScript text of a JSON Schema written as an object literal (low-level servers list their
 * inputs this way). Read syntactically: the schema is data, and the checker only knows it as
 * `{ type: string; ... }`.
 */
export function jsonSchemaTypeText(node: ts.Node | undefined): string {
  if (!node || !isExpression(node)) return "unknown";
  const schema = unwrapExpression(node);
  if (!isObjectLiteralExpression(schema)) return "unknown";

  const enumValues = getPropertyValue(schema, "enum");
  if (enumValues && isArrayLiteralExpression(unwrapExpression(enumValues as ts.Expression))) {
    const members = (unwrapExpression(enumValues as ts.Expression) as ts.ArrayLiteralExpression).elements.map(literalJson);
    if (members.every((m) => m !== undefined)) return members.join(" | ");
  }
  const constValue = getPropertyValue(schema, "const");
  if (constValue) return literalJson(constValue) ?? "unknown";

  const typeNode = getPropertyValue(schema, "type");
  const typeNames = typeNode ? typeNamesOf(typeNode) : [];
  if (typeNames.length === 0) return getPropertyValue(schema, "properties") ? objectTypeText(schema) : "unknown";
  const texts = typeNames.map((name) => singleTypeText(name, schema));
  return texts.join(" | ");
}

function typeNamesOf(node: ts.Node): string[] {
  const single = literalText(node);
  if (single !== undefined) return [single];
  const expression = isExpression(node) ? unwrapExpression(node) : node;
  if (isArrayLiteralExpression(expression)) return expression.elements.map((e) => literalText(e)).filter((t): t is string => t !== undefined);
  return [];
}

function literalJson(node: ts.Node): string | undefined {
  const expression = isExpression(node) ? unwrapExpression(node) : node;
  if (isStringLiteralLike(expression)) return JSON.stringify(expression.text);
  if (isNumericLiteral(expression)) return expression.text;
  if (kindOf(expression) === SyntaxKind.TrueKeyword) return "true";
  if (kindOf(expression) === SyntaxKind.FalseKeyword) return "false";
  if (kindOf(expression) === SyntaxKind.NullKeyword) return "null";
  return undefined;
}

function singleTypeText(name: string, schema: ts.ObjectLiteralExpression): string {
  switch (name) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const items = jsonSchemaTypeText(getPropertyValue(schema, "items"));
      return /[|&\s]/.test(items) && !items.startsWith("{") ? `(${items})[]` : `${items}[]`;
    }
    case "object":
      return objectTypeText(schema);
    default:
      return "unknown";
  }
}

function objectTypeText(schema: ts.ObjectLiteralExpression): string {
  const params = jsonSchemaProperties(schema);
  if (params.length === 0) return "Record<string, unknown>";
  return `{ ${params.map((p) => `${p.name}${p.optional ? "?" : ""}: ${p.type};`).join(" ")} }`;
}

export interface JsonSchemaProperty {
  name: string;
  type: string;
  optional: boolean;
  description?: string;
}

/** The properties of an object JSON Schema, in source order, with `required` deciding optionality. */
export function jsonSchemaProperties(schema: ts.ObjectLiteralExpression): JsonSchemaProperty[] {
  const propertiesNode = getPropertyValue(schema, "properties");
  const properties = propertiesNode && isExpression(propertiesNode) ? unwrapExpression(propertiesNode) : undefined;
  if (!properties || !isObjectLiteralExpression(properties)) return [];
  const requiredNode = getPropertyValue(schema, "required");
  const requiredExpression = requiredNode && isExpression(requiredNode) ? unwrapExpression(requiredNode) : undefined;
  const required = new Set(
    requiredExpression && isArrayLiteralExpression(requiredExpression)
      ? requiredExpression.elements.map((e) => literalText(e)).filter((t): t is string => t !== undefined)
      : [],
  );
  const result: JsonSchemaProperty[] = [];
  for (const property of properties.properties) {
    const name = propertyNameText(property.name);
    if (name === undefined || !isPropertyAssignment(property)) continue;
    const value = unwrapExpression(property.initializer);
    const description = isObjectLiteralExpression(value) ? literalText(getPropertyValue(value, "description")) : undefined;
    result.push({
      name,
      type: jsonSchemaTypeText(value),
      optional: !required.has(name),
      ...(description !== undefined ? { description } : {}),
    });
  }
  return result;
}

/** Whether an object literal is a JSON Schema (rather than a zod raw shape). */
export function isJsonSchemaLiteral(object: ts.ObjectLiteralExpression): boolean {
  const type = literalText(getPropertyValue(object, "type"));
  if (type === "object") return true;
  const properties = getPropertyValue(object, "properties");
  return (
    properties !== undefined &&
    isExpression(properties) &&
    isObjectLiteralExpression(unwrapExpression(properties)) &&
    getPropertyValue(object, "type") === undefined &&
    object.properties.length <= 4
  );
}
