/**
 * Code-unit order: the same on every machine and in every locale. Every order that reaches
 * generated files, reports or user files uses it; `localeCompare` depends on the ICU data and
 * the locale Node runs with, so the same input could give different bytes.
 */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
