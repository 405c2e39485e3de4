import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A feature is imported through its index only. */
const INDEX_ONLY = { group: ['@/features/*/*', '../../features/*'], message: 'Import a feature through its index only.' };

/** Protobuf's JSON codec stays out of the app: the build drops it (binaryProtobufOnly in vite.config.ts). */
const BINARY_ONLY = {
  name: '@bufbuild/protobuf',
  importNames: ['toJson', 'toJsonString', 'fromJson', 'fromJsonString', 'mergeFromJson', 'mergeFromJsonString'],
  message: 'The app carries no protobuf JSON codec (about 5.5 kB gzip); use toBinary/fromBinary.',
};

/** Files under `files` may not import from the layers named in `above`. */
function layer(files, above, more = []) {
  const group = above.flatMap((name) => [`@/${name}/*`, `@/${name}`, `**/${name}/**`]);
  return {
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [BINARY_ONLY],
          patterns: [{ group, message: `Layers import downwards only (lib → components → features → pages → app); ${files} may not import ${above.join(', ')}.` }, ...more],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', 'src/gen', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [BINARY_ONLY], patterns: [INDEX_ONLY] }],
    },
  },
  // The layers, each importing only those below it: lib → components → features → pages → app.
  layer('src/lib/**', ['components', 'features', 'pages', 'app']),
  layer('src/components/**', ['features', 'pages', 'app']),
  // Features stay independent too: one may not import another.
  layer('src/features/**', ['features', 'pages', 'app']),
  layer('src/pages/**', ['app', 'console', 'partner'], [INDEX_ONLY]),
  // The operators' console and the partners' app stand beside the pages: each uses lib,
  // components and features, and neither the pages, the other, nor the app's shell (which
  // loads each by its route).
  layer('src/console/**', ['app', 'pages', 'partner'], [INDEX_ONLY]),
  layer('src/partner/**', ['app', 'pages', 'console'], [INDEX_ONLY]),
  {
    // No module imports one that imports it back, however far round: a cycle hides which of
    // two modules stands above the other. (Type-only imports count too: they are structure.)
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Unit tests check a feature's internals directly.
    files: ['test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
