// The multi-cluster view: the failover preset from the gallery, a lane per cluster and the
// total, the failure on the event timeline, the model switch, and a division read step by step;
// a member's (and the central) HPA decision chain after a click; the lanes following the charts'
// zoom; the model kept in share links.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { openApp, screenshot, waitUpToDate } from './app.ts';

const fixtures = join(import.meta.dirname, '..', 'src', 'share', '__fixtures__');

async function openFailover(page: Page) {
  await openApp(page);
  await waitUpToDate(page);
  await page.getByRole('button', { name: 'Presets' }).click();
  const gallery = page.getByRole('dialog', { name: 'Presets' });
  await gallery.getByRole('button', { name: /^Load preset One of three clusters fails/ }).click();
  await waitUpToDate(page);
  return page.getByRole('region', { name: 'Clusters', exact: true });
}

test.describe('clusters', () => {
  test('the failover preset: lanes, the failure event, both models, a division step by step', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    // A single-cluster scenario has no clusters panel.
    await expect(page.getByRole('region', { name: 'Clusters', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Presets' }).click();
    const gallery = page.getByRole('dialog', { name: 'Presets' });
    await expect(gallery.getByRole('heading', { name: 'Multi-cluster' })).toBeVisible();
    await gallery.getByRole('button', { name: /^Load preset One of three clusters fails/ }).click();
    await waitUpToDate(page);

    const panel = page.getByRole('region', { name: 'Clusters', exact: true });
    await expect(panel).toBeVisible();
    for (const lane of ['east', 'west', 'south', 'total'])
      await expect(panel.getByRole('img', { name: `${lane}: replicas over time` })).toBeVisible();
    await expect(panel.getByRole('img', { name: /replicas over time/ })).toHaveCount(4);
    // The proposal model: east's share moves by the §A.10 failover rule at 10:00.
    const models = panel.getByRole('radiogroup', { name: 'Federation model' });
    await expect(models.getByRole('radio', { checked: true })).toHaveText(/Proposal/);
    const events = panel.getByRole('group', { name: 'Cluster events' });
    await events.getByRole('button', { name: /failover/ }).click();
    const detail = panel.getByRole('region', { name: 'Clusters at the selected sync' });
    await expect(detail.getByRole('row', { name: /east/ })).toContainText('failed');
    await expect(detail.getByRole('row', { name: /west/ })).toContainText('2/14');
    await expect(panel.getByTestId('lane-now-east')).toHaveText('failed');
    // The docked explanation answers in one plain sentence; the rule is behind a disclosure.
    const answer = page.getByRole('region', { name: 'What the control plane did' });
    await expect(answer.locator('.cl-answer-sentence')).toHaveText(
      'east failed; its HPA bounds min 2 / max 16 were split between west and south in proportion to their free room: west gained min +1 / max +8 (now 2–14) and south gained min +1 / max +8 (now 2–16).',
    );
    await expect(answer.locator('[data-kind="failover"]')).toContainText('§A.10 failover');
    await expect(answer.getByText('§A.10 failover')).toBeHidden();
    await screenshot(page, 'clusters-failover-answer', 'clusters');

    // The shipped model: the failure, then karmada-scheduler re-divides at once (Webster).
    await models.getByRole('radio', { name: /Shipped Karmada/ }).click();
    await expect(models.getByRole('radio', { checked: true })).toHaveText(/Shipped/);
    await expect(detail.locator('th', { hasText: 'HPA min/max' })).toHaveCount(0);
    const failure = events.getByRole('button', { name: /cluster failed/ });
    await expect(failure).toHaveCount(1);
    await failure.click();
    await expect(failure).toHaveAttribute('aria-pressed', 'true');
    await expect(answer.locator('[data-kind="failure"]')).toBeVisible();
    await answer.locator('[data-kind="division"]').getByText('How:').click();
    const steps = answer.getByRole('list', { name: 'Steps of scheduler division' });
    await expect(steps.getByRole('listitem').first()).toHaveText(
      /^DynamicWeight \(steady mode\): previous west 4, south 4 = 8, new total 17$/,
    );
    await expect(steps).toContainText('seat 1: south (priority 6/1)');
    await expect(steps.getByRole('listitem').last()).toHaveText('result: west 4, south 5');
    await expect(detail.getByRole('row', { name: /south/ })).toContainText('9');

    // Clicking a lane selects a sync with no action: the panel points at the last one.
    const east = panel.getByRole('img', { name: 'east: replicas over time' });
    const box = (await east.boundingBox())!;
    await east.click({ position: { x: box.width * 0.3, y: box.height / 2 } });
    await expect(
      detail.getByRole('button', { name: /Last action: initial placement/ }),
    ).toBeVisible();
  });

  test('Duplicated in the shipped model: every cluster runs the template, the calibration factor follows failures', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    await page.getByRole('button', { name: 'Presets' }).click();
    await page
      .getByRole('dialog', { name: 'Presets' })
      .getByRole('button', { name: /^Load preset Duplicated over three clusters/ })
      .click();
    await waitUpToDate(page);
    const panel = page.getByRole('region', { name: 'Clusters', exact: true });
    await panel
      .getByRole('radiogroup', { name: 'Federation model' })
      .getByRole('radio', { name: /Shipped Karmada/ })
      .click();
    const events = panel.getByRole('group', { name: 'Cluster events' });
    const detail = page.getByRole('region', { name: 'What the control plane did' });
    // East fails at 10:00: the factor goes from 3 to 2; west and south keep the whole template.
    // the next sync's marker overlaps it on a 40-minute track: activate it from the keyboard
    await events.getByRole('button', { name: /^0:10:00: .*calibration/ }).press('Enter');
    await expect(detail.locator('[data-kind="calibration"]')).toContainText(
      "divides each metric's proposal by the calibration 2 (was 3)",
    );
    await expect(detail.locator('[data-kind="division"]')).toContainText(
      'every survivor keeps the whole template',
    );
    // Back at 20:00: rescheduled at once, east gets the template too; the factor is 3 again.
    await events.getByRole('button', { name: /^0:20:00: .*calibration/ }).press('Enter');
    await expect(detail.locator('[data-kind="division"]')).toContainText(
      'east 0, west 13, south 13 → east 13, west 13, south 13',
    );
    await expect(detail.locator('[data-kind="calibration"]')).toContainText(
      'calibration 3 (was 2)',
    );
  });

  test("a click on a lane explains that member's HPA; the shipped model explains the central one", async ({
    page,
  }) => {
    const panel = await openFailover(page);
    const explain = page.getByRole('region', { name: 'Explanation' });
    await expect(explain).toHaveCount(0);
    // West's lane at about 5:00 (the run is 30 min): west's own HPA, within the bounds it had.
    const west = panel.getByRole('img', { name: 'west: replicas over time' });
    const box = (await west.boundingBox())!;
    await west.click({ position: { x: box.width / 6, y: box.height / 2 } });
    const dock = page.getByTestId('cluster-decision');
    await expect(dock).toContainText("west's member HPA (proposal model)");
    await expect(explain).toContainText(/Explaining cluster west's member HPA at sync \d+/);
    await expect(explain.getByRole('heading', { name: 'Decision chain' })).toBeVisible();
    await expect(explain).toContainText('cpu utilization');
    await expect(explain).toContainText(/Min replicas:\s*1/);
    await expect(explain).toContainText(/Max replicas:\s*6/);
    await expect(panel.locator('.cl-lane[data-cluster="west"]')).toHaveAttribute(
      'data-focused',
      'true',
    );
    // The failover at 10:00: west's HPA now reads the §A.10 bounds 2/14.
    await panel
      .getByRole('group', { name: 'Cluster events' })
      .getByRole('button', { name: /failover/ })
      .click();
    await expect(explain).toContainText(/Max replicas:\s*14/);
    // East is failed then: no chain, a reason.
    await panel.getByLabel('Decision to explain').selectOption({ label: "east's member HPA" });
    await expect(dock.getByRole('note')).toContainText('east is failed at this sync');
    // The shipped model: the central FederatedHPA over the union of pods.
    await panel
      .getByRole('radiogroup', { name: 'Federation model' })
      .getByRole('radio', { name: /Shipped Karmada/ })
      .click();
    await expect(dock).toContainText('The central FederatedHPA web (shipped model)');
    await expect(explain.getByRole('heading', { name: 'Decision chain' })).toBeVisible();
    await expect(explain).toContainText(/Max replicas:\s*30/);
  });

  test("the lanes and the event timeline follow the charts' zoom", async ({ page }) => {
    const panel = await openFailover(page);
    const events = panel.getByRole('group', { name: 'Cluster events' });
    const failover = events.getByRole('button', { name: /failover/ });
    await expect(events.getByRole('button', { name: /initial placement/ })).toHaveCount(1);
    await expect(failover).toHaveAttribute('style', /left: 33\.3/);
    const failed = panel.locator('.cl-lane[data-cluster="east"] rect.cl-failed');
    await expect(failed).toHaveAttribute('x', /^333\.3/);
    // Select 10:00 and zoom in on the replicas chart (+ halves the span around the selection).
    await failover.click();
    await page.getByRole('figure', { name: /^Replicas over time/ }).press('+');
    // [150 s, 1050 s]: the start is out of view, 10:00 sits at the middle.
    await expect(events.getByRole('button', { name: /initial placement/ })).toHaveCount(0);
    await expect(failover).toHaveAttribute('style', /left: 50%/);
    await expect(failed).toHaveAttribute('x', '500');
    // A click maps back through the zoom: the left edge of a lane is 2:30, not 0:00.
    const south = panel.getByRole('img', { name: 'south: replicas over time' });
    const box = (await south.boundingBox())!;
    await south.click({ position: { x: 2, y: box.height / 2 } });
    await expect(
      panel.getByRole('region', { name: 'Clusters at the selected sync' }).getByRole('heading'),
    ).toContainText('At 0:02:30');
    // 0 resets the zoom: the whole run again.
    await page.getByRole('figure', { name: /^Replicas over time/ }).press('0');
    await expect(events.getByRole('button', { name: /initial placement/ })).toHaveCount(1);
  });

  test('the lanes have a time axis, values under the pointer, and markers that never overlap', async ({
    page,
  }) => {
    const panel = await openFailover(page);
    // The curve panel drew the preset's text with it, not once a pause in typing was waited out
    // (followText.ts): at the first result its box is where it stays, so nothing below it moves.
    const curves = page.getByRole('region', { name: 'Curve editor' });
    const atResult = await curves.boundingBox();
    await expect(curves).toHaveAttribute('data-curves-of', 'latest');
    expect(await curves.boundingBox()).toEqual(atResult);
    // The time axis under the lanes: the run's half hour in round steps.
    const ticks = panel.locator('.cl-axis .plot-tick');
    await expect(ticks.filter({ hasText: /^0:10$/ })).toHaveCount(1);
    await expect(ticks.filter({ hasText: /^0:20$/ })).toHaveCount(1);
    // Hovering west's lane at 12:00 (40 % of 30 min): its values at that sync, and one cursor
    // across every lane.
    const west = panel.getByRole('img', { name: 'west: replicas over time' });
    const tip = panel.locator('.cl-lane[data-cluster="west"] .cl-tip');
    // The page holds still (above), so the card holds under the resting pointer.
    const box = (await west.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    await expect(tip).toContainText('west · 0:12:00');
    await expect(tip).toContainText(/replicas \d+/);
    await expect(tip).toContainText(/ready \d+/);
    await expect(tip).toContainText(/bounds \d+–\d+/);
    await expect(panel.locator('.cl-hover')).toHaveCount(4);
    await expect(panel.locator('.cl-tip')).toHaveCount(1);
    await page.mouse.move(0, 0);
    await expect(panel.locator('.cl-tip')).toHaveCount(0);
    // The failover's syncs sit 15 s apart: their markers stack or merge, none overlaps another.
    const markers = panel.getByRole('group', { name: 'Cluster events' }).getByRole('button');
    const boxes = await markers.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom] as const;
      }),
    );
    expect(boxes.length).toBeGreaterThan(2);
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++) {
        const [l1, t1, r1, b1] = boxes[a]!;
        const [l2, t2, r2, b2] = boxes[b]!;
        const overlap =
          Math.min(r1, r2) - Math.max(l1, l2) > 0.5 && Math.min(b1, b2) - Math.max(t1, t2) > 0.5;
        expect(overlap, `markers ${a} and ${b} overlap`).toBe(false);
      }
  });

  test('a share link keeps the model; links without one open on the first', async ({
    page,
    context,
  }) => {
    // Three page loads (the link, the new link, the link without a model) and axe after: ≈29 s
    // alone on 2 busy cores, over the 30 s default.
    test.slow();
    const link = readFileSync(join(fixtures, 'v1-failover-shipped.link'), 'utf8').trim();
    await openApp(page, new URL(link).hash ? `/${new URL(link).hash}` : '/');
    await waitUpToDate(page);
    const panel = page.getByRole('region', { name: 'Clusters', exact: true });
    const models = panel.getByRole('radiogroup', { name: 'Federation model' });
    await expect(models.getByRole('radio', { checked: true })).toHaveText(/Shipped/);
    // Switch to the proposal: the link made now carries it, and opens on it elsewhere.
    await models.getByRole('radio', { name: /Proposal/ }).click();
    await page.getByRole('button', { name: 'Share link' }).click();
    const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(/#s=v1\.[^&]+&model=proposal$/);
    const other = await context.newPage();
    await openApp(other, `/${new URL(url).hash}`);
    await waitUpToDate(other);
    await expect(
      other
        .getByRole('region', { name: 'Clusters', exact: true })
        .getByRole('radio', { checked: true }),
    ).toHaveText(/Proposal/);
    // The same link without the model (every older link): the first model, the proposal.
    const plain = await context.newPage();
    await openApp(plain, `/${new URL(link).hash.replace('&model=shipped', '')}`);
    await waitUpToDate(plain);
    await expect(
      plain
        .getByRole('region', { name: 'Clusters', exact: true })
        .getByRole('radio', { checked: true }),
    ).toHaveText(/Proposal/);
  });

  test('Export → Series (.csv) writes every model with a column group per cluster', async ({
    page,
  }) => {
    await openFailover(page);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Series (.csv)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('multi-cluster-failover-series.csv');
    const rows = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\n');
    expect(rows[0]).toMatch(
      /^model,time,east\.replicas,east\.min,east\.max,east\.pending,east\.noNode,east\.ready,east\.failed,west\.replicas,.*,total\.replicas,total\.pending,total\.ready,total\.demand,total\.served,total\.capacity$/,
    );
    // 30 min at 15 s in two models; east failed at 10:00 in the proposal model.
    expect(rows).toHaveLength(1 + 2 * 121);
    expect(rows[1 + 40]).toMatch(/^proposal,600,0,,,0,0,0,1,/);
    expect(rows[1 + 121]).toMatch(/^shipped,0,/);
  });
});
