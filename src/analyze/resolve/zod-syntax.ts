import type { ts } from "../../compiler.cjs";
import { SyntaxKind } from "../engine/ts6-enums.generated.js";
import { literalText, unwrapExpression } from "../syntax.js";
import {
  isArrayLiteralExpression,
  isCallExpression,
  isExpression,
  isIdentifier,
  isImportDeclaration,
  isNamedImports,
  isNamespaceImport,
  isNumericLiteral,
  isPropertyAccessExpression,
  isStringLiteral,
  isStringLiteralLike,
  kindOf,
} from "../engine/ast.js";

/**
 * A fast path for the zod schemas tools are written with (`z.string().min(1).describe("City")`):
 * read them from the syntax instead of asking the checker. Each checker question about a zod
 * chain instantiates zod's generics, and on 1,000 tools that alone costs more than half a second
 * (`npm run bench`). Only calls on an identifier imported from "zod" are read, only the methods
 * listed here are understood, and anything else returns undefined so the checker answers instead.
 * The text produced is the text the checker prints for the same schema (the fixtures' golden
 * inventories hold both paths to that).
 */

export interface ZodParam {
  type: string;
  /** The caller may omit it: `.optional()`, `.default()`, `.nullish()`. */
  optional: boolean;
  description?: string;
}

const ZOD_MODULE = /^zod(\/v[34])?(\/mini)?$/;

const PRIMITIVES: Record<string, string> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  bigint: "bigint",
  date: "Date",
  any: "any",
  unknown: "unknown",
  null: "null",
  undefined: "undefined",
};

/** Methods that refine a value without changing its type. */
const REFINEMENTS = new Set([
  "min",
  "max",
  "length",
  "email",
  "url",
  "uuid",
  "cuid",
  "cuid2",
  "ulid",
  "regex",
  "includes",
  "startsWith",
  "endsWith",
  "datetime",
  "date",
  "time",
  "duration",
  "ip",
  "cidr",
  "base64",
  "emoji",
  "nanoid",
  "trim",
  "toLowerCase",
  "toUpperCase",
  "int",
  "positive",
  "negative",
  "nonnegative",
  "nonpositive",
  "gt",
  "gte",
  "lt",
  "lte",
  "multipleOf",
  "step",
  "finite",
  "safe",
  "nonempty",
  "describe",
  "meta",
  "readonly",
]);

const zodNamesByFile = new WeakMap<ts.SourceFile, Set<string>>();

/** The local names bound to zod in a file: `import { z } from "zod"`, `import * as z from "zod/v4"`. */
function zodNames(file: ts.SourceFile): Set<string> {
  let names = zodNamesByFile.get(file);
  if (names) return names;
  names = new Set();
  for (const statement of file.statements) {
    if (!isImportDeclaration(statement) || !isStringLiteral(statement.moduleSpecifier)) continue;
    if (!ZOD_MODULE.test(statement.moduleSpecifier.text)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && isNamespaceImport(bindings)) names.add(bindings.name.text);
    if (bindings && isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if ((element.propertyName ?? element.name).text === "z" && !element.isTypeOnly) names.add(element.name.text);
      }
    }
  }
  zodNamesByFile.set(file, names);
  return names;
}

function literalType(node: ts.Expression): string | undefined {
  const expression = unwrapExpression(node);
  if (isStringLiteralLike(expression)) return JSON.stringify(expression.text);
  if (isNumericLiteral(expression)) return expression.text;
  if (kindOf(expression) === SyntaxKind.TrueKeyword) return "true";
  if (kindOf(expression) === SyntaxKind.FalseKeyword) return "false";
  return undefined;
}

/** `T[]`, with parentheses where a union needs them, as the checker prints it. */
function arrayOf(element: string): string {
  return element.includes(" | ") ? `(${element})[]` : `${element}[]`;
}

interface Reading {
  type: string;
  optional: boolean;
  nullable: boolean;
  description?: string;
}

function read(node: ts.Expression, names: Set<string>): Reading | undefined {
  const expression = unwrapExpression(node);
  if (!isCallExpression(expression)) return undefined;
  const callee = unwrapExpression(expression.expression);
  if (!isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  const receiver = unwrapExpression(callee.expression);
  const args = expression.arguments;

  // A factory: `z.string()`, `z.coerce.number()`, `z.enum([...])`.
  const isZod = isIdentifier(receiver) && names.has(receiver.text);
  const isCoerce =
    isPropertyAccessExpression(receiver) && receiver.name.text === "coerce" && isIdentifier(receiver.expression) && names.has(receiver.expression.text);
  if (isZod || isCoerce) {
    const primitive = PRIMITIVES[method];
    if (primitive !== undefined && (isZod || ["string", "number", "boolean", "bigint", "date"].includes(method))) {
      // zod makes a key whose schema accepts undefined optional: `z.any()`, `z.unknown()`.
      return { type: primitive, optional: ["any", "unknown", "undefined"].includes(method), nullable: false };
    }
    if (!isZod) return undefined;
    if (method === "literal" && args[0]) {
      const type = literalType(args[0]);
      return type === undefined ? undefined : { type, optional: false, nullable: false };
    }
    if (method === "enum" && args[0]) {
      const list = unwrapExpression(args[0]);
      if (!isArrayLiteralExpression(list) || list.elements.length === 0) return undefined;
      const members = list.elements.map((e) =>
        isStringLiteralLike(unwrapExpression(e)) ? JSON.stringify((unwrapExpression(e) as ts.StringLiteralLike).text) : undefined,
      );
      if (members.some((m) => m === undefined)) return undefined;
      return { type: members.join(" | "), optional: false, nullable: false };
    }
    if (method === "array" && args[0]) {
      const element = read(args[0], names);
      if (!element || element.optional) return undefined;
      return { type: arrayOf(element.nullable ? `${element.type} | null` : element.type), optional: false, nullable: false };
    }
    return undefined;
  }

  // A method on a schema: refinements keep the type, wrappers change optionality.
  const inner = read(receiver, names);
  if (!inner) return undefined;
  if (method === "describe") {
    const text = literalText(args[0]);
    return text === undefined ? inner : { ...inner, description: text };
  }
  if (REFINEMENTS.has(method)) return inner;
  if (method === "optional") return { ...inner, optional: true };
  if (method === "nullable") return { ...inner, nullable: true };
  if (method === "nullish") return { ...inner, optional: true, nullable: true };
  // `.default(x)`: callers may omit it, and the parsed value is always there.
  if (method === "default") return { ...inner, optional: true };
  if (method === "array") return { type: arrayOf(inner.nullable ? `${inner.type} | null` : inner.type), optional: false, nullable: false };
  return undefined;
}

/** Read one zod schema expression as a tool param, or undefined to let the checker answer. */
export function readZodParam(node: ts.Node): ZodParam | undefined {
  if (!isExpression(node)) return undefined;
  const names = zodNames(node.getSourceFile());
  if (names.size === 0) return undefined;
  const reading = read(node, names);
  if (!reading) return undefined;
  const type = reading.nullable ? `${reading.type} | null` : reading.type;
  return { type, optional: reading.optional, ...(reading.description !== undefined ? { description: reading.description } : {}) };
}
