// Which screens axe has already checked in this browser run, so the check every test ends with
// (fixtures.ts `axeAfterTest`) runs once per distinct screen and theme instead of after every
// test: axe over the whole page is a large share of the suite's time, much of it on screens
// another test had already checked.
//
// A screen's key is what kinds of things it shows, never the data in them: the theme, the
// viewport's width (the layout changes at 1024 px), the URL's parameter names, every class on a
// visible element and the role and name of every visible container (dialog, menu, region, chart,
// note, alert …), digits blanked out (a sync number or a count does not make a new screen); the
// shape is the same in both themes.
// The registry is a directory of empty files named by the key's hash, made by the run's global
// set-up (e2e/axeSetup.ts) and shared by every worker: the first test to claim a key (an
// exclusive create) checks the screen; the others skip it. Without the set-up (the variable
// unset) every test checks, as before.
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The environment variable that names the run's registry directory. */
export const AXE_SCREENS_DIR = 'HPA_SIM_AXE_SCREENS';

/** What kinds of things the page shows (theme excluded: the caller adds the one it checks). */
export function screenShape(page: Page): Promise<string> {
  return page.evaluate(() => {
    const blank = (s: string | null) =>
      (s ?? '').replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().slice(0, 80);
    const containers =
      /^(dialog|alertdialog|menu|menubar|listbox|region|figure|note|alert|status|tablist|navigation|banner|main|complementary|toolbar|tooltip)$/;
    const implicit: Record<string, string> = {
      DIALOG: 'dialog',
      FIGURE: 'figure',
      NAV: 'navigation',
      MAIN: 'main',
      ASIDE: 'complementary',
      HEADER: 'banner',
    };
    // Monaco's theme classes: the theme is the key's own part, the shape is the same in both.
    const themed = /^(vs|vs-dark|hc-black|hc-light)$/;
    const parts = new Set<string>();
    for (const el of document.body.querySelectorAll('*')) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      for (const c of el.classList) if (!themed.test(c)) parts.add(`.${blank(c)}`);
      const role = el.getAttribute('role') ?? implicit[el.tagName] ?? '';
      if (containers.test(role)) parts.add(`${role}:${blank(el.getAttribute('aria-label'))}`);
    }
    const params = [...new URLSearchParams(location.search).keys()].sort().join(',');
    return [`w${window.innerWidth}`, `?${params}`, ...[...parts].sort()].join('|');
  });
}

/** The registry directory of this run, or null (every test checks). */
function registry(): string | null {
  return process.env[AXE_SCREENS_DIR] || null;
}

/**
 * Claims the screen `shape` in `theme` for this test: true if no test of this run has checked
 * it yet (this one must), false if one has. `explicit`: a test checked it itself (it counts as
 * checked either way). Each claim is counted in the registry's `log` (the run's summary,
 * e2e/axeSetup.ts).
 */
export function claimScreen(shape: string, theme: string, explicit = false): boolean {
  const dir = registry();
  if (dir === null) return true;
  const key = createHash('sha256').update(`${theme}|${shape}`).digest('hex').slice(0, 24);
  let fresh = true;
  try {
    closeSync(openSync(join(dir, key), 'wx'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    fresh = false;
  }
  const what = explicit ? 'explicit' : fresh ? 'checked' : 'repeat';
  appendFileSync(join(dir, 'log'), `${what} ${theme} ${key}\n`);
  return fresh;
}
