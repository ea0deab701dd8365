import type { ts } from "../compiler.cjs";
import type { AnalysisChecker } from "./engine/engine.js";
import { isParameter, isVariableDeclaration } from "./engine/ast.js";
import { TYPE_TEXT_FLAGS } from "./resolve/type-text.js";
import { isFunctionNode } from "./syntax.js";

/**
 * A tool's payload type is printed once per tool (`typeText`), read from its handler: on
 * TypeScript 7 a round trip each, a thousand on a 1,000-tool server. Most payloads are a local
 * whose annotation names the type (`const result: Forecast = …; return JSON.stringify(result)`),
 * and the handler is the function the name is used in: so those texts are asked ahead, in one round
 * (`prefetchTypeTexts`). A guess that misses (a payload read in a nested callback, a handler that
 * is not the nearest function) costs one text never read; the analysis then asks its own.
 *
 * `payloads`: names that may hold a payload, whose symbols and annotations are known already
 * (`prefetchSymbols`, `prefetchAnnotationTypes`), so nothing here asks the compiler but the texts.
 */
export function prefetchPayloadTexts(checker: AnalysisChecker, payloads: readonly ts.Node[]): void {
  if (!checker.prefetchTypeTexts) return;
  const requests: { type: ts.Type; enclosing: ts.Node }[] = [];
  for (const name of payloads) {
    const declaration = checker.getSymbolAtLocation(name)?.valueDeclaration;
    if (!declaration || !(isVariableDeclaration(declaration) || isParameter(declaration)) || !declaration.type) continue;
    // An annotation in a package's declarations was not fetched ahead: asking its type would cost a round trip.
    if (/[\\/]node_modules[\\/]/.test(declaration.getSourceFile().fileName)) continue;
    let enclosing: ts.Node | undefined = name.parent;
    while (enclosing && !isFunctionNode(enclosing)) enclosing = enclosing.parent;
    if (enclosing) requests.push({ type: checker.getTypeFromTypeNode(declaration.type), enclosing });
  }
  checker.prefetchTypeTexts(requests, TYPE_TEXT_FLAGS);
}
