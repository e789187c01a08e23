import { test, expect } from './fixtures.ts';

test.describe('smoke', () => {
  test('the page loads with its heading, offline and without errors', async ({
    page,
    pageGuard,
  }) => {
    const response = await page.goto('/');
    expect(response?.ok()).toBe(true);

    await expect(page).toHaveTitle(/hpa-sim/);
    const main = page.getByRole('main');
    await expect(main).toBeVisible();
    await expect(main.getByRole('heading', { level: 1, name: 'hpa-sim' })).toBeVisible();
    await expect(main).toContainText(/Kubernetes Horizontal Pod Autoscaler/);

    // Let every request the page starts settle before checking what was recorded.
    await page.waitForLoadState('networkidle');
    expect(pageGuard.consoleErrors).toEqual([]);
    expect(pageGuard.pageErrors).toEqual([]);
    expect(pageGuard.foreignRequests).toEqual([]);
  });
});
