// Presenter mode for a room (issue 27): at 1280×720 and 1024×768 everything a class reads — the
// explanation, the charts' titles, legends and axes, the KPIs, playback — is at least 20 px; the
// editor is folded and the scenario's description is one sentence; the chain opens on the step
// that decided the value with the passed steps folded; N walks the run rescale by rescale.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openApp, screenshot, waitUpToDate } from './app.ts';

/** The smallest font size (px) of the visible text under `root`, with the text that has it. */
function smallestText(root: Locator): Promise<{ px: number; text: string }> {
  return root.evaluate((el) => {
    let best = { px: Infinity, text: '' };
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const text = n.textContent?.trim() ?? '';
      const parent = n.parentElement;
      if (!text || !parent) continue;
      // only what a room sees: rendered, not clipped away for screen readers, not in a fold
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      if (parent.closest('.visually-hidden')) continue;
      const r = parent.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const px = parseFloat(getComputedStyle(parent).fontSize);
      if (px < best.px) best = { px, text };
    }
    return best;
  });
}

async function openPresenter(page: Page) {
  await page.addInitScript(() => localStorage.setItem('hpa-sim.v1.introDismissed', '1'));
  await openApp(page);
  await page.getByRole('button', { name: 'Presets' }).click();
  await page
    .getByRole('dialog', { name: 'Presets' })
    .getByRole('button', { name: /^Load preset KEP-853 user story 1:/ })
    .click();
  await waitUpToDate(page);
  await page.getByRole('button', { name: 'Presenter', exact: true }).click();
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test.describe(`presenter mode at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('what the class reads is at least 20 px; the editor is folded, one sentence above', async ({
      page,
    }) => {
      await openPresenter(page);
      await expect(page.getByRole('region', { name: 'Scenario' })).toHaveCount(0);
      const title = page.locator('.presenter-title');
      await expect(title).toHaveText(
        'story-1-scale-up-fast — Percent 900 per 60 s lets the replica count grow tenfold per minute: 1 → 10 → 100 → 1000.',
      );
      await page.keyboard.press('n');
      await page.keyboard.press('n');
      const explain = page.getByRole('region', { name: 'Explanation' });
      await expect(explain.getByRole('heading', { level: 2 })).toContainText('Sync 4');
      const parts: [string, Locator][] = [
        ['explanation', page.getByRole('complementary', { name: 'Selected sync' })],
        [
          'every chart: titles, legends, axes',
          page.getByRole('region', { name: 'Simulation charts' }),
        ],
        ['KPIs', page.getByRole('list', { name: 'Key figures of the run' })],
        ['playback', page.getByRole('group', { name: 'Playback' })],
        ['figures so far', page.getByLabel('Figures so far')],
      ];
      for (const [name, part] of parts) {
        const small = await smallestText(part);
        expect(small.px, `${name}: "${small.text}"`).toBeGreaterThanOrEqual(20);
      }
      await screenshot(
        page,
        `presenter-${viewport.width}x${viewport.height}`,
        viewport.width === 1280 ? 'presenter' : undefined,
      );
    });

    test('the chain opens on the deciding step, in view; passed steps are folded', async ({
      page,
    }) => {
      await openPresenter(page);
      // N walks the rescales: sync 0, then sync 4 (10 → 100, held to 100 by the policy)
      await page.keyboard.press('n');
      const explain = page.getByRole('region', { name: 'Explanation' });
      await expect(explain.getByRole('heading', { level: 2 })).toContainText('Sync 0');
      await page.keyboard.press('n');
      await expect(explain.getByRole('heading', { level: 2 })).toContainText('Sync 4');
      const chain = explain.getByRole('list', { name: 'Decision chain' });
      const policies = chain.getByRole('listitem', { name: /^Step \d+: Policies \(scale up\)/ });
      await expect(policies.locator('details').first()).toHaveAttribute('open', '');
      await expect(policies).toContainText('ScaleUpLimit');
      await expect(
        policies.getByText('the limit binds: 2000 → 100 (ScaleUpLimit)'),
      ).toBeInViewport();
      for (const passed of ['Metric proposals', 'Tolerance band', 'Proposal', 'Stabilization'])
        await expect(
          chain
            .getByRole('listitem', { name: new RegExp(`^Step \\d+: ${passed}`) })
            .locator('details')
            .first(),
        ).not.toHaveAttribute('open', '');
      // Shift+N goes back
      await page.keyboard.press('Shift+N');
      await expect(explain.getByRole('heading', { level: 2 })).toContainText('Sync 0');
    });
  });
}
