import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Layers, top to bottom: app → panels, charts → explain, plot → format → store → share, bridge →
// worker → run → scenario → engine. Imports point down only; src/lintRules.test.ts proves each
// rule below fires.

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

const ONE_WAY =
  'Dependencies point one way: UI → store → bridge → worker → run → scenario → engine.';

/** Import paths into the named `src/` folders (relative specifiers, any depth). */
const into = (...folders) => folders.map((f) => `**/${f}/**`);

/**
 * What the main thread may load of the simulator at run time: pure helpers, each named here.
 * Everything else under run/ and worker/ is `import type` only, and engine/ and scenario/ are
 * reached through run/'s type re-exports, so no component can pull `simulate` onto the main
 * thread. Shrink this list, never widen it lightly.
 */
const RUNTIME_ALLOWED = [
  'engine/simulation/decisionSeries\\.ts', // decidingMetric: which metric decided (explain)
  'engine/simulation/seedNotes\\.ts', // where the seed documents are wrong: explain and the CLI
  'engine/nodes/explain\\.ts', // the node KPIs and a rescale's wait for nodes, in words
  'engine/simulation/shortcuts\\.ts', // the early-return syncs' wording: explain and the records
  'scenario/schema/hpaSchema\\.ts', // JSON Schema data for the editor's completion
  'scenario/schema/simulationSchema\\.ts',
  'scenario/keda/schema\\.ts', // KEDA ScaledObject's JSON Schema, the same data for the editor
  'scenario/edit/index\\.ts', // the curve editor's text edits and line (yaml + curve evaluation)
  'run/compare\\.ts', // the KPI comparison of runs: the app's table and Markdown export
  'run/kpisCsv\\.ts', // every run's KPIs (and each draw's) as CSV: the app's export, the CLI's
  'run/runKey\\.ts', // one key per run (a variant, a member, a total): store, panels, worker
  'worker/methods\\.ts', // the method table the bridge generates its forwarding from (names only)
];
// engine/ and scenario/ are not reachable from the UI at all (typesViaRun below); what is left
// of the simulator (the run service, the worker protocol) is types only.
const simulatorTypesOnly = {
  // src/tune's index and candidate.ts run simulations; its generator (search.ts, goals.ts) is pure.
  regex: `(^|/)(?!(${RUNTIME_ALLOWED.join('|')})$)(run|worker)/|(^|\\.\\./)tune/(index|candidate)\\.ts$`,
  allowTypeImports: true,
  message:
    'The main thread imports the simulator as types only (import type); the worker runs it. Pure helpers are listed in eslint.config.js.',
};
/**
 * UI layers take the engine's and the parser's types through the run service (src/run/index.ts
 * re-exports them, src/run/dataTypes.ts), so an engine refactor touches one file, not every
 * component. The run-time helpers listed above stay importable from where they live.
 */
const typesViaRun = {
  regex: `(^|/)(?!(${RUNTIME_ALLOWED.join('|')})$)(engine|scenario)/`,
  message:
    'UI layers import engine and scenario types through the run service (src/run/index.ts; re-export what is missing in src/run/dataTypes.ts).',
};
const noRawStore = {
  group: ['**/store', '**/store/**'],
  importNames: ['getStore', 'initStore'],
  message: 'Components read the store through its hooks and actions (src/store/hooks.ts).',
};
const noUiPackages = {
  group: uiPackages.filter((p) => p !== 'comlink'),
  message: 'No UI packages below the UI.',
};

/** One `@typescript-eslint/no-restricted-imports` block per layer (a later block would replace, not add). */
function layer(files, patterns) {
  return {
    files,
    // Tests, test helpers and dev-only harness pages may run the engine on the main thread.
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/harness/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] },
  };
}

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', 'node_modules', 'reports', 'test-results', 'playwright-report'] },
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
    // Tests and their helpers (a `testing/` folder, imported by tests only) run in Node.
    ignores: ['**/*.test.ts', '**/testing/**'],
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
                '**/explain/**',
                '**/plot/**',
                '**/format/**',
                '**/store/**',
                '**/bridge/**',
                '**/worker/**',
                '**/run/**',
                '**/cli/**',
              ],
              message: ONE_WAY,
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
  // The policy search: pure like the engine (it runs in workers and Node), above the run service.
  {
    files: ['src/tune/**'],
    ignores: ['**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: uiPackages, message: 'The search is pure: no UI or runtime packages.' },
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads'],
              message: 'The search runs in the browser too: no Node built-ins.',
            },
            {
              group: into(
                'app',
                'panels',
                'charts',
                'explain',
                'plot',
                'format',
                'store',
                'bridge',
                'worker',
                'cli',
              ),
              message: ONE_WAY,
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
  // Components: simulator types only, the store through hooks; charts and panels share only
  // through explain/ and format/.
  layer(['src/app/**'], [simulatorTypesOnly, typesViaRun, noRawStore]),
  layer(
    ['src/charts/**'],
    [
      simulatorTypesOnly,
      typesViaRun,
      noRawStore,
      { group: into('app', 'panels'), message: ONE_WAY },
    ],
  ),
  layer(
    ['src/panels/**'],
    [
      simulatorTypesOnly,
      typesViaRun,
      noRawStore,
      { group: into('app', 'charts'), message: ONE_WAY },
    ],
  ),
  layer(
    ['src/playback/**'],
    [
      simulatorTypesOnly,
      typesViaRun,
      noRawStore,
      { group: into('app', 'panels', 'charts'), message: ONE_WAY },
    ],
  ),
  // The plotting kit under every plot, charts and panels alike: scales, ticks, geometry,
  // downsampling, pointer and hover (React only for its width hook); no run, store or page.
  layer(
    ['src/plot/**'],
    [
      simulatorTypesOnly,
      typesViaRun,
      {
        group: into('app', 'panels', 'charts', 'explain', 'playback', 'store', 'bridge'),
        message: ONE_WAY,
      },
    ],
  ),
  // Pure presentation models shared by panels, charts and (later) the CLI.
  layer(
    ['src/explain/**', 'src/format/**'],
    [
      simulatorTypesOnly,
      typesViaRun,
      noUiPackages,
      { group: into('app', 'panels', 'charts', 'plot', 'store', 'bridge'), message: ONE_WAY },
    ],
  ),
  layer(
    ['src/store/**'],
    [simulatorTypesOnly, typesViaRun, { group: into('app', 'panels', 'charts'), message: ONE_WAY }],
  ),
  layer(
    ['src/bridge/**', 'src/share/**'],
    [
      simulatorTypesOnly,
      typesViaRun,
      noUiPackages,
      { group: into('app', 'panels', 'charts', 'explain', 'store'), message: ONE_WAY },
    ],
  ),
  // The simulator side: runs in a Worker, in Node (CLI) and in tests; no UI.
  layer(
    ['src/worker/**', 'src/run/**', 'src/conformance/**'],
    [
      noUiPackages,
      {
        group: into('app', 'panels', 'charts', 'explain', 'plot', 'format', 'store', 'bridge'),
        message: ONE_WAY,
      },
    ],
  ),
  // The CLI is a front end like the page: it reaches its worker threads through the bridge's
  // pool (src/bridge/pool.ts, DOM-free), never the UI.
  layer(
    ['src/cli/**'],
    [
      noUiPackages,
      {
        group: into('app', 'panels', 'charts', 'explain', 'format', 'store'),
        message: ONE_WAY,
      },
    ],
  ),
);
