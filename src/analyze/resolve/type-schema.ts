import type { ts } from "../../compiler.cjs";
import { ElementFlags, SignatureKind, SymbolFlags, TypeFlags } from "../engine/ts6-enums.generated.js";
import type { JsonSchemaObject } from "../inventory.js";
import { classOrInterfaceTarget, isUnwritableMemberName, propertiesInOrder, type TypeReferenceEmitter } from "./type-reference.js";
import { isClassLike, isGetAccessorDeclaration, isSetAccessorDeclaration } from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";

/**
 * The JSON Schema (draft 2020-12) of what `JSON.stringify` makes of a payload type, read from the
 * checker's types:
 * - `undefined`, functions and symbols vanish from objects (so such properties are not required)
 *   and become `null` in arrays; a `toJSON()` method decides what an object turns into, so `Date`
 *   is `{ type: "string", format: "date-time" }`; lib objects without one (`Map`, `Set`) are `{}`-shaped objects;
 * - literals are `const`, unions of literals `enum`, other unions `anyOf`, tuples `prefixItems`;
 * - object schemas list `properties` in declaration order and stay open to other properties (a
 *   value typed `Forecast` may carry more at run time); index signatures give `additionalProperties`;
 * - a named type that refers to itself goes to `$defs` (sorted) and is used through `$ref`.
 *   The `$defs` sit at the schema's root: the protocols hoist them when they nest the payload.
 * Enum values are sorted, like the members of the type reference's unions.
 */

interface Active {
  /** The `$defs` key, allocated the first time the type is met inside itself. */
  defName: string | null;
  name: string;
}

interface Context {
  defs: Map<string, JsonSchemaObject>;
  active: Map<ts.Type, Active>;
  /** Recursive types already in `$defs`, met again elsewhere in the payload. */
  done: Map<ts.Type, string>;
  depth: number;
  /** Schemas left to write (see type-reference.ts). */
  budget: number;
  /** How many instantiations of each named generic are being converted, one inside the other. */
  nesting: Map<ts.Symbol, number>;
}

/** What a value of this type turns into in JSON. */
type Converted = { kind: "schema"; schema: JsonSchemaObject } | { kind: "absent" };

const MAX_DEPTH = 40;
const MAX_SCHEMAS = 20_000;
const MAX_GENERIC_NESTING = 5;
const ABSENT: Converted = { kind: "absent" };

function schema(value: JsonSchemaObject): Converted {
  return { kind: "schema", schema: value };
}

type Literal = string | number | boolean | null;

function literalRank(value: Literal): number {
  return value === null ? 3 : typeof value === "boolean" ? 2 : typeof value === "number" ? 1 : 0;
}

