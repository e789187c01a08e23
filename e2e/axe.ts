// axe-core over a page (issue 27): the critical and serious findings, one line each, and the
// check every browser test ends with (the `axeAfterTest` fixture in fixtures.ts): the screen the
// test leaves, in its theme and — when the app follows the system's — in the other one too.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type Theme = 'light' | 'dark';

/** Critical and serious findings, one line each (rule, impact, the first nodes, why). */
export async function seriousFindings(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).analyze();
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
 * Findings on the screen as it is, labelled with its theme; then, when the app follows the
 * system's theme (nothing chosen in the Theme menu), the same screen in the other theme (the
 * browser's colour scheme emulated; a chosen theme is the test's own, left as it is).
 */
export async function axeBothThemes(page: Page): Promise<string[]> {
  const now = await themeOf(page);
  if (now === null) return []; // not the app (a test page of its own)
  await page.bringToFront(); // a page in the background runs no frames: axe would wait on it
  await settled(page);
  const found = (await seriousFindings(page)).map((f) => `${now}: ${f}`);
  const chosen = await page.evaluate(() => localStorage.getItem('hpa-sim.v1.theme'));
  if (chosen === 'light' || chosen === 'dark') return found;
  const other: Theme = now === 'light' ? 'dark' : 'light';
  await page.emulateMedia({ colorScheme: other });
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, other, {
    timeout: 5_000,
  });
  await settled(page);
  found.push(...(await seriousFindings(page)).map((f) => `${other}: ${f}`));
  return found;
}
