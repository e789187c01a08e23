// Each chart in words for a screen reader (issue 27): every figure's accessible description says
// what it shows over the run and, once a sync is selected, that sync — the main charts, the
// cluster lanes, the runs side by side, KEDA's phase lane and the node lanes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openApp, setEditorText, waitUpToDate } from './app.ts';

async function loadPreset(page: Page, title: RegExp) {
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('dialog', { name: 'Presets' }).getByRole('button', { name: title }).click();
  await waitUpToDate(page);
}

/** Clicks `figure` at a fraction of its width, where a sync is selected. */
async function clickAt(page: Page, figure: Locator, at: number) {
  await figure.scrollIntoViewIfNeeded();
  const box = (await figure.boundingBox())!;
  await page.mouse.click(box.x + box.width * at, box.y + box.height * 0.6);
}

test.use({ viewport: { width: 1280, height: 720 } });

test('the main charts: the run in words, then the selected sync', async ({ page }) => {
  await openApp(page);
  await waitUpToDate(page);
  const replicas = page.getByRole('figure', { name: /^Replicas over time/ });
  await expect(replicas).toHaveAccessibleDescription(
    /^Replicas over 24 h: from \d+ replicas? to \d+ replicas?, peak \d+ at [\d:]+; \d+ scale-ups? and \d+ scale-downs?; minReplicas 2, maxReplicas 20\. Click to select/,
  );
  const cpu = page.getByRole('figure', { name: /cpu/i }).first();
  await expect(cpu).toHaveAccessibleDescription(
    /^cpu utilization against its target 60 % of request: from \d+ to \d+ % of request, above the target at \d+ syncs of 5761\./,
  );
  await clickAt(page, replicas, 0.5);
  await expect(replicas).toHaveAccessibleDescription(
    /Selected: sync \d+ at 1[12]:[\d:]+, \d+ replicas?.*, \d+ ready, status\.desiredReplicas \d+\./,
  );
  await expect(cpu).toHaveAccessibleDescription(/Selected sync \d+: [\d.]+.*, ratio [\d.]+\./);
  // the arrow key moves the selection, and the words follow
  const before = await replicas.getAttribute('aria-describedby');
  const text = () => page.evaluate((id) => document.getElementById(id!)!.textContent!, before);
  const first = await text();
  await replicas.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(text).not.toBe(first);
});

test('the cluster lanes and the runs side by side, in words', async ({ page }) => {
  test.setTimeout(60_000);
  await openApp(page);
  await waitUpToDate(page);
  await loadPreset(page, /^Load preset One of three clusters fails/);
  const panel = page.getByRole('region', { name: 'Clusters', exact: true });
  const east = panel.getByRole('img', { name: 'east: replicas over time' });
  await expect(east).toHaveAccessibleDescription(
    /^east: from \d+ to \d+ replicas?, peak \d+ at [\d:]+; failed from 0:10:00 to 0:20:00; room for 20 pods\.$/,
  );
  await panel
    .getByRole('group', { name: 'Cluster events' })
    .getByRole('button', { name: /failover/ })
    .click();
  await expect(east).toHaveAccessibleDescription(/ Selected: sync \d+ at [\d:]+, failed\.$/);
  await expect(
    panel.getByRole('img', { name: 'west: replicas over time' }),
  ).toHaveAccessibleDescription(
    / Selected: sync \d+ at [\d:]+, \d+ replicas?, \d+ ready.*; its HPA's bounds min 2 \/ max 14\.$/,
  );

  await loadPreset(page, /^Load preset Scale-down window/);
  const overlay = page.getByRole('img', { name: 'Replicas of each run over time' });
  await expect(overlay).toHaveAccessibleDescription(
    /^Replicas of [2-9] runs: .+ from \d+ to \d+, peak \d+ at [\d:]+; .+\. They (differ at \d+ of \d+ syncs, first at [\d:]+|agree at every sync)\.$/,
  );
});

test("KEDA's phase lane and the node lanes, in words", async ({ page }) => {
  test.setTimeout(90_000);
  await openApp(page);
  await waitUpToDate(page);
  const corpus = readFileSync(
    join(import.meta.dirname, '..', 'tests', 'manifests', 'keda-kafka-lag-scale-from-zero.yaml'),
    'utf8',
  );
  await setEditorText(page, corpus);
  await waitUpToDate(page);
  const band = page.getByRole('img', { name: "KEDA's phase at each sync, with KEDA's own writes" });
  await expect(band).toHaveAccessibleDescription(
    /^KEDA's phase at each sync: \w[\w ]* from [\d:]+.*; KEDA wrote the replicas \d+ times?\.$/,
  );
  await page
    .getByRole('region', { name: 'KEDA', exact: true })
    .getByRole('button', { name: /^▼ 0 at/ })
    .first()
    .click();
  await expect(band).toHaveAccessibleDescription(
    / Selected: sync \d+ at [\d:]+, .+; KEDA wrote 0 replicas\.$/,
  );

  await loadPreset(page, /^Load preset The HPA was fast, the nodes/);
  const nodes = page.getByRole('img', { name: /^Nodes over time/ });
  await expect(nodes).toHaveAccessibleDescription(
    /^Nodes Ready: from \d+ to \d+, peak \d+ at [\d:]+; pods waited for a node \d+ times?, .+ in all, first at [\d:]+\.$/,
  );
  const cpu = page.getByRole('img', { name: 'CPU requested against allocatable on the nodes' });
  await clickAt(page, nodes, 0.3);
  await expect(nodes).toHaveAccessibleDescription(/ Selected: sync \d+ at [\d:]+, \d+ Ready.*\.$/);
  await expect(cpu).toHaveAccessibleDescription(
    /^CPU requested, at most [\d.]+ of [\d.]+ cores allocatable at [\d:]+\. Selected sync \d+: [\d.]+ of [\d.]+ cores\.$/,
  );
});
