import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Only unit/conformance tests; Playwright specs under e2e/ run separately.
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
