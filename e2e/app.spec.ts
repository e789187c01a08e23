import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import {
  editorText,
  kpi,
  markers,
  openApp,
  presets,
  reloadApp,
  setEditorText,
  waitAutosaved,
  waitUpToDate,
} from './app.ts';

test.describe('the app', () => {
  // One page for what the default scenario shows at first and a selected sync's explanation.
  test('opens on the default scenario with charts, KPIs and an explanation; a selected sync is explained', async ({
    page,
  }) => {
    test.setTimeout(60_000); // two tests' work on one page: their two budgets
    await openApp(page);
    await waitUpToDate(page);
    await test.step('the first screen', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toContainText('hpa-sim');
      await expect(page.getByRole('list', { name: 'Key figures of the run' })).toBeVisible();
      await expect(page.getByRole('figure', { name: /Metric cpu utilization/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Explanation' })).toBeVisible();
      expect(await editorText(page)).toContain('kind: Simulation');
    });
    await test.step('selecting a sync explains it in the controller’s terms', async () => {
      const chart = page.getByRole('figure', { name: /Replicas over time/ });
      const box = (await chart.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.55);
      const explain = page.getByRole('region', { name: 'Explanation' });
      await expect(explain).toContainText('AbleToScale', { timeout: 10_000 });
      await expect(explain).toContainText('ScalingActive');
      await expect(explain).toContainText(/ValidMetricFound/);
      // Arrow keys move the selection along the syncs.
      await chart.focus();
      const before = await explain.innerText();
      await page.keyboard.press('Shift+ArrowRight');
      await expect.poll(() => explain.innerText()).not.toBe(before);
    });
  });

  // One page for the edits (each was a page load): undo first, on the history as it opens.
  test('undo and redo walk the scenario history; an edit redraws the charts; invalid YAML keeps the last chart, marked stale', async ({
    page,
  }) => {
    test.setTimeout(90_000); // three tests' work on one page: their three budgets
    await openApp(page);
    await waitUpToDate(page);
    const text = await editorText(page);
    await test.step('undo and redo walk the scenario history', async () => {
      await setEditorText(page, text.replace('minReplicas: 2', 'minReplicas: 3'));
      await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(() => editorText(page)).toBe(text);
      await page.getByRole('button', { name: 'Redo' }).click();
      await expect.poll(() => editorText(page)).toContain('minReplicas: 3');
      await setEditorText(page, text);
      await waitUpToDate(page);
    });
    await test.step('editing the YAML redraws the charts', async () => {
      await expect(kpi(page, 'Peak / final')).toContainText('19 /');
      await setEditorText(page, text.replace('maxReplicas: 20', 'maxReplicas: 6'));
      await expect(kpi(page, 'Peak / final')).toContainText('6 /', { timeout: 20_000 });
      await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
    });
    await test.step('invalid YAML shows a marker and keeps the last chart, marked stale', async () => {
      await setEditorText(page, text.replace('maxReplicas: 20', 'maxReplicas: -3'));
      await expect
        .poll(async () =>
          (await markers(page)).filter((m) => m.severity === 'error').map((m) => m.line),
        )
        .toContain(13);
      await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: /last valid scenario/ })
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Problems' })).toContainText('maxReplicas');
      // Fixing it brings the charts back up to date.
      await setEditorText(page, text);
      await waitUpToDate(page);
      await expect(
        page.getByRole('status').filter({ hasText: /stale|last valid scenario/ }),
      ).toHaveCount(0);
    });
  });

  test('every preset loads from the gallery and simulates cleanly', async ({ page }) => {
    test.setTimeout(120_000);
    await openApp(page);
    for (const p of presets) {
      await page.getByRole('button', { name: 'Presets' }).click();
      await page.getByRole('button', { name: `Load preset ${p.title}` }).click();
      await expect(
        page.getByRole('region', { name: 'Scenario' }).locator('.scenario-meta strong'),
      ).toHaveText(p.id);
      await waitUpToDate(page);
      await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
      expect(
        (await markers(page)).filter((m) => m.severity === 'error'),
        p.id,
      ).toEqual([]);
      expect(await editorText(page)).toBe(p.text);
    }
  });

  test('the gallery marks the preset the editor holds, until it is edited', async ({ page }) => {
    await openApp(page);
    const gallery = page.getByRole('dialog', { name: 'Presets' });
    const flapping = presets.find((p) => p.id === 'flapping')!;
    await page.getByRole('button', { name: 'Presets' }).click();
    await gallery.getByRole('button', { name: `Load preset ${flapping.title}` }).click();
    await page.getByRole('button', { name: 'Presets' }).click();
    await expect(gallery.locator('[aria-current="true"]')).toHaveAccessibleName(
      `Load preset ${flapping.title}`,
    );
    await gallery.getByRole('button', { name: 'Close' }).click();
    await setEditorText(page, `${flapping.text}# edited\n`);
    await page.getByRole('button', { name: 'Presets' }).click();
    await expect(gallery.locator('[aria-current]')).toHaveCount(0);
  });
});

