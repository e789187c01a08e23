import { test, expect } from './fixtures.ts';

test.describe('smoke', () => {
  test('the page loads offline and without errors, then the editor arrives', async ({
    page,
    pageGuard,
  }) => {
    const response = await page.goto('/');
    expect(response?.ok()).toBe(true);
    await expect(page).toHaveTitle(/hpa-sim/);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /hpa-sim/ })).toBeVisible();
    await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-editor-ready', 'true', {
      timeout: 20_000,
    });
    // Let every request the page starts settle before checking what was recorded.
    await page.waitForLoadState('networkidle');
    expect(pageGuard.consoleErrors).toEqual([]);
    expect(pageGuard.pageErrors).toEqual([]);
    expect(pageGuard.foreignRequests).toEqual([]);
  });
});
