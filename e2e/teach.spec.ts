// Teaching with the app (issue 11): the explanation docked beside the charts, readable axes,
// playback, the grouped preset gallery, and the layout at laptop and projector sizes.
import { expect, test } from './fixtures.ts';
import { galleryPresetCount, openApp, presets, waitUpToDate } from './app.ts';
import type { Page } from '@playwright/test';

async function loadPreset(page: Page, id: string) {
  const p = presets.find((x) => x.id === id)!;
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('button', { name: `Load preset ${p.title}` }).click();
  await expect(
    page.getByRole('region', { name: 'Scenario' }).locator('.scenario-meta strong'),
  ).toHaveText(p.id);
  await waitUpToDate(page);
}

/** The highest y-axis tick label of the replicas chart (x labels are times: not numbers). */
async function replicasAxisTop(page: Page): Promise<number> {
  const labels = await page
    .getByRole('figure', { name: /Replicas over time/ })
    .locator('.chart-axis-y .chart-tick-value')
    .allTextContents();
  const values = labels.map((t) => Number(t.replace(/k$/, 'e3'))).filter(Number.isFinite);
  return values.length ? Math.max(...values) : NaN;
}

function inViewport(box: { x: number; y: number; width: number; height: number }, page: Page) {
  const vp = page.viewportSize()!;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= vp.width + 1 && box.y < vp.height;
}

test.describe('teaching layout', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the traffic curve and the whole replicas chart share one window', async ({ page }) => {
    await openApp(page);
    await waitUpToDate(page);
    await page.getByRole('button', { name: 'Got it' }).click();
    const curve = (await page.getByRole('region', { name: 'Curve editor' }).boundingBox())!;
    const chart = (await page.getByRole('figure', { name: /Replicas over time/ }).boundingBox())!;
    expect(curve.y).toBeGreaterThanOrEqual(0);
    // drag a point and watch the HPA react without scrolling: the chart's x-axis is on screen
    expect(chart.y + chart.height).toBeLessThanOrEqual(720);
    // a single run's "Duplicate as variant" sits in the charts' bar, not in a row of its own
    await expect(
      page
        .getByRole('region', { name: 'Simulation charts' })
        .getByRole('button', { name: 'Duplicate as variant' }),
    ).toBeVisible();
    // a click selects a sync and shows the figures so far without moving the chart
    const replicas = page.getByRole('figure', { name: /Replicas over time/ });
    await page.mouse.click(chart.x + chart.width * 0.5, chart.y + chart.height * 0.55);
    await expect(page.getByLabel('Figures so far')).toContainText('So far (sync');
    expect((await replicas.boundingBox())!.y).toBe(chart.y);
  });

  test('a click on a chart is explained inside the viewport, without scrolling', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const chart = page.getByRole('figure', { name: /Replicas over time/ });
    const box = (await chart.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.55);
    const explain = page.getByRole('region', { name: 'Explanation' });
    await expect(explain.getByRole('heading', { level: 2 })).toContainText(/Sync \d+/);
    const head = (await explain.getByRole('heading', { level: 2 }).boundingBox())!;
    expect(inViewport(head, page)).toBe(true);
    // the decision chain starts on screen too, not below the charts
    const chain = (await explain.getByText('Decision chain').boundingBox())!;
    expect(chain.y + chain.height).toBeLessThan(720);
    await page.screenshot({ path: 'test-results/teach-1280x720.png' });
  });

  test('with nothing selected, the explanation lists the rescales; one click explains one', async ({
    page,
  }) => {
    await openApp(page);
    await loadPreset(page, 'story-1-scale-up-fast');
    const explain = page.getByRole('region', { name: 'Explanation' });
    const list = explain.getByRole('navigation', { name: 'Rescales in this run' });
    await expect(list.getByRole('listitem')).toHaveText([
      /^0:00(:00)? sync 0: 1 → 10$/,
      /^0:01(:00)? sync 4: 10 → 100$/,
      /^0:02(:00)? sync 8: 100 → 1000$/,
    ]);
    await list.getByRole('button').nth(1).click();
    await expect(explain.getByRole('heading', { level: 2 })).toContainText('Sync 4');
    await expect(explain).toContainText('10 → 100');
    // the time around it: the policy's 60 s period held the proposal back; the pods followed
    const around = explain.getByRole('region', { name: 'Around this rescale' });
    await expect(around).toContainText('above the replicas since 0:00:00 (1 min before)');
    await expect(around).toContainText('All 100 Ready at 0:01:15 (15 s after)');
    await around.getByRole('button', { name: '0:01:15' }).click();
    await expect(explain.getByRole('heading', { level: 2 })).toContainText('Sync 5');
  });

  test('story 1 (maxReplicas 1000) tops out near 1,000; raw proposals and log view on demand', async ({
    page,
  }) => {
    await openApp(page);
    await loadPreset(page, 'story-1-scale-up-fast');
    await expect.poll(() => replicasAxisTop(page)).toBeGreaterThanOrEqual(1000);
    expect(await replicasAxisTop(page)).toBeLessThanOrEqual(1100);
    const chart = page.getByRole('figure', { name: /Replicas over time/ });
    // showing the raw proposal rescales the axis to fit it, hiding it again rescales back
    await chart.getByRole('button', { name: 'raw' }).click();
    await expect.poll(() => replicasAxisTop(page)).toBeGreaterThan(1100);
    await chart.getByRole('button', { name: 'raw' }).click();
    await expect.poll(() => replicasAxisTop(page)).toBeLessThanOrEqual(1100);
    expect(await replicasAxisTop(page)).toBeGreaterThanOrEqual(1000);
    await chart.getByRole('button', { name: 'log scale' }).click();
    await expect(chart.getByRole('button', { name: 'log scale' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const labels = await chart.locator('.chart-axis-y .chart-tick-value').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['10', '100', '1k']));
  });

  test('play advances the selection and the explanation follows; pause stops it', async ({
    page,
  }) => {
    await openApp(page);
    await loadPreset(page, 'story-1-scale-up-fast');
    const heading = page.getByRole('region', { name: 'Explanation' }).getByRole('heading', {
      level: 2,
    });
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(heading).toContainText(/Sync [3-9]|Sync \d\d/, { timeout: 10_000 });
    await expect(page.getByLabel('Figures so far')).toContainText('So far');
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = await heading.innerText();
    await page.waitForTimeout(600);
    expect(await heading.innerText()).toBe(paused);
    // the keyboard: Space plays, → steps
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('ArrowRight');
    await expect(heading).not.toHaveText(paused);
    await expect(page.getByText('Keys', { exact: true })).toBeVisible();
    // The position is the store's: a share link made now carries it (`&at=`).
    const at = /Sync (\d+)/.exec(await heading.innerText())![1];
    await page.getByRole('button', { name: 'Share link' }).click();
    const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(new RegExp(`#s=v1\\.[^&]+&at=${at}$`));
  });

  test('the editor/charts split is resizable and remembered', async ({ page }) => {
    await openApp(page);
    const split = page.getByRole('separator', { name: 'Editor width' });
    const before = Number(await split.getAttribute('aria-valuenow'));
    await split.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(split).toHaveAttribute('aria-valuenow', String(before + 80));
    await page.reload();
    await expect(page.getByRole('separator', { name: 'Editor width' })).toHaveAttribute(
      'aria-valuenow',
      String(before + 80),
    );
  });

  test('the status says invalid while the editor has errors', async ({ page }) => {
    await openApp(page);
    await waitUpToDate(page);
    await page.evaluate(() => {
      const t = window.__hpaSimEditor!.getValue();
      window.__hpaSimEditor!.setValue(t.replace('maxReplicas: 20', 'maxReplicas: -3'));
    });
    await expect(page.getByRole('status', { name: 'Simulator status' })).toContainText('invalid');
    // the charts say whose figures they still show, in one badge; the KPIs are dimmed with them
    const charts = page.getByRole('region', { name: 'Simulation charts' });
    await expect(charts.getByRole('status')).toHaveText(
      /^last valid scenario · \d+ errors? in the editor$/,
    );
    await expect(page.locator('.stale-badge, .kpi-stale')).toHaveCount(1);
    await expect(page.locator('.kpi-wrap')).toHaveClass(/is-stale/);
    await expect(page.locator('.kpi-wrap')).toHaveAttribute(
      'title',
      /^last valid scenario · \d+ errors? in the editor$/,
    );
  });
});

