import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Packages the pure engine must never reach: it runs in Node, a Worker and tests alike.
const uiPackages = [
  'react',
  'react-dom',
  'react-dom/*',
  'zustand',
  'zustand/*',
  'monaco-editor',
  'monaco-editor/*',
  '@monaco-editor/*',
  'monaco-yaml',
  'recharts',
  'comlink',
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'reports', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/engine/**', 'src/scenario/**', 'src/run/**'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiPackages, message: 'The engine is pure: no UI or runtime packages.' },
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process'],
              message: 'The engine runs in the browser too: no Node built-ins.',
            },
            {
              group: [
                '**/app/**',
                '**/ui/**',
                '**/panels/**',
                '**/charts/**',
                '**/store/**',
                '**/bridge/**',
                '**/worker/**',
                '**/cli/**',
              ],
              message:
                'Dependencies point one way: UI → store → bridge → worker → scenario → engine.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'navigator',
        'fetch',
      ],
    },
  },
);
