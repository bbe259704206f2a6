// Lint rules, plus the layer rules of DESIGN.md: what each part of src/ may
// import and which globals it may use. The two tsconfigs enforce the same
// layers for types; these rules catch imports that would type-check anyway.

import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** no-restricted-imports options forbidding Node's built-in modules and/or electron. */
function forbid({ node, electron, message }) {
  const paths = [];
  const patterns = [];
  if (node) {
    paths.push(...builtinModules.map((name) => ({ name, message })));
    patterns.push({ group: ['node:*'], message });
  }
  if (electron) {
    paths.push({ name: 'electron', message });
    patterns.push({ group: ['electron/*'], message });
  }
  return ['error', { paths, patterns }];
}

const browserOnlyGlobals = Object.keys(globals.browser).filter((name) => !(name in globals.node));
const nodeOnlyGlobals = Object.keys(globals.node).filter((name) => !(name in globals.browser));

/** no-restricted-globals options forbidding the given globals. */
function forbidGlobals(names, message) {
  return ['error', ...names.map((name) => ({ name, message }))];
}

const sharedMessage = 'src/shared runs in main and in the renderer: no Node, Electron or DOM APIs.';
const rendererMessage =
  'The renderer is a sandboxed web page: it asks main through window.lasttoken.';

export default defineConfig(
  globalIgnores(['out/', 'dist/', 'coverage/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Node by default: main, preload, tests, configs, bin/.
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': forbid({ node: true, electron: true, message: sharedMessage }),
      // Globals only one runtime has (process, document...): shared code may use neither kind.
      'no-restricted-globals': forbidGlobals(
        [...browserOnlyGlobals, ...nodeOnlyGlobals],
        sharedMessage,
      ),
    },
  },
  {
    files: ['src/main/**'],
    ignores: ['src/main/index.ts'],
    rules: {
      'no-restricted-imports': forbid({
        electron: true,
        message:
          'Only src/main/index.ts imports electron: services must run in plain Node for tests.',
      }),
    },
  },
  {
    files: ['src/preload/**'],
    rules: {
      'no-restricted-imports': forbid({
        node: true,
        message: 'A sandboxed preload can require only electron.',
      }),
    },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': forbid({ node: true, electron: true, message: rendererMessage }),
      'no-restricted-globals': forbidGlobals(nodeOnlyGlobals, rendererMessage),
    },
  },
  // Last: turn off the rules that would fight Prettier's formatting.
  prettier,
);