test.describe('presets gallery', () => {
  test('is grouped, searchable and shows a thumbnail per card', async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'Presets' }).click();
    const gallery = page.getByRole('dialog', { name: 'Presets' });
    for (const g of ['Basics', 'KEP-853 stories', 'Pitfalls', 'Real-world', 'Multi-cluster'])
      await expect(gallery.getByRole('heading', { name: g })).toBeVisible();
    const cards = gallery.getByRole('button', { name: /^Load preset/ });
    await expect(cards).toHaveCount(galleryPresetCount);
    await expect(gallery.locator('svg.preset-thumb')).toHaveCount(galleryPresetCount);
    await gallery.getByRole('searchbox', { name: 'Search presets' }).fill('story');
    await expect(cards).toHaveCount(presets.filter((p) => p.id.startsWith('story')).length);
    await gallery.getByRole('searchbox', { name: 'Search presets' }).fill('zzzz-nothing');
    await expect(cards).toHaveCount(0);
    await expect(gallery).toContainText('No preset matches');
  });
});

test.describe('projector size', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('the replicas chart and the explanation both fit', async ({ page }) => {
    await openApp(page);
    await waitUpToDate(page);
    const chart = page.getByRole('figure', { name: /Replicas over time/ });
    const box = (await chart.boundingBox())!;
    expect(box.width).toBeGreaterThan(550);
    expect(inViewport(box, page)).toBe(true);
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.55);
    const head = page.getByRole('region', { name: 'Explanation' }).getByRole('heading', {
      level: 2,
    });
    await expect(head).toContainText(/Sync \d+/);
    expect(inViewport((await head.boundingBox())!, page)).toBe(true);
    await page.screenshot({ path: 'test-results/teach-1024x768.png' });
  });
});
