/**
 * A project's test files, by the names test runners give them: `*.test.ts`, `*.spec.ts` (any
 * JavaScript or TypeScript extension), and whatever sits under `__tests__/` or `__mocks__/`.
 * Discovery does not search them for tools: the servers they register tools on are mocks, not
 * the server (a `test_tool` registered five times on a mock is no duplicate of the server's), and
 * what they call a registering function with is not what the server passes it. They stay in the
 * program: a handler a test calls is still called elsewhere, which `migrate` must know.
 */
export function isTestFile(fileName: string): boolean {
  return TEST_FILE.test(fileName.replace(/\\/g, "/"));
}

const TEST_FILE = /(\.(test|spec)\.[cm]?[jt]sx?$)|(\/(__tests__|__mocks__)\/)/;
