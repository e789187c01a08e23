import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  expectEditorText,
  linkPath,
  named,
  openApp,
  openDrafts,
  setEditorText,
  waitAutosaved,
  waitUpToDate,
} from './app.ts';

/** The simulator's worker script (not Monaco's editor or YAML workers). */
const isSimulatorWorker = (url: URL) =>
  /\/assets\/[^/]*worker[^/]*\.js$/.test(url.pathname) &&
  !/(editor|yaml)\.worker/.test(url.pathname);

/**
 * A worker that loads and never answers: the tab "dies" mid-run as far as the app can tell. With
 * the embedder policy the app is served with (vite.config.ts): a cross-origin isolated page loads
 * no worker script without it.
 */
const hang = (route: Route) =>
  route.fulfill({
    contentType: 'text/javascript',
    headers: { 'Cross-Origin-Embedder-Policy': 'require-corp' },
    body: 'self.onmessage = () => {};',
  });

const runningMark = (page: Page) =>
  page.evaluate(() => sessionStorage.getItem('hpa-sim.v2.running'));

/** Issue 15: the tab survives. */
test.describe('the tab survives', () => {
  // Several page loads each, on a machine other suites share: generous, never a timed assertion.
  test.beforeEach(() => test.setTimeout(120_000));

  test('a link the tab stopped on reopens as text only, with the draft reachable', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const draft = named('my-draft');
    await setEditorText(page, draft);
    await waitUpToDate(page);
    await waitAutosaved(page);

    // Open the link in a fresh load whose simulator never answers, then "crash" (reload)
    // while its run is still marked as in progress.
    await context.route(isSimulatorWorker, hang);
    await page.goto('about:blank');
    await page.goto(await linkPath(named('killer')));
    await expectEditorText(page, named('killer'));
    await expect.poll(() => runningMark(page)).not.toBeNull();
    await context.unroute(isSimulatorWorker, hang);
    // A reload counts as a crash once the run has been busy 2 s (a quicker one is an ordinary
    // reload); a real crash fires no pagehide and keeps the mark whatever its age.
    await page.waitForTimeout(2_500);
    await page.reload();

    await expectEditorText(page, named('killer'));
    const notice = page.getByRole('alert').filter({ hasText: 'shown as text only' });
    await expect(notice).toBeVisible();
    await expect(page.getByRole('status', { name: 'Simulator status' })).toContainText(
      'not simulated',
    );
    await expect(page.getByRole('figure', { name: /Replicas over time/ })).toHaveCount(0);
    // Reloading again does not run it either.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'shown as text only' })).toBeVisible();
    await expect(page.getByRole('figure', { name: /Replicas over time/ })).toHaveCount(0);

    const menu = await openDrafts(page);
    await expect(menu.getByRole('menuitem', { name: /^Restore my-draft/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await notice.getByRole('button', { name: 'Run it anyway' }).click();
    await waitUpToDate(page);
    await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
    expect(await runningMark(page)).toBeNull();
  });

  test('a link error never echoes a 100,000-digit version or control characters', async ({
    page,
    pageGuard,
  }) => {
    pageGuard.allowConsoleError(/./);
    await openApp(page, `/#s=v${'9'.repeat(100_000)}.AAAA`);
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText('unknown format');
    expect((await alert.innerText()).length).toBeLessThan(400);
  });
});
