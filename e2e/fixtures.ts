import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { axeNewScreen, axeScreen, followTheme } from './axe.ts';

/**
 * Shared Playwright fixtures. Import `test` and `expect` from here, not from '@playwright/test'.
 *
 * Every test gets an automatic `pageGuard` that, for the whole browser context:
 *  - records console messages of type "error" and uncaught page errors;
 *  - records every request (and WebSocket) whose origin differs from the app's own origin
 *    (the configured baseURL), and aborts it before it reaches the network;
 * and fails the test at teardown if anything was recorded. The app must run fully offline:
 * no fonts, CDNs or telemetry.
 *
 * A test that provokes an error on purpose can inspect `pageGuard.consoleErrors` etc. and then
 * call `pageGuard.reset()`, or allow known messages with `pageGuard.allowConsoleError(/re/)`.
 *
 * Every test also ends with axe-core (`axeAfterTest`, issue 27): the screen each open page of
 * the app is left on has no critical and no serious finding, in its theme or, when the app
 * follows the system's theme, in the other one — by turns, a test's id choosing — and each
 * distinct screen and theme once per run (a screen another test already checked in that theme
 * is not checked again: e2e/axeScreens.ts says what makes two screens the same). A test whose
 * last screen is
 * not a user's (a test page of its own) turns it off with `test.use({ axeAfterTest: false })`
 * and says why beside it; a test that passes through screens it then leaves calls
 * `expectNoSeriousFindings(page)` (below) on each, or `expectNoSeriousFindingsOnce` on one it
 * used to leave open on a page of its own (the same check, without that page's load).
 */
