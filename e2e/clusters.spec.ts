// The multi-cluster view: the failover preset from the gallery, a lane per cluster and the
// total, the failure on the event timeline, the model switch, and a division read step by step.
import { expect, test } from './fixtures.ts';
import { openApp, waitUpToDate } from './app.ts';

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
    await expect(detail.locator('[data-kind="failover"]')).toContainText('§A.10 failover');
    await expect(panel.getByTestId('lane-now-east')).toHaveText('failed');
    // The docked explanation has no member detail: it points here instead of loading forever.
    await expect(page.getByRole('note').filter({ hasText: 'A multi-cluster run' })).toBeVisible();

    // The shipped model: the failure, then karmada-scheduler re-divides at once (Webster).
    await models.getByRole('radio', { name: /Shipped Karmada/ }).click();
    await expect(models.getByRole('radio', { checked: true })).toHaveText(/Shipped/);
    await expect(detail.locator('th', { hasText: 'HPA min/max' })).toHaveCount(0);
    const failure = events.getByRole('button', { name: /cluster failed/ });
    await expect(failure).toHaveCount(1);
    await failure.click();
    await expect(failure).toHaveAttribute('aria-pressed', 'true');
    await expect(detail.locator('[data-kind="failure"]')).toBeVisible();
    const steps = detail.getByRole('list', { name: 'Steps of scheduler division' });
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
});
