import type { JsonSchemaObject } from "../analyze/inventory.js";
import { compareStrings } from "../compare-strings.js";

/**
 * Reading the payload schemas the analyser produces (draft 2020-12, local `#/$defs/...` refs,
 * unions as `anyOf`/`oneOf`). Generation only ever asks shallow questions of them: which
 * top-level properties a payload has, what JSON types a property can take, which string
 * literals a status field can hold. Anything it cannot read counts as "could be anything".
 */

export type JsonType = "string" | "number" | "boolean" | "array" | "object" | "null";

function isRecord(value: unknown): value is JsonSchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Follow local `$ref`s (`#/$defs/X`, `#/definitions/X`) against `root`; cycles end at `{}`. */
export function resolve(root: JsonSchemaObject, schema: unknown, seen: Set<string> = new Set()): JsonSchemaObject {
  if (!isRecord(schema)) return schema === false ? { not: {} } : {};
  const ref = schema["$ref"];
  if (typeof ref !== "string") return schema;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match || seen.has(ref)) return {};
  const defs = root[match[1]!];
  const name = decodeURIComponent(match[2]!.replace(/~1/g, "/").replace(/~0/g, "~"));
  const target = isRecord(defs) ? defs[name] : undefined;
  return resolve(root, target, new Set([...seen, ref]));
}

/** The alternatives a schema stands for: the members of `anyOf`/`oneOf` (flattened), else itself. */
export function variants(root: JsonSchemaObject, schema: unknown): JsonSchemaObject[] {
  const resolved = resolve(root, schema);
  const union = Array.isArray(resolved["anyOf"]) ? resolved["anyOf"] : Array.isArray(resolved["oneOf"]) ? resolved["oneOf"] : null;
  if (union === null) return [resolved];
  return union.flatMap((member) => variants(root, member));
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  return "object";
}

/** The JSON types a schema admits, or null when it does not say (so: anything). */
export function jsonTypes(root: JsonSchemaObject, schema: unknown): Set<JsonType> | null {
  const found = new Set<JsonType>();
  for (const variant of variants(root, schema)) {
    const type = variant["type"];
    const declared = typeof type === "string" ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === "string") : [];
    if (declared.length > 0) {
      for (const t of declared) found.add(t === "integer" ? "number" : (t as JsonType));
    } else if ("const" in variant) {
      found.add(typeOfValue(variant["const"]));
    } else if (Array.isArray(variant["enum"])) {
      for (const value of variant["enum"]) found.add(typeOfValue(value));
    } else if (isRecord(variant["properties"])) {
      found.add("object");
    } else if (variant["items"] !== undefined || variant["prefixItems"] !== undefined) {
      found.add("array");
    } else {
      return null;
    }
  }
  return found;
}

/** Whether every alternative of the schema is an object (so its fields can sit beside others). */
export function isObjectSchema(root: JsonSchemaObject): boolean {
  const types = jsonTypes(root, root);
  return types !== null && types.size === 1 && types.has("object");
}

export interface TopLevelProperty {
  name: string;
  /** The property's schema in each alternative that declares it. */
  schemas: JsonSchemaObject[];
  /** Declared by every alternative of the payload. */
  inAll: boolean;
  /** Required by every alternative of the payload. */
  requiredInAll: boolean;
}

/** The top-level properties of an object payload (across its union's alternatives), sorted by name. */
export function topLevelProperties(root: JsonSchemaObject): TopLevelProperty[] {
  if (!isObjectSchema(root)) return [];
  const objects = variants(root, root);
  const byName = new Map<string, { schemas: JsonSchemaObject[]; required: number }>();
  for (const object of objects) {
    const properties = isRecord(object["properties"]) ? object["properties"] : {};
    const required = Array.isArray(object["required"]) ? object["required"] : [];
    for (const [name, schema] of Object.entries(properties)) {
      const entry = byName.get(name) ?? { schemas: [], required: 0 };
      entry.schemas.push(resolve(root, schema));
      if (required.includes(name)) entry.required++;
      byName.set(name, entry);
    }
  }
  return [...byName]
    .map(([name, entry]) => ({
      name,
      schemas: entry.schemas,
      inAll: entry.schemas.length === objects.length,
      requiredInAll: entry.required === objects.length,
    }))
    .sort((a, b) => compareStrings(a.name, b.name));
}

/** The string literals a schema is limited to (`enum`, `const`, unions of them), or null. */
export function stringLiterals(root: JsonSchemaObject, schema: unknown): string[] | null {
  const values = new Set<string>();
  for (const variant of variants(root, schema)) {
    if ("const" in variant) {
      if (typeof variant["const"] !== "string") return null;
      values.add(variant["const"]);
    } else if (Array.isArray(variant["enum"])) {
      for (const value of variant["enum"]) {
        if (typeof value !== "string") return null;
        values.add(value);
      }
    } else {
      return null;
    }
  }
  return values.size > 0 ? [...values].sort(compareStrings) : null;
}
