import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Only unit/conformance tests; Playwright specs under e2e/ run separately.
// The CLI's tests and tests/ (conformance, federation, fuzz, manifests) each import the whole CLI
// (every command, the engine, the schemas): isolated, every file evaluated that graph again —
// most of their time. They share one module graph per worker instead (`isolate: false`); they
// mock nothing and keep no module state between files. The rest stays isolated (two of its
// files `vi.mock` an engine module).
const shared = ['src/cli/**/*.test.ts', 'tests/**/*.test.ts'];
// Measures the RSS an allocation adds: in a process earlier files left with free resident heap
// the allocation reuses it and the figure falls short, so it runs in a fresh process.
const ownProcess = ['tests/fuzz/memory.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    // One worker per core. Vitest's own default in a run is cores − 1, which is a single worker
    // on a 2-core machine (CI's and this one's): the unit suite then ran its files one after
    // another while the second core idled. `--maxWorkers 1` still overrides.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', ...ownProcess],
          exclude: ['src/cli/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'cli', include: shared, exclude: ownProcess, isolate: false },
      },
    ],
  },
});