test.describe('links and saved work', () => {
  // Two page loads each (a reload, a fresh page): on a machine other suites share, a load alone
  // took over 20 s, so 30 s per test was not enough. A budget, never a timed assertion.
  test.beforeEach(() => test.setTimeout(90_000));

  test('a share link reopens the exact scenario and result in a fresh page', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const edited = (await editorText(page)).replace(
      'averageUtilization: 60',
      'averageUtilization: 45',
    );
    await setEditorText(page, edited);
    await waitUpToDate(page);
    const figures = await kpi(page, 'Pod-hours').innerText();
    await page.getByRole('button', { name: 'Share link' }).click();
    const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(/#s=v1\./);
    const fresh = await context.browser()!.newContext();
    const other = await fresh.newPage();
    await openApp(other, url);
    await waitUpToDate(other);
    expect(await editorText(other)).toBe(edited);
    expect(await kpi(other, 'Pod-hours').innerText()).toBe(figures);
    await fresh.close();
  });

  test('a link made by an older version still opens', async ({ page }) => {
    const dir = join(import.meta.dirname, '..', 'src', 'share', '__fixtures__');
    const link = readFileSync(join(dir, 'v1-default-preset.link'), 'utf8').trim();
    const text = readFileSync(join(dir, 'v1-default-preset.txt'), 'utf8');
    await openApp(page, `/#s=${link}`);
    expect(await editorText(page)).toBe(text);
  });

  test('a hostile link is refused with a message, and the page keeps working', async ({
    page,
    pageGuard,
  }) => {
    pageGuard.allowConsoleError(/./);
    await openApp(page, '/#s=v1.' + 'A'.repeat(400_000));
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(await editorText(page)).toContain('kind: HorizontalPodAutoscaler');
    await openApp(page, '/#s=v9.abc<script>alert(1)</script>');
    await expect(page.getByRole('alert').first()).toContainText(/link/i);
  });

  test('a reload keeps the edit', async ({ page }) => {
    await openApp(page);
    await waitUpToDate(page);
    const edited = (await editorText(page)).replace('minReplicas: 2', 'minReplicas: 4');
    await setEditorText(page, edited);
    await waitUpToDate(page);
    await waitAutosaved(page);
    // One load: a `goto` to the same URL after the reload loaded the page a third time.
    await reloadApp(page);
    expect(await editorText(page)).toBe(edited);
  });
});

test.describe('exports', () => {
  const cases: [string, RegExp][] = [
    ['HPA manifest (as written)', /-hpa\.yaml$/],
    ['HPA manifest (effective, after defaults)', /-hpa-effective\.yaml$/],
    ['Whole scenario (.yaml)', /^default\.yaml$/],
    ['Series (.csv)', /-series\.csv$/],
    ['Every run’s KPIs, and each draw’s (.csv)', /-kpis\.csv$/],
    ['Charts (.png)', /-charts\.png$/],
  ];
  // One page for the six: each export reads the same run (they were a page load each).
  test('exports each item of the Export menu', async ({ page }) => {
    test.setTimeout(90_000); // five tests' work on one page: a budget, never a timed assertion
    await openApp(page);
    await waitUpToDate(page);
    for (const [label, name] of cases) {
      await test.step(label, async () => {
        await page.getByRole('button', { name: 'Export' }).click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('menuitem', { name: label }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(name);
        const path = await download.path();
        const bytes = readFileSync(path);
        expect(bytes.length).toBeGreaterThan(100);
        if (label.startsWith('HPA manifest (effective'))
          expect(bytes.toString()).toContain('stabilizationWindowSeconds: 300');
        if (label === 'HPA manifest (as written)') {
          expect(bytes.toString()).toContain('kind: HorizontalPodAutoscaler');
          expect(bytes.toString()).not.toContain('kind: Simulation');
        }
        if (label.startsWith('Charts')) expect(bytes.subarray(1, 4).toString()).toBe('PNG');
        if (label.startsWith('Every run’s KPIs'))
          expect(bytes.toString()).toMatch(
            /^run,kind,group,label,draw,podHours,.*\nmain,hpa,main,/,
          );
        await expect(page.getByRole('menu', { name: 'Export' })).toHaveCount(0);
      });
    }
  });
});
