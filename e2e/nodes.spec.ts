// The node lane: the "HPA was fast, the nodes were not" preset from the gallery, nodes coming
// and going, the spans where pods waited shaded, the provisioner's events on hover, and what a
// rescale's pods waited for; a screenshot at 1280×720 for the eye. Then a rollout preset: the
// pods split by ReplicaSet on the replicas chart, and "rollout in progress" in the explanation.
import { expect, test } from './fixtures.ts';
import { openApp, waitUpToDate } from './app.ts';

test.describe('nodes', () => {
  test('pods waiting for cluster-autoscaler: the node lane and the wait explained', async ({
    page,
  }, info) => {
    // Two presets loaded and explained in one page: slower than most specs under load.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 720 });
    await openApp(page);
    await waitUpToDate(page);
    // A scenario without spec.nodes has no node lane.
    await expect(page.getByRole('region', { name: 'Nodes', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Presets' }).click();
    const gallery = page.getByRole('dialog', { name: 'Presets' });
    await gallery.getByRole('button', { name: /^Load preset The HPA was fast, the nodes/ }).click();
    await waitUpToDate(page);

    const panel = page.getByRole('region', { name: 'Nodes', exact: true });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('nodes (cluster-autoscaler, 3 pods each)');
    await expect(panel).toContainText('10 pods waited for a node: longest 108s, mean 94s');
    const lane = panel.getByRole('img', { name: /^Nodes over time/ });
    await expect(lane).toBeVisible();
    // Three scale-ups and three removals as markers, each saying what the provisioner did.
    await expect(panel.locator('.nodes-marker-up')).toHaveCount(3);
    await expect(panel.locator('.nodes-marker-up').first()).toHaveAttribute(
      'title',
      /cluster-autoscaler: 3 pods unschedulable; node group 1 → 2: node-2 Ready in 96 s/,
    );
    await expect(panel.locator('.nodes-waiting').first()).toBeAttached();

    // Click the lane while pods wait (00:11 of 02:00): the panel says what the pods of the
    // rescale before it (6 → 9 at 00:10:30) waited for.
    await panel.scrollIntoViewIfNeeded();
    const box = (await lane.boundingBox())!;
    await lane.click({ position: { x: box.width * (660 / 7200), y: box.height / 2 } });
    await expect(page.getByRole('heading', { name: /^Sync 44\b/ })).toBeVisible();
    const wait = panel.getByRole('note');
    await expect(wait).toContainText('Waiting for a node: pods waited up to');
    await expect(wait).toContainText('pods waited up to 108s for a node');
    await expect(wait).toContainText('cluster-autoscaler asked for node-3 at 00:10:40 (+10s)');
    await expect(wait).toContainText('node-3 Ready at 00:12:18 (+108s)');
    await page.screenshot({ path: info.outputPath('nodes-1280x720.png') });
    await panel.screenshot({ path: info.outputPath('nodes-panel.png') });
    // At 1024×768 the lane still fits its column: its figures wrap, the markers stay on it.
    await page.setViewportSize({ width: 1024, height: 768 });
    await panel.scrollIntoViewIfNeeded();
    await expect(lane).toBeVisible();
    const narrow = (await lane.boundingBox())!;
    expect(narrow.width).toBeGreaterThan(300);
    await page.screenshot({ path: info.outputPath('nodes-1024x768.png') });

    // From sync 44 back to the rescales 6 → 9 at 00:10:30 and 3 → 6 at 00:10:15: their reaction
    // time splits out the wait for a node (the first was overtaken before its pods were Ready).
    const back = page.getByRole('button', { name: 'Step back one sync' });
    await back.click();
    await back.click();
    await expect(page.getByRole('heading', { name: /^Sync 42\b/ })).toBeVisible();
    const around = page.getByRole('region', { name: 'Around this rescale' });
    await expect(around).toContainText(
      'Waiting for a node: 108 s of the 2 min 15 s until all Ready',
    );
    await expect(around).toContainText('cluster-autoscaler asked for node-3 at 00:10:40 (+10s)');
    await back.click();
    await expect(page.getByRole('heading', { name: /^Sync 41\b/ })).toBeVisible();
    await expect(around).toContainText('Waiting for a node: 101 s (pods waited up to 101s');

    // A rollout (spec.changes rollout): the replicas chart splits the pods by ReplicaSet and the
    // explanation of a sync mid-rollout says how many are old and new.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Presets' }).click();
    await gallery.getByRole('button', { name: /^Load preset A rollout's surge pods/ }).click();
    await waitUpToDate(page);
    await expect(page.getByText('old ReplicaSet', { exact: true })).toBeVisible();
    await expect(page.getByText('new ReplicaSet', { exact: true })).toBeVisible();
    // The first rescale, mid-rollout (10 → 17 at 00:11:30), from the run's rescale list.
    await page
      .getByRole('navigation', { name: 'Rescales in this run' })
      .getByRole('button', { name: '0:11:30' })
      .click();
    await expect(page.getByRole('heading', { name: /^Sync 46\b/ })).toBeVisible();
    await expect(page.getByText(/Rollout in progress: 7 old, 15 new pods/).first()).toBeVisible();
    await page.screenshot({ path: info.outputPath('rollout-1280x720.png') });

    // Nodes under every member at 1024×768: each lane's label ("Karpenter nodes ≤ 4", its
    // weight) is whole, one part a line, however narrow the label column.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'Presets' }).click();
    await gallery.getByRole('button', { name: /^Load preset Nodes under every cluster/ }).click();
    await waitUpToDate(page);
    const west = page.locator('.cl-lane[data-cluster="west"] .cl-sub');
    await expect(west).toContainText('Karpenter nodes');
    const cut = await page
      .locator('.cl-label strong, .cl-sub > span')
      .evaluateAll((els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
      );
    expect(cut).toEqual([]);
    await page.locator('.clusters').screenshot({ path: info.outputPath('lanes-1024x768.png') });
  });
});
