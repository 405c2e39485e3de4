import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'src/gen', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features stay independent: one may not import another.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*/*', '../../features/*'], message: 'Import a feature through its index only.' }] },
      ],
    },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*'], message: 'Features do not import each other.' }] }],
    },
  },
  {
    // Unit tests check a feature's internals directly.
    files: ['test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