export interface PageGuard {
  /** The origin requests are allowed to go to, e.g. "http://127.0.0.1:4173". */
  readonly origin: string;
  /** Text of console messages of type "error" (with their source location when known). */
  readonly consoleErrors: string[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  readonly pageErrors: string[];
  /** "METHOD url" of every request/WebSocket to another origin. */
  readonly foreignRequests: string[];
  /** Ignore console errors whose text matches `pattern` from now on. */
  allowConsoleError(pattern: RegExp): void;
  /** Forget everything recorded so far. */
  reset(): void;
}

/** Schemes that never touch the network. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

function isForeign(url: string, origin: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.protocol === 'blob:') {
    // blob:http://host:port/uuid carries its creator's origin.
    return parsed.origin !== 'null' && parsed.origin !== origin;
  }
  if (LOCAL_SCHEMES.has(parsed.protocol)) return false;
  // ws(s):// to the same host:port counts as the same origin.
  const comparable =
    parsed.protocol === 'ws:' || parsed.protocol === 'wss:'
      ? `${parsed.protocol === 'ws:' ? 'http:' : 'https:'}//${parsed.host}`
      : parsed.origin;
  return comparable !== origin;
}

export const test = base.extend<{
  failureScreenshots: void;
  pageGuard: PageGuard;
  axeAfterTest: boolean;
}>({
  // A failed test's open pages, screenshotted (playwright.config.ts turns Playwright's own off:
  // its 'only-on-failure' screenshots every page of every test as its context closes, in case the
  // test fails later, ≈ 0.15–0.25 CPU-s a page). Set up first, so torn down last: a failure of
  // the after-test axe check is seen too.
  failureScreenshots: [
    async ({ context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      let k = 0;
      for (const p of context.pages()) {
        if (p.isClosed()) continue;
        const path = testInfo.outputPath(`test-failed-${++k}.png`);
        if (
          await p.screenshot({ path }).then(
            () => true,
            () => false,
          )
        )
          await testInfo.attach('screenshot', { path, contentType: 'image/png' });
      }
    },
    { auto: true },
  ],
  axeAfterTest: [
    async ({ context }, use, testInfo) => {
      await use(true);
      // A test that failed already says what went wrong; axe would only add noise.
      if (testInfo.status !== testInfo.expectedStatus) return;
      const problems: string[] = [];
      const other = flipTheme(testInfo.testId);
      const start = Date.now();
      for (const p of context.pages()) {
        if (p.isClosed() || !/^https?:/.test(p.url())) continue;
        problems.push(...(await axeNewScreen(p, other)).map((f) => `${p.url()}: ${f}`));
      }
      // With a timeout of its own, this check's time is outside the test's `duration` in the
      // reports (≈ 300 of a run's 1,500 test-seconds): written down beside it, so a report's
      // figures add up to the run's wall time.
      testInfo.annotations.push({
        type: 'axe after test',
        description: `${((Date.now() - start) / 1000).toFixed(1)} s`,
      });
      if (problems.length > 0) {
        throw new Error(
          `axe: ${problems.length} critical or serious finding(s) on the screen the test ended on:\n` +
            problems.map((p) => `  - ${p}`).join('\n'),
        );
      }
    },
    // Its own time, after the test's: an axe run per open page on a busy 2-core machine.
    { auto: true, option: true, timeout: 180_000 },
  ],

  pageGuard: [
    async ({ context, page, baseURL }, use) => {
      if (!baseURL) throw new Error('pageGuard needs `use.baseURL` in playwright.config.ts');
      const origin = new URL(baseURL).origin;
      const consoleErrors: string[] = [];
      const pageErrors: string[] = [];
      const foreignRequests: string[] = [];
      const allowed: RegExp[] = [];

      const guard: PageGuard = {
        origin,
        consoleErrors,
        pageErrors,
        foreignRequests,
        allowConsoleError: (pattern) => void allowed.push(pattern),
        reset: () => {
          consoleErrors.length = 0;
          pageErrors.length = 0;
          foreignRequests.length = 0;
        },
      };

      // Block foreign traffic outright so a stray request can neither hang a test nor leave
      // the machine; it is still recorded by the 'request' listener below.
      await context.route(
        (url) => isForeign(url.href, origin),
        (route) => route.abort('blockedbyclient'),
      );
      context.on('request', (request) => {
        if (isForeign(request.url(), origin)) {
          foreignRequests.push(`${request.method()} ${request.url()}`);
        }
      });

      const watchPage = (p: typeof page) => {
        p.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          const text = msg.text();
          if (allowed.some((re) => re.test(text))) return;
          const { url, lineNumber } = msg.location();
          consoleErrors.push(url ? `${text} (at ${url}:${lineNumber})` : text);
        });
        p.on('pageerror', (error) => {
          pageErrors.push(error.stack ?? `${error.name}: ${error.message}`);
        });
        p.on('websocket', (ws) => {
          if (isForeign(ws.url(), origin)) foreignRequests.push(`WEBSOCKET ${ws.url()}`);
        });
      };
      watchPage(page);
      context.on('page', (p) => {
        if (p !== page) watchPage(p);
      });

      await use(guard);

      const problems = [
        ...consoleErrors.map((e) => `console error: ${e}`),
        ...pageErrors.map((e) => `page error: ${e}`),
        ...foreignRequests.map((r) => `foreign-origin request: ${r}`),
      ];
      if (problems.length > 0) {
        throw new Error(
          `pageGuard: ${problems.length} problem(s) during the test (origin ${origin}):\n` +
            problems.map((p) => `  - ${p}`).join('\n'),
        );
      }
    },
    { auto: true },
  ],
});

export { expect };

/** axe now, on a screen the test is about to leave (the fixture checks the last one). */
export async function expectNoSeriousFindings(page: Page): Promise<void> {
  expect([...(await axeScreen(page)), ...(await axeScreen(page, true))]).toEqual([]);
}

/**
 * The after-test check, now, on a screen the test is about to leave: as the fixture would check
 * it were it left open on a page of its own (once per run, in the theme the test's id picks),
 * without opening that page. The page is then put back in the theme it was in.
 */
export async function expectNoSeriousFindingsOnce(page: Page, testInfo: TestInfo): Promise<void> {
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  const before = await theme();
  expect(await axeNewScreen(page, flipTheme(testInfo.testId))).toEqual([]);
  if ((before === 'light' || before === 'dark') && (await theme()) !== before)
    await followTheme(page, before);
}

/** Half the tests check the other theme: a stable choice from the test's id (FNV-1a, odd/even). */
export function flipTheme(testId: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < testId.length; i++) h = Math.imul(h ^ testId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % 2 === 1;
}
