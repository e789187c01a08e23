// Issue 10's "done when", in the app: last week's traffic from a Prometheus export, a policy
// search, its candidate added as a variant, the comparison on the charts and in the table, the
// charts saved as PNG, and a reviewer link that opens on the same comparison in another page.
import { readFileSync } from 'node:fs';
import { editorText, openApp, waitUpToDate } from './app.ts';
import { expect, test } from './fixtures.ts';

test('from a Prometheus week to a compared, shared recommendation', async ({
  page,
  context,
  pageGuard,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  await waitUpToDate(page);

  // The shipped week (a Prometheus query_range answer) becomes spec.traffic.
  await page.getByRole('button', { name: 'Import traffic' }).click();
  const importer = page.getByRole('dialog', { name: 'Import traffic' });
  await importer.getByLabel('Sample trace').selectOption('week');
  await expect(importer.getByText(/samples over 7\.0 days/)).toBeVisible();
  await importer.getByRole('button', { name: 'Apply to spec.traffic' }).click();
  await expect(importer).toBeHidden();
  await waitUpToDate(page);
  expect(await editorText(page)).toContain('duration: 604800s');

  // A small search over the week; its best candidate becomes a variant.
  await page.getByRole('button', { name: 'Tune…' }).click();
  const tune = page.getByRole('dialog', { name: 'Tune the behavior' });
  await tune.getByRole('spinbutton', { name: 'Runs' }).fill('6');
  await tune.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(tune.getByRole('status')).toContainText(/6 runs in [\d.]+ s/, { timeout: 120_000 });
  await tune.getByRole('button', { name: 'Add as variant' }).first().click();
  await expect(tune.getByRole('button', { name: 'Added' })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => editorText(page)).toContain('variants:');
  await waitUpToDate(page);

  // The comparison: the table, and the variant over the HPA's own lines on the main charts.
  const compare = page.getByRole('region', { name: 'Variants side by side' });
  const table = compare.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveCount(3);
  const variant = (
    await table.getByRole('columnheader').nth(2).locator('.compare-run').innerText()
  ).trim();
  const replicas = page.getByRole('figure', { name: /Replicas over time/ });
  const toggle = replicas.getByRole('button', { name: variant, exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const lane = page.getByRole('figure', { name: /Metric cpu utilization/ });
  await expect(lane.getByRole('button', { name: variant, exact: true })).toBeVisible();
  const kpis = await table.locator('tbody td').allInnerTexts();
  expect(kpis.length).toBeGreaterThan(10);

  // The explanation names the run it explains and switches it.
  await replicas.scrollIntoViewIfNeeded();
  const box = (await replicas.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.6);
  const explain = page.getByRole('region', { name: 'Explanation' });
  await expect(explain).toContainText(/Explaining the HPA web at sync \d+/, { timeout: 10_000 });
  await explain.getByLabel('Run to explain').selectOption(variant);
  await expect(explain).toContainText(new RegExp(`Explaining variant ${variant} at sync \\d+`), {
    timeout: 10_000,
  });

  // The charts as one PNG, named after the HPA.
  const download = page.waitForEvent('download');
  await compare.getByRole('button', { name: 'Save charts as PNG' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('web-comparison.png');
  const png = readFileSync((await file.path())!);
  expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  expect(png.length).toBeGreaterThan(10_000);

  // The reviewer's link opens, in another page, on the same comparison with the same figures.
  await compare.getByRole('button', { name: 'Copy reviewer link' }).click();
  await expect(compare.getByRole('status')).toHaveText('Reviewer link copied.');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/#s=.*&view=compare/);
  const reviewer = await context.newPage();
  await reviewer.setViewportSize({ width: 1280, height: 720 });
  await reviewer.goto(link);
  await waitUpToDate(reviewer);
  const shared = reviewer.getByRole('region', { name: 'Variants side by side' });
  await expect(shared).toBeInViewport();
  await expect(shared.getByRole('table').locator('tbody td')).toHaveText(kpis);
  expect(pageGuard.pageErrors).toEqual([]);
});
