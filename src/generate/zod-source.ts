import type { JsonSchemaObject } from "../analyze/inventory.js";
import { compareStrings } from "../compare-strings.js";
import { jsonInRawTemplate, planSharing } from "./shared-values.js";

/**
 * The zod form of an output schema, for SDK 1.x `registerTool({ outputSchema })`, which takes only
 * zod (v3 `ZodTypeAny` or v4 `$ZodType`) and needs an object schema at the top: the SDK lists
 * nothing for, and cannot validate with, a schema whose root is not a zod object.
 *
 * Each schema is data (`ZodNode`): the zod calls that build it, which the generated module makes
 * when it loads. It uses only calls that zod 3.25+ and zod 4 both have (`z.object().passthrough()`,
 * `.strict()`, `.catchall()`, `z.lazy`, `z.union`, `z.enum`, `z.literal`, `.regex`, `.int`, `.gte`,
 * `.lte`, `.min`, `.max`, `.describe`), made through `z`, zod seen through the plain `Zod` interface
 * that the template declares (`Schema` for every schema), so the user's tsc infers no zod types;
 * the exported table is declared `zod.ZodType` per tool, which both accept.
 *
 * It is a translation of the subset of JSON Schema our output schemas use, made LOOSER where zod
 * cannot follow, never stricter:
 * - Objects are `.passthrough()` (zod would otherwise strip unknown keys), `.strict()` only under
 *   `additionalProperties: false`.
 * - An `if`/`then`/`else` (how the output schemas tell an error envelope from a success one) has no
 *   zod counterpart, and the schema must accept both forms: the 1.x client validates
 *   `structuredContent` of `isError` results too. Each form (the schema with `then` merged, the
 *   schema with `else` merged) is built, and the two are joined into one object: a field both
 *   forms give alike stays as it is, a field they give differently accepts either (`z.union`), a
 *   field only one form has is optional, and a field is required only when both forms require it.
 *   So the fields keep their types, but what ties them together (this field set because that one
 *   says "error") is lost. `allOf` members are merged into the schema first.
 * - Keywords with no zod counterpart (`propertyNames`, `prefixItems`, `format`, `not`, ...) are
 *   dropped. Local `$ref`s become `z.lazy` references to the schema's `$defs`.
 */

type Schema = JsonSchemaObject;

function isRecord(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A pure function of two objects, remembered by their identities. The translation below is made of
 * such functions, and a protocol's envelope layers are one instance in every tool's schema
 * (aorp/schema.ts): so each layer is translated, merged and joined once, not once a tool, and the
 * results are one instance too, which the sharing of parts then meets once (shared-values.ts).
 * Nothing here changes an object once it is made.
 */
function memoByIdentities<A extends object, B extends object, R>(compute: (a: A, b: B) => R): (a: A, b: B) => R {
  const results = new WeakMap<A, WeakMap<B, R>>();
  return (a, b) => {
    let byB = results.get(a);
    if (byB === undefined) results.set(a, (byB = new WeakMap()));
    if (byB.has(b)) return byB.get(b) as R;
    const result = compute(a, b);
    byB.set(b, result);
    return result;
  };
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** Merge `extra` into `base`: properties merged deeply, `required` unioned, base wins elsewhere. */
const mergeSchemas = memoByIdentities((base: Schema, extra: Schema): Schema => {
  const merged: Schema = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (key === "properties" && isRecord(value)) {
      const properties: Schema = isRecord(merged["properties"]) ? { ...merged["properties"] } : {};
      for (const [name, schema] of Object.entries(value)) {
        const existing = properties[name];
        properties[name] = isRecord(existing) && isRecord(schema) ? mergeSchemas(existing, schema) : (existing ?? schema);
      }
      merged["properties"] = properties;
    } else if (key === "required" && Array.isArray(value)) {
      const required = Array.isArray(merged["required"]) ? merged["required"] : [];
      merged["required"] = [...new Set([...required, ...value])];
    } else if (!(key in merged)) {
      merged[key] = value;
    }
  }
  return merged;
});

const sameJson = memoByIdentities((a: object, b: object): boolean => JSON.stringify(a) === JSON.stringify(b));

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return isObject(a) && isObject(b) ? sameJson(a, b) : JSON.stringify(a) === JSON.stringify(b);
}

const unionOfObjects = memoByIdentities((a: object, b: object): Schema => ({ anyOf: [a, b] }));

