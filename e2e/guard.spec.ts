import { openApp, waitUpToDate } from './app.ts';
import { axeNewScreen, axeScreen } from './axe.ts';
import { test, expect } from './fixtures.ts';

// Self-tests for the pageGuard fixture: it must notice what it is meant to catch.
// Each test provokes a problem, checks it was recorded, then resets the guard so the
// test itself passes. The "foreign" URL is loopback on another port, and the guard
// aborts it before it reaches the network anyway.
test.describe('pageGuard', () => {
  test('records console errors', async ({ page, pageGuard }) => {
    await page.goto('/');
    await page.evaluate(() => console.error('guard self-test'));
    await expect.poll(() => pageGuard.consoleErrors.length).toBe(1);
    expect(pageGuard.consoleErrors[0]).toContain('guard self-test');
    pageGuard.reset();
  });

  test('records uncaught page errors', async ({ page, pageGuard }) => {
    await page.goto('/');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('guard self-test throw');
      }, 0);
    });
    await expect.poll(() => pageGuard.pageErrors.length).toBe(1);
    expect(pageGuard.pageErrors[0]).toContain('guard self-test throw');
    pageGuard.reset();
  });

  test('records and blocks foreign-origin requests', async ({ page, pageGuard }) => {
    // Chromium also logs the blocked load as a console error; that is expected here.
    pageGuard.allowConsoleError(/ERR_BLOCKED_BY_CLIENT|guard-self-test/);
    await page.goto('/');
    const outcome = await page.evaluate(() =>
      fetch('http://localhost:9/guard-self-test', { mode: 'no-cors' }).then(
        () => 'loaded',
        () => 'blocked',
      ),
    );
    expect(outcome).toBe('blocked');
    expect(pageGuard.foreignRequests).toEqual(['GET http://localhost:9/guard-self-test']);
    pageGuard.reset();
  });

  test('allows same-origin requests', async ({ page, pageGuard }) => {
    await page.goto('/');
    const status = await page.evaluate(() => fetch('/').then((r) => r.status));
    expect(status).toBe(200);
    expect(pageGuard.foreignRequests).toEqual([]);
  });
});

// Self-test of the after-test axe check (e2e/axeScreens.ts): a screen it has not seen is
// checked (a low-contrast line added to the page is found), the same screen again is not, and
// numbers alone do not make a screen new.
test.describe('axeAfterTest', () => {
  test('checks each new screen once, and finds what is wrong on it', async ({ page }) => {
    test.setTimeout(120_000); // three axe runs over the whole page, as a11y.spec's
    await openApp(page);
    await waitUpToDate(page);
    const probe = (text: string) =>
      page.evaluate((t) => {
        document.getElementById('axe-probe')?.remove();
        const p = document.createElement('p');
        p.id = 'axe-probe';
        p.className = 'axe-self-test-low-contrast';
        p.style.cssText = 'color:#eee;background:#fff;position:fixed;top:0;left:0;z-index:9';
        p.textContent = t;
        document.body.append(p);
      }, text);
    await probe('sync 12 of 240');
    const first = await axeNewScreen(page);
    expect(first.join('\n')).toContain('color-contrast');
    // the same screen (its numbers changed only): a repeat, not checked again
    await probe('sync 13 of 241');
    expect(await axeNewScreen(page)).toEqual([]);
    await page.evaluate(() => document.getElementById('axe-probe')?.remove());
    // axe stays injected in the page between runs (e2e/axe.ts): a later run still sees the page
    // as it is now, what was fixed gone and what is new found.
    await page.evaluate(() => document.body.append(document.createElement('button')));
    const later = (await axeScreen(page)).join('\n');
    expect(later).toContain('button-name');
    expect(later).not.toContain('color-contrast');
    await page.evaluate(() => document.querySelector('body > button:last-child')?.remove());
  });
});
