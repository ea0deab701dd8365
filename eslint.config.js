// The project's own lint: ESLint's and typescript-eslint's recommended rules (syntax only, so it
// stays fast), over the sources, tests, scripts and bench. Fixtures are other people's code shapes
// on purpose, and generated output is judged by the tests.
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "fixtures/**", ".tmp/**", "node_modules/**", "src/templates/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      // `_dropped` in a destructuring is how a test or a formatter leaves a field out on purpose.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    // tsserver loads plugins with require(): this entry is CommonJS on purpose.
    files: ["plugin/**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The protocol runtimes are copied byte for byte into users' generated output (and goldens):
    // `P extends object = {}` means "no extra fields", and a change of text is a change for every user.
    files: ["src/protocols/*/runtime.ts"],
    rules: { "@typescript-eslint/no-empty-object-type": "off", "no-useless-escape": "off" },
  },
  {
    // Tests break envelopes field by field to see validators refuse them; typing each path would say nothing.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
