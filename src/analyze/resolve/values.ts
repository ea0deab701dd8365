import type { ts } from "../../compiler.cjs";
import { SymbolFlags, SyntaxKind } from "../engine/ts6-enums.generated.js";
import { type FunctionNode, isFunctionNode, isValueWrapper, literalText, propertyNameText, unwrapExpression } from "../syntax.js";
import {
  isArrayLiteralExpression,
  isArrowFunction,
  isBinaryExpression,
  isBindingElement,
  isCallExpression,
  isClassLike,
  isConstructorDeclaration,
  isElementAccessExpression,
  isEnumMember,
  isExportAssignment,
  isExpression,
  isForOfStatement,
  isFunctionDeclaration,
  isFunctionExpression,
  isGetAccessorDeclaration,
  isIdentifier,
  isMethodDeclaration,
  isNewExpression,
  isObjectBindingPattern,
  isObjectLiteralExpression,
  isParameter,
  isPropertyAccessExpression,
  isPropertyAssignment,
  isPropertyDeclaration,
  isSetAccessorDeclaration,
  isShorthandPropertyAssignment,
  isSourceFile,
  isSpreadAssignment,
  isSpreadElement,
  isStringLiteralLike,
  isTemplateExpression,
  isVariableDeclaration,
  isVariableDeclarationList,
  kindOf,
  modifiersOf,
} from "../engine/ast.js";
import type { AnalysisChecker } from "../engine/engine.js";
import { isDeclarationFileName, valueDeclarationSite, valueDeclarationWhere } from "../engine/declarations-where.js";
import { compareStrings } from "../../compare-strings.js";

/**
 * What an expression of a registration stands for, read from the source through the checker's
 * symbols (never its types, which a generic registration erases: `t.name` is `string` for every
 * `t`). Registrations that forward their parts (`server.registerTool(t.name, ..., (p) =>
 * t.handler(p))` in a loop, a function that passes its parameters on, a module namespace) are
 * read by binding the names they depend on (a loop variable, a callback or function parameter) to
 * each value they take in the source, one instantiation at a time.
 */

export type Value =
  /**
   * A node the source writes (an expression, a function, a declaration). `owner`: the object or
   * module it was read from as a member; `written`: where it stands as written there (the
   * property's initializer, the argument a caller passes), when that is not `node` itself.
   */
  | { kind: "node"; node: ts.Node; owner?: ts.Node; written?: ts.Node }
  /** A string made of resolved parts (a template literal whose holes are bound), written at `at`. */
  | { kind: "string"; text: string; at: ts.Node; owner?: ts.Node; written?: ts.Node }
  /** A module namespace (`import * as Tool`): its exports are its members. */
  | { kind: "module"; file: ts.SourceFile; at: ts.Node }
  /** One `[key, value]` of `Object.entries(map)`: the key names the tool, `owner` is the map value. */
  | { kind: "entry"; key: string; keyNode: ts.Node; value: Value }
  /** An argument the call does not pass. */
  | { kind: "missing"; at: ts.Node };

/** A name whose values come from elsewhere: an iteration, or the calls of a function. */
export type Binder =
  /** `for (const t of X)`, `X.forEach((t) => ...)`: `declaration` takes each element of `iterable`. */
  | { kind: "loop"; declaration: ts.Node; iterable: ts.Expression }
  /** A parameter of `fn`: it takes each call's arguments. */
  | { kind: "call"; fn: FunctionNode };

export type Evaluation = { value: Value } | { needs: Binder } | { unknown: ts.Node };

/** One instantiation: each bound declaration (parameter, loop variable) and the value it takes. */
export type Env = ReadonlyMap<ts.Node, Value>;

export const EMPTY_ENV: Env = new Map();

/** Array methods whose callback's first parameter takes each element of the receiver. */
const ITERATING_METHODS = new Set(["forEach", "map", "flatMap", "filter", "some", "every", "find"]);
/** Array methods that keep (some of) the receiver's elements as they are. */
const KEEPING_METHODS = new Set(["filter", "slice", "concat", "toSorted", "toReversed", "reverse", "sort"]);

const MAX_DEPTH = 24;