function compareLiterals(a: Literal, b: Literal): number {
  const rank = literalRank(a) - literalRank(b);
  if (rank !== 0) return rank;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export class TypeSchemaEmitter {
  private readonly checker: AnalysisChecker;
  private readonly callable = new Map<ts.Type, boolean>();

  constructor(
    checker: AnalysisChecker,
    private readonly names: TypeReferenceEmitter,
  ) {
    this.checker = checker;
  }

  /** The schema of the union of a tool's success payload types; null (a payload that cannot be told) is `{}`. */
  schema(types: readonly (ts.Type | null)[]): JsonSchemaObject {
    if (types.some((type) => type === null)) return {};
    const context: Context = { defs: new Map(), active: new Map(), done: new Map(), depth: 0, budget: MAX_SCHEMAS, nesting: new Map() };
    const known = types.filter((type): type is ts.Type => type !== null);
    const converted = known.length === 1 && known[0] ? this.convert(known[0], context) : this.union(known, context);
    const root = converted.kind === "schema" ? converted.schema : {};
    if (context.defs.size === 0) return root;
    const defs: JsonSchemaObject = {};
    for (const name of [...context.defs.keys()].sort()) defs[name] = context.defs.get(name);
    return { ...root, $defs: defs };
  }

  private convert(type: ts.Type, context: Context): Converted {
    if (context.depth > MAX_DEPTH || --context.budget < 0) return schema({});
    context.depth++;
    try {
      return this.convertType(type, context);
    } finally {
      context.depth--;
    }
  }

  /** A schema in a place that must hold a value: an array element (`undefined` and functions become `null` there). */
  private element(type: ts.Type, context: Context): JsonSchemaObject {
    const members = type.isUnion() ? type.types : [type];
    const absentToo = members.some((member) => this.convertsToAbsent(member));
    const converted = this.convert(type, context);
    if (converted.kind === "absent") return { type: "null" };
    if (!absentToo) return converted.schema;
    return this.mergeAnyOf([converted.schema, { type: "null" }]);
  }

  private convertsToAbsent(type: ts.Type): boolean {
    return (type.flags & (TypeFlags.Undefined | TypeFlags.Void | TypeFlags.ESSymbolLike)) !== 0 || this.isFunctionOnly(type);
  }

  /** Anything callable is a function at run time, and JSON has no functions. */
  private isFunctionOnly(type: ts.Type): boolean {
    if (!(type.flags & TypeFlags.Object)) return false;
    // Asking an `Array<T>` for its signatures would instantiate every array method.
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) return false;
    let callable = this.callable.get(type);
    if (callable === undefined) {
      callable =
        this.checker.getSignaturesOfType(type, SignatureKind.Call).length > 0 || this.checker.getSignaturesOfType(type, SignatureKind.Construct).length > 0;
      this.callable.set(type, callable);
    }
    return callable;
  }

  private convertType(type: ts.Type, context: Context): Converted {
    const flags = type.flags;
    if (flags & (TypeFlags.Any | TypeFlags.Unknown)) return schema({});
    if (flags & (TypeFlags.Undefined | TypeFlags.Void | TypeFlags.ESSymbolLike)) return ABSENT;
    if (flags & TypeFlags.Never) return schema({ not: {} });
    if (flags & TypeFlags.Null) return schema({ type: "null" });
    if (type.isStringLiteral()) return schema({ const: type.value });
    if (type.isNumberLiteral()) return schema({ const: type.value });
    if (flags & TypeFlags.BooleanLiteral) return schema({ const: this.isTrue(type) });
    if (flags & (TypeFlags.String | TypeFlags.TemplateLiteral | TypeFlags.StringMapping)) return schema({ type: "string" });
    if (flags & TypeFlags.Number) return schema({ type: "number" });
    if (flags & TypeFlags.Boolean) return schema({ type: "boolean" });
    // `JSON.stringify` throws on a bigint: nothing it can produce to describe.
    if (flags & (TypeFlags.BigInt | TypeFlags.BigIntLiteral)) return schema({});
    if (flags & TypeFlags.NonPrimitive) return schema({ type: "object" });
    if (type.isUnion()) return this.named(type, type.aliasSymbol, context, () => this.union(type.types, context));
    if (type.isIntersection()) return this.named(type, type.aliasSymbol, context, () => this.intersection(type, context));
    if (flags & TypeFlags.Object) {
      // Arrays are not names of their own: a recursion through `T[]` is caught at `T`.
      const symbol = this.checker.isArrayType(type) ? undefined : (type.aliasSymbol ?? classOrInterfaceTarget(type)?.symbol);
      return this.named(type, symbol, context, () => this.object(type as ts.ObjectType, context));
    }
    // Type parameters and deferred types: anything.
    return schema({});
  }

  private isTrue(type: ts.Type): boolean {
    return (type as { intrinsicName?: string }).intrinsicName === "true";
  }

  /**
   * Convert a named type, watching for it inside itself: then it goes to `$defs` and every use,
   * including this one, becomes a `$ref`.
   */
  private named(type: ts.Type, symbol: ts.Symbol | undefined, context: Context, convert: () => Converted): Converted {
    if (symbol === undefined) return convert();
    const done = context.done.get(type);
    if (done !== undefined) return schema({ $ref: `#/$defs/${done}` });
    const active = context.active.get(type);
    if (active) {
      active.defName ??= this.allocate(active.name, context);
      return schema({ $ref: `#/$defs/${active.defName}` });
    }
    // A generic nested in itself with ever new arguments (`Grow<[T]>` inside `Grow<T>`) never meets
    // the same type twice: past a few levels, leave the rest open.
    const nesting = context.nesting.get(symbol) ?? 0;
    if (nesting >= MAX_GENERIC_NESTING) return schema({});
    const entry: Active = { defName: null, name: symbol.name };
    context.active.set(type, entry);
    context.nesting.set(symbol, nesting + 1);
    let converted: Converted;
    try {
      converted = convert();
    } finally {
      context.active.delete(type);
      context.nesting.set(symbol, nesting);
    }
    if (entry.defName === null) return converted;
    context.defs.set(entry.defName, converted.kind === "schema" ? converted.schema : {});
    context.done.set(type, entry.defName);
    return schema({ $ref: `#/$defs/${entry.defName}` });
  }

  private allocate(name: string, context: Context): string {
    const base = name.replace(/[^A-Za-z0-9_]/g, "_") || "Type";
    let candidate = base;
    const taken = (key: string) => context.defs.has(key) || [...context.active.values()].some((a) => a.defName === key);
    for (let n = 2; taken(candidate); n++) candidate = `${base}_${n}`;
    // Reserve it now: a sibling recursion may be allocated before this one is stored.
    context.defs.set(candidate, {});
    return candidate;
  }

  private union(types: readonly ts.Type[], context: Context): Converted {
    const literals: Literal[] = [];
    const schemas: JsonSchemaObject[] = [];
    let sawTrue = false;
    let sawFalse = false;
    let present = false;
    const flat: ts.Type[] = [];
    const flatten = (members: readonly ts.Type[]): void => {
      for (const member of members) {
        // A nested union without a name of its own is just more members.
        if (member.isUnion() && !member.aliasSymbol && !(member.flags & TypeFlags.Boolean)) flatten(member.types);
        else flat.push(member);
      }
    };
    flatten(types);
    for (const member of flat) {
      if (member.flags & TypeFlags.BooleanLiteral) {
        if (this.isTrue(member)) sawTrue = true;
        else sawFalse = true;
        present = true;
        continue;
      }
      if (member.isStringLiteral() || member.isNumberLiteral()) {
        literals.push(member.value);
        present = true;
        continue;
      }
      if (member.flags & TypeFlags.Null) {
        literals.push(null);
        present = true;
        continue;
      }
      const converted = this.convert(member, context);
      if (converted.kind === "absent" || this.isFunctionOnly(member)) continue;
      present = true;
      schemas.push(converted.schema);
    }
    if (!present) return ABSENT;
    if (sawTrue && sawFalse) schemas.push({ type: "boolean" });
    else if (sawTrue) literals.push(true);
    else if (sawFalse) literals.push(false);
    const values = [...new Set(literals)].sort(compareLiterals);
    if (values.length === 1 && values[0] === null) schemas.push({ type: "null" });
    else if (values.length === 1) schemas.push({ const: values[0] });
    else if (values.length > 1) schemas.push({ enum: values });
    return schema(this.mergeAnyOf(schemas));
  }

  /** One schema, or `anyOf` the distinct ones (sorted by their JSON, so the order never depends on the checker's). */
  private mergeAnyOf(schemas: JsonSchemaObject[]): JsonSchemaObject {
    const byText = new Map<string, JsonSchemaObject>();
    for (const item of schemas) byText.set(JSON.stringify(item), item);
    if (byText.has("{}")) return {};
    const distinct = [...byText.keys()].sort().map((key) => byText.get(key) ?? {});
    if (distinct.length === 1 && distinct[0]) return distinct[0];
    if (distinct.length === 0) return { not: {} };
    return { anyOf: distinct };
  }

  /** A branded primitive (`string & { __brand }`) is its primitive; objects merge their properties. */
  private intersection(type: ts.IntersectionType, context: Context): Converted {
    const primitive = type.types.find((member) => !(member.flags & TypeFlags.Object));
    if (primitive) return this.convert(primitive, context);
    return this.objectSchema(type, context);
  }

  private object(type: ts.ObjectType, context: Context): Converted {
    const checker = this.checker;
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference);
      return schema({ type: "array", items: element ? this.element(element, context) : {} });
    }
    if (checker.isTupleType(type)) return this.tuple(type as ts.TupleTypeReference, context);
    if (this.isFunctionOnly(type)) return ABSENT;

    const target = classOrInterfaceTarget(type);
    if (target && this.names.isLibSymbol(target.symbol) && target.symbol.name === "Date") return schema({ type: "string", format: "date-time" });
    // `toJSON()` decides what the value becomes.
    const toJson = checker.getPropertyOfType(type, "toJSON");
    if (toJson) {
      const [signature] = checker.getSignaturesOfType(checker.getTypeOfSymbol(toJson), SignatureKind.Call);
      if (signature) return this.convert(signature.getReturnType(), context);
    }
    // Lib objects (`Map`, `Set`, `Promise`, `Error`) keep their state off their own enumerable properties.
    if (target && this.names.isLibSymbol(target.symbol)) return schema({ type: "object" });
    return this.objectSchema(type, context);
  }

  private tuple(type: ts.TupleTypeReference, context: Context): Converted {
    const target = type.target;
    const elements = this.checker.getTypeArguments(type).slice(0, target.elementFlags.length);
    const prefixItems: JsonSchemaObject[] = [];
    let rest: JsonSchemaObject | undefined;
    let minItems = 0;
    elements.forEach((element, index) => {
      const flag = target.elementFlags[index] ?? ElementFlags.Required;
      if (flag & ElementFlags.Variable) {
        const inner =
          flag & ElementFlags.Variadic && this.checker.isArrayType(element) ? this.checker.getTypeArguments(element as ts.TypeReference)[0] : element;
        rest = inner ? this.element(inner, context) : {};
        return;
      }
      if (rest !== undefined) return;
      prefixItems.push(this.element(element, context));
      if (flag & ElementFlags.Required) minItems = prefixItems.length;
    });
    const result: JsonSchemaObject = { type: "array", prefixItems, minItems };
    if (rest === undefined) result["maxItems"] = prefixItems.length;
    else result["items"] = rest;
    return schema(result);
  }

  private objectSchema(type: ts.Type, context: Context): Converted {
    const checker = this.checker;
    const properties: JsonSchemaObject = {};
    const required: string[] = [];
    for (const property of propertiesInOrder(type, checker)) {
      if (isUnwritableMemberName(property)) continue;
      const declarations = property.declarations ?? [];
      // A class's accessors live on its prototype: JSON.stringify never sees them.
      if (declarations.length > 0 && declarations.every((d) => (isGetAccessorDeclaration(d) || isSetAccessorDeclaration(d)) && isClassLike(d.parent))) continue;
      const propertyType = checker.getTypeOfSymbol(property);
      const members = propertyType.isUnion() ? propertyType.types : [propertyType];
      const converted = this.convert(propertyType, context);
      if (converted.kind === "absent") continue;
      properties[property.name] = converted.schema;
      // What a project class inherits from lib (`Error`'s `message`, `stack`) is not enumerable: JSON may not see it.
      const inherited = declarations.length > 0 && declarations.every((d) => this.names.isLibDeclaration(d));
      const mayBeAbsent = inherited || (property.flags & SymbolFlags.Optional) !== 0 || members.some((member) => this.convertsToAbsent(member));
      if (!mayBeAbsent) required.push(property.name);
    }
    const result: JsonSchemaObject = { type: "object" };
    if (Object.keys(properties).length > 0) result["properties"] = properties;
    if (required.length > 0) result["required"] = required;
    const indexValues = checker.getIndexInfosOfType(type).filter((info) => !(info.keyType.flags & TypeFlags.ESSymbolLike));
    if (indexValues.length > 0) {
      const values = indexValues.map((info) => this.convert(info.type, context)).flatMap((c) => (c.kind === "schema" ? [c.schema] : []));
      result["additionalProperties"] = values.length === 0 ? false : this.mergeAnyOf(values);
    }
    return schema(result);
  }
}