/** `{ anyOf: [a, b] }`: one instance for the same two schemas. */
function unionOf(a: unknown, b: unknown): Schema {
  return isObject(a) && isObject(b) ? unionOfObjects(a, b) : { anyOf: [a, b] };
}

/** Whether a schema is a plain object schema (no union, reference or condition at its top). */
function isPlainObject(schema: Schema): boolean {
  if ("anyOf" in schema || "oneOf" in schema || "$ref" in schema || "const" in schema || "enum" in schema) return false;
  return schema["type"] === "object" || (schema["type"] === undefined && isRecord(schema["properties"]));
}

/**
 * One object schema accepting what `a` or `b` accepts (see above): fields joined one by one; a
 * keyword other than the object's own stays only where both forms give it alike.
 */
function joinObjects(a: Schema, b: Schema): Schema {
  const joined: Schema = {};
  for (const [key, value] of Object.entries(a)) {
    if (key === "properties" || key === "required" || key === "additionalProperties") continue;
    if (deepEqual(value, b[key])) joined[key] = value;
  }
  joined["type"] = "object";
  const left = isRecord(a["properties"]) ? a["properties"] : {};
  const right = isRecord(b["properties"]) ? b["properties"] : {};
  const properties: Schema = {};
  for (const name of [...new Set([...Object.keys(left), ...Object.keys(right)])]) {
    const [x, y] = [left[name], right[name]];
    properties[name] = x === undefined ? y : y === undefined || deepEqual(x, y) ? x : unionOf(x, y);
  }
  joined["properties"] = properties;
  const requiredRight = new Set(Array.isArray(b["required"]) ? b["required"] : []);
  const required = (Array.isArray(a["required"]) ? a["required"] : []).filter((name) => requiredRight.has(name));
  if (required.length > 0) joined["required"] = required;
  const [openA, openB] = [a["additionalProperties"], b["additionalProperties"]];
  if (openA === false && openB === false) joined["additionalProperties"] = false;
  else if (isRecord(openA) && isRecord(openB)) joined["additionalProperties"] = deepEqual(openA, openB) ? openA : unionOf(openA, openB);
  return joined;
}

/** What accepts either of two forms: the forms joined into one object when both are objects, else their union. */
const either = memoByIdentities((a: Schema, b: Schema): Schema => {
  if (deepEqual(a, b)) return a;
  return isPlainObject(a) && isPlainObject(b) ? joinObjects(a, b) : unionOf(a, b);
});

/**
 * The schema as zod can write it: `allOf` merged, every `if`/`then`/`else` replaced by the join of
 * its two forms (see above), all the way down.
 */
export function zodView(schema: unknown): Schema {
  if (!isRecord(schema)) return schema === false ? { not: {} } : {};
  let view = views.get(schema);
  if (view === undefined) views.set(schema, (view = viewOf(schema)));
  return view;
}

/** Each schema's view, by the schema object (see memoByIdentities). */
const views = new WeakMap<Schema, Schema>();