/** Whether a node is an element of an array literal, past the parentheses and `as`/`satisfies` around it. */
function isArrayElement(node: ts.Node): boolean {
  let current = node;
  while (current.parent && isValueWrapper(current.parent)) current = current.parent;
  return current.parent !== undefined && isArrayLiteralExpression(current.parent);
}

/** The class whose instance `this` is at a node: arrow functions keep the enclosing `this`, other functions do not. */
function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (isClassLike(current)) return current;
    if (
      isFunctionNode(current) &&
      !isArrowFunction(current) &&
      !isMethodDeclaration(current) &&
      !isConstructorDeclaration(current) &&
      !isGetAccessorDeclaration(current) &&
      !isSetAccessorDeclaration(current)
    )
      return undefined;
  }
  return undefined;
}

function isFailure(evaluation: Evaluation): evaluation is { needs: Binder } | { unknown: ts.Node } {
  return !("value" in evaluation);
}

/** A function whose calls the project makes by name: a declaration, a method, or a function in a variable. */
export function callableName(fn: FunctionNode): string | undefined {
  if ((isFunctionDeclaration(fn) || isMethodDeclaration(fn)) && fn.name) return propertyNameText(fn.name);
  const parent = fn.parent;
  if ((isFunctionExpression(fn) || isArrowFunction(fn)) && parent) {
    if (isVariableDeclaration(parent) && isIdentifier(parent.name)) return parent.name.text;
    if ((isPropertyAssignment(parent) || isPropertyDeclaration(parent)) && parent.initializer === fn) return propertyNameText(parent.name);
  }
  return undefined;
}

export class Evaluator {
  constructor(
    private readonly checker: AnalysisChecker,
    /** The calls of a function across the project; undefined while files are still being walked. */
    private readonly callSites?: (fn: FunctionNode) => readonly ts.CallExpression[],
  ) {}

  get knowsCallSites(): boolean {
    return this.callSites !== undefined;
  }

  /** The most concrete value `expression` has under `env`, or the binder it waits for. */
  evaluate(expression: ts.Node, env: Env, depth = 0): Evaluation {
    if (depth > MAX_DEPTH) return { unknown: expression };
    if (!isExpression(expression)) return this.declaration(expression, expression, env, depth);
    const node = unwrapExpression(expression);
    if (isStringLiteralLike(node)) return { value: { kind: "node", node } };
    if (kindOf(node) === SyntaxKind.ThisKeyword) {
      // `this` in a method: the object the instantiated call is made on, when a call binds it.
      const holder = enclosingClass(node);
      const bound = holder ? env.get(holder) : undefined;
      if (bound && bound.kind === "node" && isExpression(bound.node)) return this.evaluate(bound.node, env, depth + 1);
      return { value: { kind: "node", node } };
    }
    if (isTemplateExpression(node)) return this.template(node, env, depth);
    if (isIdentifier(node)) return this.identifier(node, env, depth);
    if (isPropertyAccessExpression(node) || (isElementAccessExpression(node) && isStringLiteralLike(unwrapExpression(node.argumentExpression)))) {
      const key = isPropertyAccessExpression(node) ? node.name.text : (unwrapExpression(node.argumentExpression) as ts.StringLiteralLike).text;
      const base = this.evaluate(node.expression, env, depth + 1);
      if (isFailure(base)) return "unknown" in base ? { value: { kind: "node", node } } : base;
      const found = this.member(base.value, key, env, depth + 1);
      if ("unknown" in found && base.value.kind === "node" && kindOf(base.value.node) === SyntaxKind.ThisKeyword && isPropertyAccessExpression(node)) {
        // `this.tools` where no call binds `this`: the class's own field initializer.
        const field = this.checker.getSymbolAtLocation(node.name)?.valueDeclaration;
        if (field && isPropertyDeclaration(field) && field.initializer) return this.evaluate(field.initializer, env, depth + 1);
      }
      // A member of something the source does not spell out (`this.server`, `settings.name` of a parsed
      // config): the expression itself, which the checker may still resolve.
      if ("unknown" in found) return { value: { kind: "node", node } };
      return found;
    }
    if (
      isBinaryExpression(node) &&
      (kindOf(node.operatorToken) === SyntaxKind.BarBarToken || kindOf(node.operatorToken) === SyntaxKind.QuestionQuestionToken)
    ) {
      // `toolName || "web_search"`: the fallback when the argument is not passed.
      const left = this.evaluate(node.left, env, depth + 1);
      if ("value" in left && left.value.kind === "missing") return this.evaluate(node.right, env, depth + 1);
      if ("value" in left && left.value.kind === "node" && left.value.node === unwrapExpression(node.left)) return { value: { kind: "node", node } };
      return left;
    }
    return { value: { kind: "node", node } };
  }

