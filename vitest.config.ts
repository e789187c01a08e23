import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Only unit/conformance tests; Playwright specs under e2e/ run separately.
// Isolated, every test file starts a fresh module graph and evaluates the engine, the schemas
// (and for the CLI's tests every command) again: most of the suite's CPU. Files share one graph
// per worker instead (`isolate: false`): they keep no module state between files and restore
// what they stub. The src/ unit files over that graph: 107 → 40 CPU-s for src/store, src/panels
// and src/run. Two files `vi.mock` an engine module, which needs the graph to themselves: they
// stay isolated, in a project of their own.
const shared = ['src/cli/**/*.test.ts', 'tests/**/*.test.ts'];
const mocking = [
  'src/engine/controller/replicaCalculator.properties.test.ts',
  'src/engine/controller/groupedPods.properties.test.ts',
];
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
          include: ['src/**/*.test.ts'],
          exclude: ['src/cli/**/*.test.ts', ...mocking],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: [...mocking, ...ownProcess] },
      },
      {
        extends: true,
        test: { name: 'cli', include: shared, exclude: ownProcess, isolate: false },
      },
    ],
  },
});
