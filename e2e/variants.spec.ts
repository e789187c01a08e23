// Variants in the app: duplicate as variant, the comparison table, the explanation per variant,
// and the reviewer's link that opens on the comparison.
import { expect, test } from '@playwright/test';
import { editorText, linkPath, openApp, presets, setEditorText, waitUpToDate } from './app.ts';

// Not on e2e/fixtures.ts: Playwright's own screenshots of a failed test (its config turns them off).
test.use({ screenshot: 'only-on-failure' });

const base = presets.find((p) => p.id === 'default')!.text;
const withFastDown = `${base}  cost: { podHour: 0.02, vcpuHour: 0.03 }
  variants:
    - name: fast-down
      patch:
        behavior:
          scaleDown: { stabilizationWindowSeconds: 0 }
`;

test.describe('variants', () => {
  test('duplicate as variant adds a variant that the table compares', async ({ page }) => {
    await openApp(page);
    await waitUpToDate(page);
    const compare = page.getByRole('region', { name: 'Variants side by side' });
    await expect(compare.getByRole('table')).toHaveCount(0);
    await compare.getByRole('button', { name: 'Duplicate as variant' }).click();
    await expect.poll(() => editorText(page)).toContain('- name: variant-2');
    await waitUpToDate(page);
    const table = compare.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([/KPI/, /web/, /variant-2/]);
    // A copy of the HPA's behavior decides as the HPA does: no better side anywhere.
    await expect(table.locator('td.best')).toHaveCount(0);
    // and its column says so, until its patch changes something
    await expect(table.getByRole('columnheader').nth(2)).toContainText(
      'same as the HPA: edit its patch',
    );
  });

  test('the table marks the better value and the explanation follows the chosen run', async ({
    page,
  }) => {
    await openApp(page);
    await setEditorText(page, withFastDown);
    await waitUpToDate(page);
    const table = page.getByRole('region', { name: 'Variants side by side' }).getByRole('table');
    // the variant's column says what it changes
    await expect(table.getByRole('columnheader').nth(2)).toContainText(
      'behavior.scaleDown.stabilizationWindowSeconds: 300 → 0',
    );
    const reversals = table.locator('tr[data-kpi="directionReversals"] td');
    await expect(reversals).toHaveText(['3 ✓', /^71 \+68, \+2,267%$/]);
    await expect(table.locator('tr[data-kpi="costPerMonth"] td').nth(1)).toHaveClass('best');
    await expect(page.getByLabel('Comparison as Markdown')).toHaveValue(
      /\| reversals \| \*\*3\*\* \| 71 \(\+68, \+2,267%\) \|/,
    );
    await expect(
      page.getByRole('img', { name: 'Replicas of each run over time' }).locator('path[data-run]'),
    ).toHaveCount(2);
    // The explanation follows the chosen run at the same sync: the variant decides otherwise.
    const chart = page.getByRole('figure', { name: /Replicas over time/ });
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.55);
    const explain = page.getByRole('region', { name: 'Explanation' });
    await expect(explain).toContainText('AbleToScale', { timeout: 10_000 });
    const hpaText = await explain.innerText();
    await page.getByRole('radio').nth(1).check();
    await expect.poll(() => explain.innerText(), { timeout: 10_000 }).not.toBe(hpaText);
    await expect(explain).toContainText('AbleToScale');
    await page.getByRole('radio').nth(0).check();
    await expect.poll(() => explain.innerText(), { timeout: 10_000 }).toBe(hpaText);
  });

  test('a reviewer link opens straight on the comparison', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openApp(page, `${await linkPath(withFastDown)}&view=compare`);
    await waitUpToDate(page);
    const compare = page.getByRole('region', { name: 'Variants side by side' });
    await expect(compare).toBeInViewport();
    await expect(compare).toBeFocused();
    await expect(compare.getByRole('table').locator('tr[data-kpi="scaleEvents"] td')).toHaveText([
      '27 ✓',
      /^96 /,
    ]);
  });
});