  private template(node: ts.TemplateExpression, env: Env, depth: number): Evaluation {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = this.evaluate(span.expression, env, depth + 1);
      if ("needs" in part) return part;
      const partText = "value" in part ? this.textOf(part.value) : undefined;
      if (partText === undefined) return { value: { kind: "node", node } };
      text += partText + span.literal.text;
    }
    return { value: { kind: "string", text, at: node } };
  }

  /** The string a value is, when the source says so (a literal, a resolved template, a key, a literal-typed constant). */
  textOf(value: Value): string | undefined {
    if (value.kind === "string") return value.text;
    if (value.kind === "entry") return value.key;
    if (value.kind !== "node") return undefined;
    const literal = literalText(value.node);
    if (literal !== undefined) return literal;
    if (isEnumMember(value.node) || isExpression(value.node)) {
      const type = this.checker.getTypeAtLocation(value.node);
      if (type.isStringLiteral()) return type.value;
    }
    return undefined;
  }

  private identifier(node: ts.Identifier, env: Env, depth: number): Evaluation {
    let symbol = this.checker.getSymbolAtLocation(node);
    if (!symbol) return { value: { kind: "node", node } };
    // `{ handler }` in an object literal names the value in scope, which may be an import
    // (`const tools = { search, fetch }` of imported tool objects): followed below.
    if (valueDeclarationSite(symbol, this.checker)?.kind === SyntaxKind.ShorthandPropertyAssignment) {
      symbol = this.checker.getShorthandAssignmentValueSymbol(symbol.valueDeclaration) ?? symbol;
    }
    if (symbol.flags & SymbolFlags.Alias) {
      const target = this.checker.getAliasedSymbol(symbol);
      const file = target.declarations?.find(isSourceFile);
      if (file) return { value: { kind: "module", file, at: node } };
      symbol = target;
    }
    // A global of the compiler's own library (`Object`, `JSON`, `Math`) is a `declare var`: no value
    // the source spells out. Told by where it is declared, so TypeScript 7 never fetches lib.es5.d.ts (0.9 MB) for it.
    const site = valueDeclarationSite(symbol, this.checker);
    if (site?.kind === SyntaxKind.VariableDeclaration && isDeclarationFileName(site.fileName) && this.checker.isDefaultLibraryFile?.(site.fileName))
      return { value: { kind: "node", node } };
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration) return { value: { kind: "node", node } };
    if (isSourceFile(declaration)) return { value: { kind: "module", file: declaration, at: node } };
    return this.declaration(declaration, node, env, depth);
  }

  /** What a declaration holds: its bound value, its initializer, or the binder it waits for. */
  private declaration(declaration: ts.Node, reference: ts.Node, env: Env, depth: number): Evaluation {
    const bound = env.get(declaration);
    if (bound)
      return bound.kind === "node" && !bound.owner && isExpression(bound.node)
        ? this.writtenAt(this.evaluate(bound.node, env, depth + 1), bound.node)
        : { value: bound };
    if (isBindingElement(declaration)) return this.bindingElement(declaration, env, depth);
    if (isParameter(declaration)) {
      const binder = this.parameterBinder(declaration);
      return binder ? { needs: binder } : { value: { kind: "node", node: reference } };
    }
    if (isVariableDeclaration(declaration)) {
      const list = declaration.parent;
      if (isVariableDeclarationList(list) && isForOfStatement(list.parent)) {
        return { needs: { kind: "loop", declaration, iterable: list.parent.expression } };
      }
      return declaration.initializer ? this.evaluate(declaration.initializer, env, depth + 1) : { value: { kind: "node", node: reference } };
    }
    if (isPropertyAssignment(declaration)) return this.evaluate(declaration.initializer, env, depth + 1);
    if (isExportAssignment(declaration)) return this.evaluate(declaration.expression, env, depth + 1);
    if (isPropertyDeclaration(declaration) && declaration.initializer) return this.evaluate(declaration.initializer, env, depth + 1);
    if (isFunctionNode(declaration) || isClassLike(declaration) || isEnumMember(declaration)) return { value: { kind: "node", node: declaration } };
    return { value: { kind: "node", node: reference } };
  }

  /** Which binder a parameter belongs to: an iteration callback's element, or a function's calls. */
  private parameterBinder(parameter: ts.ParameterDeclaration): Binder | undefined {
    const fn = parameter.parent;
    if (!isFunctionNode(fn)) return undefined;
    const call = fn.parent;
    if (
      (isArrowFunction(fn) || isFunctionExpression(fn)) &&
      call &&
      isCallExpression(call) &&
      call.arguments[0] === fn &&
      fn.parameters[0] === parameter &&
      isPropertyAccessExpression(call.expression) &&
      ITERATING_METHODS.has(call.expression.name.text)
    ) {
      return { kind: "loop", declaration: parameter, iterable: call.expression.expression };
    }
    if (callableName(fn) !== undefined && !fn.getSourceFile().isDeclarationFile) return { kind: "call", fn };
    return undefined;
  }

  /** `name` in `const { name } = t`, `for (const [key, tool] of ...)`, `({ name, callback }: Spec) => ...`. */
  private bindingElement(element: ts.BindingElement, env: Env, depth: number): Evaluation {
    const path: (string | number)[] = [];
    let current: ts.Node = element;
    while (isBindingElement(current)) {
      const pattern: ts.BindingPattern = current.parent;
      if (isObjectBindingPattern(pattern)) {
        const key = propertyNameText(current.propertyName ?? current.name);
        if (key === undefined) return { unknown: element };
        path.unshift(key);
      } else {
        path.unshift(pattern.elements.indexOf(current));
      }
      current = pattern.parent;
    }
    let result = this.declaration(current, element, env, depth + 1);
    for (const step of path) {
      if (isFailure(result)) return result;
      result = this.index(result.value, step, env, depth + 1);
    }
    if ("value" in result && result.value.kind === "missing" && element.initializer) return this.evaluate(element.initializer, env, depth + 1);
    return result;
  }

  private index(value: Value, step: string | number, env: Env, depth: number): Evaluation {
    if (typeof step === "string") return this.member(value, step, env, depth);
    if (value.kind === "entry") {
      // The key of `[key, value]` names the tool the value defines.
      const owner = value.value.kind === "node" ? value.value.node : undefined;
      if (step === 0) return { value: { kind: "string", text: value.key, at: value.keyNode, ...(owner ? { owner } : {}) } };
      return step === 1 ? { value: value.value } : { unknown: value.keyNode };
    }
    if (value.kind === "node" && isArrayLiteralExpression(value.node)) {
      const element = value.node.elements[step];
      return element ? this.evaluate(element, env, depth + 1) : { value: { kind: "missing", at: value.node } };
    }
    return { unknown: value.kind === "node" ? value.node : value.at };
  }

  /** The member `key` of a value: a property of an object literal (spreads included), an export of a module. */
  member(value: Value, key: string, env: Env, depth: number): Evaluation {
    if (depth > MAX_DEPTH) return { unknown: value.kind === "entry" ? value.keyNode : value.kind === "node" ? value.node : value.at };
    if (value.kind === "missing") return { value };
    if (value.kind === "module") return this.moduleMember(value.file, key, env, depth);
    if (value.kind !== "node") return { unknown: value.kind === "entry" ? value.keyNode : value.at };
    const node = value.node;
    if (isObjectLiteralExpression(node)) return this.objectMember(node, key, env, depth);
    if (isCallExpression(node)) {
      // `z.object({...}).shape` has the params of the object itself.
      if (key === "shape") return { value: { kind: "node", node } };
      // `tool({...})`, `defineTool({...})`: a definition passed through a helper that hands it back.
      const [first] = node.arguments;
      if (first && node.arguments.length === 1) {
        const argument = this.evaluate(first, env, depth + 1);
        if ("value" in argument && argument.value.kind === "node" && isObjectLiteralExpression(argument.value.node)) {
          return this.objectMember(argument.value.node, key, env, depth);
        }
      }
      return { unknown: node };
    }
    if (isNewExpression(node)) {
      const classSymbol = this.checker.getSymbolAtLocation(node.expression);
      const target = classSymbol && classSymbol.flags & SymbolFlags.Alias ? this.checker.getAliasedSymbol(classSymbol) : classSymbol;
      // Only a class is read: `new Map(...)`'s `declare var Map` (lib.es2015's) is never fetched to be passed over.
      const declaration = target
        ? valueDeclarationWhere(target, this.checker, (_, kind) => kind === SyntaxKind.ClassDeclaration || kind === SyntaxKind.ClassExpression)
        : undefined;
      if (declaration && isClassLike(declaration)) {
        // `constructor(private readonly server: McpServer)`: the argument this `new` passes.
        const constructor = declaration.members.find(isConstructorDeclaration);
        const parameterIndex = constructor?.parameters.findIndex((p) => isIdentifier(p.name) && p.name.text === key && modifiersOf(p).length) ?? -1;
        const argument = parameterIndex >= 0 ? node.arguments?.[parameterIndex] : undefined;
        if (argument) return this.evaluate(argument, env, depth + 1);
        const property = declaration.members.find((m) => propertyNameText(m.name) === key);
        if (property && isPropertyDeclaration(property) && property.initializer)
          return this.owned(this.evaluate(property.initializer, env, depth + 1), node, property.initializer);
        if (property && isMethodDeclaration(property)) return { value: { kind: "node", node: property, owner: node } };
      }
    }
    return { unknown: node };
  }

  private owned(evaluation: Evaluation, owner: ts.Node, written: ts.Node): Evaluation {
    if (!("value" in evaluation)) return evaluation;
    const value = evaluation.value;
    if ((value.kind === "node" || value.kind === "string") && !value.owner) return { value: { ...value, owner, written: value.written ?? written } };
    return evaluation;
  }

  private writtenAt(evaluation: Evaluation, written: ts.Node): Evaluation {
    if (!("value" in evaluation)) return evaluation;
    const value = evaluation.value;
    if ((value.kind === "node" || value.kind === "string") && !value.written && (value.kind === "string" || value.node !== written))
      return { value: { ...value, written } };
    return evaluation;
  }

  private objectMember(object: ts.ObjectLiteralExpression, key: string, env: Env, depth: number): Evaluation {
    // Later properties win, as at run time; a spread's members count where the spread stands.
    for (let index = object.properties.length - 1; index >= 0; index--) {
      const property = object.properties[index]!;
      if (isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression, env, depth + 1);
        if (!("value" in spread)) continue;
        const inner = this.member(spread.value, key, env, depth + 1);
        if ("value" in inner && inner.value.kind !== "missing") return inner;
        if ("needs" in inner) return inner;
        continue;
      }
      if (propertyNameText(property.name) !== key) continue;
      if (isPropertyAssignment(property)) return this.owned(this.evaluate(property.initializer, env, depth + 1), object, property.initializer);
      if (isShorthandPropertyAssignment(property)) return this.owned(this.evaluate(property.name, env, depth + 1), object, property.name);
      if (isMethodDeclaration(property)) return { value: { kind: "node", node: property, owner: object } };
      return { unknown: property };
    }
    return { value: { kind: "missing", at: object } };
  }

  private moduleMember(file: ts.SourceFile, key: string, env: Env, depth: number): Evaluation {
    const moduleSymbol = this.checker.getSymbolAtLocation(file);
    let symbol = moduleSymbol ? this.checker.getExportsOfModule(moduleSymbol).find((s) => s.name === key) : undefined;
    if (!symbol) return { value: { kind: "missing", at: file } };
    if (symbol.flags & SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!declaration) return { unknown: file };
    const written = isVariableDeclaration(declaration) && declaration.initializer ? declaration.initializer : declaration;
    return this.owned(this.declaration(declaration, declaration, env, depth + 1), file, written);
  }

  /**
   * The elements an iterable takes, in source order: array literals (spreads flattened), the
   * consts and imports that hold them, `Object.values/entries/keys` of an object or module,
   * `new Map([...])` and its `values()`/`entries()`, and array methods that keep elements.
   */
  elementsOf(expression: ts.Expression, env: Env, depth = 0): { values: Value[] } | { needs: Binder } | { unknown: ts.Node } {
    if (depth > MAX_DEPTH) return { unknown: expression };
    const node = unwrapExpression(expression);
    if (isArrayLiteralExpression(node)) {
      const values: Value[] = [];
      for (const element of node.elements) {
        if (isSpreadElement(element)) {
          const inner = this.elementsOf(element.expression, env, depth + 1);
          if (!("values" in inner)) return inner;
          values.push(...inner.values);
          continue;
        }
        const value = this.evaluate(element, env, depth + 1);
        if ("needs" in value) return value;
        if ("unknown" in value) return value;
        values.push(value.value);
      }
      return { values };
    }
    if (isCallExpression(node)) {
      const callee = unwrapExpression(node.expression);
      if (isPropertyAccessExpression(callee)) {
        const method = callee.name.text;
        const receiver = unwrapExpression(callee.expression);
        if (isIdentifier(receiver) && receiver.text === "Object" && ["values", "entries", "keys"].includes(method) && node.arguments[0]) {
          return this.members(node.arguments[0], method as "values" | "entries" | "keys", env, depth + 1);
        }
        if (isIdentifier(receiver) && receiver.text === "Array" && method === "from" && node.arguments[0])
          return this.elementsOf(node.arguments[0], env, depth + 1);
        if (KEEPING_METHODS.has(method)) {
          const kept = this.elementsOf(callee.expression, env, depth + 1);
          if (!("values" in kept) || method !== "concat") return kept;
          const values = [...kept.values];
          for (const argument of node.arguments) {
            const more = this.elementsOf(argument, env, depth + 1);
            if (!("values" in more)) return more;
            values.push(...more.values);
          }
          return { values };
        }
        if (method === "values" || method === "entries" || method === "keys") {
          const map = this.evaluate(callee.expression, env, depth + 1);
          if ("value" in map && map.value.kind === "node" && isNewExpression(map.value.node)) return this.mapElements(map.value.node, method, env, depth + 1);
          return "value" in map ? { unknown: node } : map;
        }
      }
      return { unknown: node };
    }
    if (isNewExpression(node)) return this.mapElements(node, "entries", env, depth + 1);
    const value = this.evaluate(node, env, depth + 1);
    if (!("value" in value)) return value;
    if (value.value.kind === "node" && value.value.node !== node && isExpression(value.value.node)) return this.elementsOf(value.value.node, env, depth + 1);
    return { unknown: node };
  }

  /**
   * The elements of an array read from its type, when the source cannot be followed to them: each
   * member of the element type's union must be the type of an object literal written as an element
   * of an array literal in the project (`const TOOLS = [{ name: "a" as const, ... }, ...]`, whose
   * `(typeof TOOLS)[number]` the functions that filter it return). Those literals, in source order;
   * anything else (an interface, an object built elsewhere, a declaration file) is no answer.
   */
  private elementsByType(expression: ts.Expression): { values: Value[] } | undefined {
    const type = this.checker.getTypeAtLocation(expression);
    if (!this.checker.isArrayType(type) && !this.checker.isTupleType(type)) return undefined;
    const members = this.checker.getTypeArguments(type as ts.TypeReference).flatMap((element) => (element.isUnion() ? element.types : [element]));
    const literals = new Set<ts.ObjectLiteralExpression>();
    for (const member of members) {
      const declaration = member.getSymbol()?.declarations?.[0];
      if (!declaration || !isObjectLiteralExpression(declaration) || !isArrayElement(declaration) || declaration.getSourceFile().isDeclarationFile)
        return undefined;
      literals.add(declaration);
    }
    if (literals.size === 0) return undefined;
    const inSourceOrder = [...literals].sort((a, b) => compareStrings(a.getSourceFile().fileName, b.getSourceFile().fileName) || a.pos - b.pos);
    return { values: inSourceOrder.map((node) => ({ kind: "node", node })) };
  }

  /** `new Map([[k, v], ...])` iterated: its `[k, v]` pairs, or only the keys or the values. */
  private mapElements(
    map: ts.NewExpression,
    method: "values" | "entries" | "keys",
    env: Env,
    depth: number,
  ): { values: Value[] } | { needs: Binder } | { unknown: ts.Node } {
    const [source] = map.arguments ?? [];
    if (!source || !isIdentifier(map.expression) || map.expression.text !== "Map") return { unknown: map };
    const pairs = this.elementsOf(source, env, depth + 1);
    if (!("values" in pairs) || method === "entries") return pairs;
    const values: Value[] = [];
    for (const pair of pairs.values) {
      const picked = this.index(pair, method === "keys" ? 0 : 1, env, depth + 1);
      if (!("value" in picked)) return picked;
      values.push(picked.value);
    }
    return { values };
  }

  /** `Object.values/entries/keys(x)` of an object literal or a module namespace. */
  private members(
    expression: ts.Expression,
    method: "values" | "entries" | "keys",
    env: Env,
    depth: number,
  ): { values: Value[] } | { needs: Binder } | { unknown: ts.Node } {
    const holder = this.evaluate(expression, env, depth + 1);
    if (!("value" in holder)) return holder;
    const keys: { key: string; keyNode: ts.Node }[] = [];
    const value = holder.value;
    if (value.kind === "module") {
      const moduleSymbol = this.checker.getSymbolAtLocation(value.file);
      for (const symbol of moduleSymbol ? this.checker.getExportsOfModule(moduleSymbol) : []) {
        if (symbol.name !== "default") keys.push({ key: symbol.name, keyNode: symbol.declarations?.[0] ?? value.file });
      }
    } else if (value.kind === "node" && isObjectLiteralExpression(value.node)) {
      for (const property of value.node.properties) {
        const key = propertyNameText(property.name);
        if (key === undefined || isSpreadAssignment(property)) return { unknown: property };
        keys.push({ key, keyNode: property.name ?? property });
      }
    } else {
      return { unknown: expression };
    }
    const values: Value[] = [];
    for (const { key, keyNode } of keys) {
      if (method === "keys") {
        values.push({ kind: "string", text: key, at: keyNode });
        continue;
      }
      const member = this.member(value, key, env, depth + 1);
      if (!("value" in member)) return member;
      values.push(method === "values" ? member.value : { kind: "entry", key, keyNode, value: member.value });
    }
    return { values };
  }

  /**
   * The instantiations a binder gives under `env`: one per element of a loop's iterable, one per
   * call of a function (a function nothing calls is taken as called without arguments, so
   * defaults and fallbacks still name its tools).
   */
  bind(binder: Binder, env: Env): { envs: Env[] } | { needs: Binder } | { unknown: ts.Node } | { deferred: true } {
    if (binder.kind === "loop") {
      let elements = this.elementsOf(binder.iterable, env);
      // An array the project's functions filter and copy (`getSessionTools(access)`): its elements
      // are still the object literals of one array written out in the source, which its type lists.
      if ("unknown" in elements) elements = this.elementsByType(binder.iterable) ?? elements;
      if (!("values" in elements)) return elements;
      return { envs: elements.values.map((value) => new Map(env).set(binder.declaration, value)) };
    }
    if (!this.callSites) return { deferred: true };
    const calls = this.callSites(binder.fn);
    const parameters = binder.fn.parameters;
    const bindCall = (call: ts.CallExpression | undefined): Env => {
      const next = new Map(env);
      // A method called on an object (`registry.registerTool(...)`): `this` is that object.
      const callee = call ? unwrapExpression(call.expression) : undefined;
      if (isMethodDeclaration(binder.fn) && callee && isPropertyAccessExpression(callee)) next.set(binder.fn.parent, { kind: "node", node: callee.expression });
      parameters.forEach((parameter, index) => {
        const argument = call?.arguments[index];
        if (argument && !isSpreadElement(argument)) next.set(parameter, { kind: "node", node: argument });
        else if (parameter.initializer) next.set(parameter, { kind: "node", node: parameter.initializer });
        else next.set(parameter, { kind: "missing", at: parameter });
      });
      return next;
    };
    return { envs: calls.length === 0 ? [bindCall(undefined)] : calls.map(bindCall) };
  }
}
