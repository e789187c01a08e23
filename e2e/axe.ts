// axe-core over a page (issue 27): the critical and serious findings, one line each, and the
// check every browser test ends with (the `axeAfterTest` fixture in fixtures.ts): the screen the
// test leaves, in its theme or — when the app follows the system's — in the other one, by
// turns; each (screen, theme) once per run (axeScreens.ts).
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { claimScreen, screenShape } from './axeScreens.ts';

export type Theme = 'light' | 'dark';

/**
 * Critical and serious findings, one line each (rule, impact, the first nodes, why). The screen
 * is then counted as checked in its theme (a test that checks it itself spares the after-test
 * check a repeat).
 */
export async function seriousFindings(page: Page): Promise<string[]> {
  const found = await findings(page);
  const theme = await themeOf(page);
  if (theme !== null) claimScreen(await screenShape(page), theme, true);
  return found;
}

/**
 * axe-core as AxeBuilder (@axe-core/playwright) injects it: taken from that package's own
 * dependency, so the same source and version (1.5 MB, unminified).
 */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;
/** What the findings read of `axe.run`'s results (axe-core's own types are not a dependency here). */
interface AxeGlobal {
  run(
    context: { include: string[]; exclude: string[] },
    options: { resultTypes: string[] },
  ): Promise<{
    violations: {
      id: string;
      impact?: string | null;
      nodes: { target: string[]; failureSummary?: string }[];
    }[];
  }>;
}
/** What AxeBuilder's legacy mode configures in each frame after injecting axe. */
const AXE_CONFIGURE = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * axe-core in every frame of the page, evaluated only where the document has none yet.
 * AxeBuilder's legacy mode evaluates the whole source twice per run (once before, once more while
 * injecting into each frame), ≈ 0.5–1.4 s each on this 2-core machine, and again for the second
 * theme of the same screen or the after-test check of a page a test had checked itself. axe.run
 * tears its caches down after each run, so a run on an already injected axe finds the same: the
 * same violations, nodes and messages (compared on the app's screens with a violation added).
 * A child frame that refuses the script is skipped, as AxeBuilder skips it.
 */
async function injectAxe(page: Page): Promise<void> {
  const missing = () => typeof (window as { axe?: { run?: unknown } }).axe?.run !== 'function';
  if (await page.evaluate(missing)) await page.evaluate(AXE_SOURCE + AXE_CONFIGURE);
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    try {
      if (await frame.evaluate(missing)) await frame.evaluate(AXE_SOURCE + AXE_CONFIGURE);
    } catch {
      // detached, or not a document axe can run in: AxeBuilder skips it too
    }
  }
}

async function findings(page: Page): Promise<string[]> {
  // Legacy mode (axe.run in the page itself, as AxeBuilder's `setLegacyMode`): the default opens
  // a blank page per run to merge each frame's partial results, which only cross-origin frames
  // need (the app has none, and pageGuard refuses other origins). Violations only: the passes'
  // node lists are never read. Same findings, in about half the time (≈ 6.5 → 2.7 s per run on a
  // loaded 2-core machine).
  await injectAxe(page);
  // AxeBuilder's context with nothing included or excluded (the whole document), its options.
  const r = await page.evaluate(
    ({ context, options }) => (window as unknown as { axe: AxeGlobal }).axe.run(context, options),
    { context: { include: [], exclude: [] }, options: { resultTypes: ['violations'] } },
  );
  return r.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim()}`)
          .join(' | ')}`,
    );
}

/** The app's theme on the page (`<html data-theme>`), or null on a page that is not the app. */
function themeOf(page: Page): Promise<Theme | null> {
  return page.evaluate(() => {
    const t = document.documentElement.dataset.theme;
    return t === 'light' || t === 'dark' ? t : null;
  });
}

/**
 * Settles CSS transitions (a theme switch fades colours): axe reads the final colours. Finite
 * ones only (a spinner runs forever), and no longer than a second: a page in the background
 * does not run its animations at all.
 */
function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    const done = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((r) => setTimeout(r, 1000))]);
  });
}

/**
 * Findings on the screen as it is, labelled with its theme — or, with `other` when the app
 * follows the system's theme (nothing chosen in the Theme menu), on the same screen in the other
 * theme (the browser's colour scheme emulated; a chosen theme is the test's own, left as it is).
 * One axe run per call, whether or not the screen was checked before (`axeNewScreen` is the
 * after-test check that skips repeats); a11y.spec checks its listed screens in both themes.
 */
export async function axeScreen(page: Page, other = false): Promise<string[]> {
  const now = await themeOf(page);
  if (now === null) return []; // not the app (a test page of its own)
  await page.bringToFront(); // a page in the background runs no frames: axe would wait on it
  await settled(page);
  const chosen = await page.evaluate(() => localStorage.getItem('hpa-sim.v1.theme'));
  if (!other || chosen === 'light' || chosen === 'dark') {
    return (await findings(page)).map((f) => `${now}: ${f}`);
  }
  const flipped = await flip(page, now);
  return (await findings(page)).map((f) => `${flipped}: ${f}`);
}

/** The app's theme switched to the other one by the emulated system colour scheme, settled. */
async function flip(page: Page, now: Theme): Promise<Theme> {
  const flipped: Theme = now === 'light' ? 'dark' : 'light';
  await followTheme(page, flipped);
  return flipped;
}

/**
 * The system's colour scheme emulated as `theme` and the app (following it: nothing chosen in
 * the Theme menu) switched to it, its colour transitions settled. The screen stays as it is, so
 * a test checks one screen in both themes without opening it twice.
 */
export async function followTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  // 15 s: a test that ends right after opening the page leaves an app still starting, which
  // follows the scheme only once mounted (5 s timed out once in a full run on a loaded machine).
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme, {
    timeout: 15_000,
  });
  await settled(page);
  await domQuiet(page);
}

/**
 * Until the page's DOM has not changed for 250 ms (at most 2 s): after a theme switch Monaco
 * repaints some parts later than the switch (its sticky scroll lines kept the other theme's token
 * classes for a moment, which axe once read as a contrast finding: the light theme's class for a
 * key is another colour in the dark one).
 */
function domQuiet(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, 250);
        const cap = setTimeout(done, 2000);
        const seen = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, 250);
        });
        seen.observe(document, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        function done() {
          seen.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
  );
}

/**
 * The after-test check: findings on the screen as it is, in its theme or — with `other`, when
 * the app follows the system's theme — in the other one (the fixture picks by turns), unless a
 * test of this run has already checked this screen in that theme (axeScreens.ts): then nothing.
 */
export async function axeNewScreen(page: Page, other = false): Promise<string[]> {
  const now = await themeOf(page);
  if (now === null) return []; // not the app (a test page of its own)
  const chosen = await page.evaluate(() => localStorage.getItem('hpa-sim.v1.theme'));
  const flipped: Theme = now === 'light' ? 'dark' : 'light';
  const theme = other && chosen !== 'light' && chosen !== 'dark' ? flipped : now;
  if (!claimScreen(await screenShape(page), theme)) return [];
  await page.bringToFront(); // a page in the background runs no frames: axe would wait on it
  await settled(page);
  if (theme !== now) await flip(page, now);
  return (await findings(page)).map((f) => `${theme}: ${f}`);
}
