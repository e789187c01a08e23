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
