import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import chromium from './e2e/chromium.json' with { type: 'json' };

/**
 * End-to-end tests run against the production build served by `vite preview`.
 *
 * Browser: Debian's Chromium, because downloading Playwright's own browser builds (`npx
 * playwright install`) is not possible here: its headless build (`apt-get install -y
 * chromium-headless-shell`, lighter: e2e/chromium.json says why) where installed, else the full
 * browser (`chromium`). Override the binary with CHROMIUM_PATH, or set PLAYWRIGHT_USE_BUNDLED=1 to
 * use a browser installed by Playwright itself.
 *
 * Reports: the JSON report goes to reports/ because Playwright wipes test-results/ on every run;
 * scripts/test-all.mjs reads it to print the combined closing line.
 */
// E2E_PORT lets several checkouts run their browser suites side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const useBundled = Boolean(process.env.PLAYWRIGHT_USE_BUNDLED);
const executablePath =
  process.env.CHROMIUM_PATH ??
  (existsSync(chromium.testExecutablePath) ? chromium.testExecutablePath : chromium.executablePath);

export default defineConfig({
  testDir: 'e2e',
  // The registry of screens axe has checked: each distinct screen and theme once per run.
  globalSetup: './e2e/axeSetup.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two workers wherever there are two cores, CI included (it ran one: the browser suite then
  // took twice its wall time there); the suite passes at two on this 2-core machine.
  workers: Math.min(2, availableParallelism()),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace (actions, console, network, errors) without a DOM snapshot
    // per action or a screencast: recorded for every test, passed or not, those took up to a
    // third of a spec's time (e2e/editor.spec at one worker: 160–174 → 99–131 s wall; a11y.spec,
    // few actions: 223 → 206 s). `--trace retain-on-failure` on the command line brings them back.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    // A failed test's pages are screenshotted by e2e/fixtures.ts (failureScreenshots), not here:
    // 'only-on-failure' screenshots every page as its context closes, passed test or not.
    screenshot: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          ...(useBundled ? {} : { executablePath }),
          args: chromium.args,
        },
      },
    },
  ],
  webServer: {
    // The app's build only: `npm run build` also bundles the CLI (dist-cli/), which no browser
    // test reads (ship.spec builds its own, src/cli/testing/cliBundle.ts): 3–6 s before the
    // first test.
    command: `npx vite build && npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