function viewOf(schema: Schema): Schema {
  const { if: condition, then: thenForm, else: elseForm, allOf, ...rest } = schema;
  const conditionals: { then: unknown; else: unknown }[] = [];
  if (condition !== undefined) conditionals.push({ then: thenForm, else: elseForm });
  let node: Schema = rest;
  for (const member of Array.isArray(allOf) ? allOf : []) {
    if (!isRecord(member)) continue;
    const { if: memberCondition, then: memberThen, else: memberElse, ...memberRest } = member;
    if (memberCondition !== undefined) conditionals.push({ then: memberThen, else: memberElse });
    node = mergeSchemas(node, zodView(memberRest));
  }
  for (const conditional of conditionals) {
    const form = (branch: unknown): Schema => (isRecord(branch) ? mergeSchemas(node, zodView(branch)) : node);
    node = either(form(conditional.then), form(conditional.else));
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === "properties" || key === "$defs" || key === "definitions") && isRecord(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, zodView(sub)]));
    } else if ((key === "anyOf" || key === "oneOf") && Array.isArray(value)) {
      out[key] = value.map(zodView);
    } else if ((key === "items" || key === "additionalProperties") && isRecord(value)) {
      out[key] = zodView(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** One call of the chain that builds a schema: a `z.` constructor or a schema method, and its argument if it takes one. */
export type ZodCall = readonly [method: string] | readonly [method: string, argument: unknown];

/**
 * A zod schema as data: the calls that build it, in order (`[["string"], ["min", 1]]` is
 * `z.string().min(1)`). A call's argument is a node where zod takes a schema (`array`,
 * `catchall`), a record of nodes for `object`, a list of nodes for `union`, a `$defs` name for
 * `lazy`, a shared part's name for `part` (the part itself), a pattern for `regex` (a `u` RegExp),
 * and a value otherwise.
 */
export type ZodNode = readonly ZodCall[];

/** A node's identity by content: the key that tells two union members apart. */
const keyOf = (node: ZodNode): string => JSON.stringify(node);

class ZodWriter {
  constructor(
    private readonly defs: ReadonlySet<string>,
    private readonly nameOf: ReadonlyMap<unknown, string> = new Map(),
    private readonly self?: unknown,
  ) {}

  node(schema: unknown): ZodNode {
    if (schema !== this.self) {
      const name = this.nameOf.get(schema);
      if (name !== undefined) return [["part", name]];
    }
    if (!isRecord(schema)) return [[schema === false ? "never" : "unknown"]];
    const bare = this.bare(schema);
    return typeof schema["description"] === "string" ? [...bare, ["describe", schema["description"]]] : bare;
  }

  private bare(schema: Schema): ZodNode {
    const ref = schema["$ref"];
    if (typeof ref === "string") {
      const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
      const name = match ? decodeURIComponent(match[1]!.replace(/~1/g, "/").replace(/~0/g, "~")) : undefined;
      return name !== undefined && this.defs.has(name) ? [["lazy", name]] : [["unknown"]];
    }
    const union = Array.isArray(schema["anyOf"]) ? schema["anyOf"] : Array.isArray(schema["oneOf"]) ? schema["oneOf"] : null;
    if (union !== null) {
      const { anyOf: _a, oneOf: _o, description: _d, ...base } = schema;
      const hasBase = Object.keys(base).length > 0;
      return this.union(union.map((member) => this.node(hasBase && isRecord(member) ? mergeSchemas(member, base) : member)));
    }
    if ("const" in schema) return this.literal(schema["const"]);
    if (Array.isArray(schema["enum"])) {
      const values = schema["enum"];
      if (values.length > 0 && values.every((value): value is string => typeof value === "string")) return [["enum", [...new Set(values)]]];
      return this.union(values.map((value) => this.literal(value)));
    }
    const type = schema["type"];
    if (Array.isArray(type)) return this.union(type.map((t) => this.typed(schema, String(t))));
    if (typeof type === "string") return this.typed(schema, type);
    if (isRecord(schema["properties"]) || schema["additionalProperties"] !== undefined) return this.typed(schema, "object");
    if (schema["items"] !== undefined) return this.typed(schema, "array");
    return [["unknown"]];
  }

  private literal(value: unknown): ZodNode {
    if (value === null) return [["null"]];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [["literal", value]];
    return [["unknown"]];
  }

  private union(members: ZodNode[]): ZodNode {
    const unique = [...new Map(members.map((member) => [keyOf(member), member])).values()];
    if (unique.length === 0) return [["never"]];
    if (unique.length === 1) return unique[0]!;
    return [["union", unique]];
  }

  private typed(schema: Schema, type: string): ZodNode {
    const num = (key: string): number | undefined => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
    const bounds = (calls: ZodCall[], pairs: [keyword: string, method: string][]): ZodCall[] => {
      for (const [keyword, method] of pairs) {
        const value = num(keyword);
        if (value !== undefined) calls.push([method, value]);
      }
      return calls;
    };
    switch (type) {
      case "string": {
        const calls = bounds(
          [["string"]],
          [
            ["minLength", "min"],
            ["maxLength", "max"],
          ],
        );
        if (typeof schema["pattern"] === "string") calls.push(["regex", schema["pattern"]]);
        return calls;
      }
      case "number":
      case "integer":
        return bounds(type === "integer" ? [["number"], ["int"]] : [["number"]], [
          ["minimum", "gte"],
          ["maximum", "lte"],
          ["exclusiveMinimum", "gt"],
          ["exclusiveMaximum", "lt"],
        ]);
      case "boolean":
        return [["boolean"]];
      case "null":
        return [["null"]];
      case "array":
        return bounds(
          [["array", this.node(isRecord(schema["items"]) ? schema["items"] : {})]],
          [
            ["minItems", "min"],
            ["maxItems", "max"],
          ],
        );
      case "object": {
        const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
        const required = new Set(Array.isArray(schema["required"]) ? schema["required"] : []);
        // Built from entries: a field named `__proto__` stays a field.
        const shape = Object.fromEntries(
          Object.keys(properties)
            .sort(compareStrings)
            .map((name): [string, ZodNode] => {
              const node = this.node(properties[name]);
              return [name, required.has(name) ? node : [...node, ["optional"]]];
            }),
        );
        const object: ZodCall = ["object", shape];
        const additional = schema["additionalProperties"];
        if (additional === false) return [object, ["strict"]];
        if (isRecord(additional) && Object.keys(additional).length > 0) return [object, ["catchall", this.node(additional)]];
        return [object, ["passthrough"]];
      }
      default:
        return [["unknown"]];
    }
  }
}

/** The sub-schemas the zod writer turns into expressions of their own (where a shared const can stand). */
function subSchemas(value: object): unknown[] {
  if (!isRecord(value)) return [];
  const found: unknown[] = [];
  if (isRecord(value["properties"])) found.push(...Object.values(value["properties"]));
  if (isRecord(value["items"])) found.push(value["items"]);
  if (isRecord(value["additionalProperties"])) found.push(value["additionalProperties"]);
  // The two forms of a joined field (the error and the success `details`, say) recur across tools.
  for (const key of ["anyOf", "oneOf"]) if (Array.isArray(value[key])) found.push(...(value[key] as unknown[]));
  return found;
}

function containsRef(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsRef);
  if (!isRecord(value)) return false;
  return typeof value["$ref"] === "string" || Object.values(value).some(containsRef);
}

function withoutDefs(view: Schema): { root: Schema; defs: Schema } {
  const { $defs, definitions, ...root } = view;
  return { root, defs: isRecord($defs) ? $defs : isRecord(definitions) ? definitions : {} };
}

/** A tool's schema as data: its node, or with `$defs` the definitions (each a `lazy` target) and the node. */
export type ZodEntry = ZodNode | { readonly defs: { readonly [name: string]: ZodNode }; readonly schema: ZodNode };

export interface ZodModule {
  /** Sub-schemas several tools share, each built once, after the parts it takes (a `part` call names one). */
  shared: { name: string; node: ZodNode }[];
  /** Each tool's schema, in the order given. */
  tools: { name: string; entry: ZodEntry }[];
}

/**
 * The zod schemas of several tools' output schemas, as data (see `ZodNode`) that the generated
 * module builds into zod when it loads: as `z.` call chains written out, the project's `tsc`
 * checked every call and typed every shape literal, about 10 MB of its heap at 1,000 tools.
 * Sub-schemas that repeat across tools (the envelope's layers) are written once, as parts.
 * Sub-schemas holding a `$ref` are never shared: a ref means something only under its own root.
 */
export function zodModule(schemas: readonly { name: string; schema: JsonSchemaObject }[]): ZodModule {
  const views = schemas.map(({ name, schema }) => ({ name, ...withoutDefs(zodView(schema)) }));
  const plan = planSharing(
    views.map((view) => view.root),
    { prefix: "Z_", minSize: 120, canShare: (value) => !containsRef(value), childrenOf: subSchemas },
  );
  const shared = plan.shared.map(({ name, value }) => ({ name, node: new ZodWriter(new Set(), plan.nameOf, value).node(value) }));
  const tools = views.map(({ name, root, defs }): { name: string; entry: ZodEntry } => {
    const names = Object.keys(defs).sort(compareStrings);
    const writer = new ZodWriter(new Set(names), plan.nameOf);
    const schema = writer.node(root);
    if (names.length === 0) return { name, entry: schema };
    return { name, entry: { defs: Object.fromEntries(names.map((def): [string, ZodNode] => [def, writer.node(defs[def])])), schema } };
  });
  return { shared, tools };
}

/** What `output-schemas.zod.ts.hbs` takes: the parts and the tools as JSON text for a `String.raw` literal, a part or a tool a line. */
export function zodModuleView(module: ZodModule): { hasParts: boolean; partsJson: string; toolsJson: string; tools: { name: string }[] } {
  const lines = (entries: [string, unknown][]): string =>
    jsonInRawTemplate(entries.length === 0 ? "{}" : `{\n${entries.map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(",\n")}\n}`);
  return {
    hasParts: module.shared.length > 0,
    partsJson: lines(module.shared.map(({ name, node }) => [name, node])),
    toolsJson: lines(module.tools.map(({ name, entry }) => [name, entry])),
    tools: module.tools.map(({ name }) => ({ name })),
  };
}
