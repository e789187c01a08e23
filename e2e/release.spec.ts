// The Kubernetes release is always in view: beside the simulator's status, and it follows the text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';
import { openApp, screenshot, setEditorText } from './app.ts';

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 1
  maxReplicas: 8
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
`;

test('the status line names the release the run follows', async ({ page }) => {
  await openApp(page);
  const badge = page.getByRole('note', { name: /^Kubernetes release/ });
  // The default preset names no release: the one hpa-sim followed before it modelled releases.
  await expect(badge).toHaveText('K8s 1.35');
  await expect(badge).toHaveAttribute('title', /no spec\.kubernetesVersion/);
  await expect(badge).toHaveAttribute('data-named', 'false');

  // An HPA pasted alone: the assumed world runs, and names, the newest release.
  await setEditorText(page, HPA);
  await expect(badge).toHaveText('K8s 1.37');
  await expect(badge).toHaveAttribute(
    'title',
    /no Simulation document, so the newest release runs/,
  );

  // Named in a Simulation document.
  await setEditorText(
    page,
    `${HPA}---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  kubernetesVersion: "1.38"\n`,
  );
  await expect(badge).toHaveText('K8s 1.38');
  await expect(badge).toHaveAttribute(
    'title',
    /1\.38 \(master, unreleased\): named by spec\.kubernetesVersion/,
  );
  // With a ScaledObject, the KEDA release that runs around the HPA too.
  await setEditorText(
    page,
    readFileSync(join(process.cwd(), 'src/presets/keda-cooldown-to-zero.yaml'), 'utf8'),
  );
  await expect(badge).toHaveText(/^K8s 1\.35 · KEDA \d+\.\d+\.\d+$/);
  await expect(badge).toHaveAttribute('title', /KEDA \d+\.\d+\.\d+ runs around it/);
});

test('the release fits the toolbar row at 1024 × 768', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page);
  const badge = await page.getByRole('note', { name: /^Kubernetes release/ }).boundingBox();
  const share = await page.getByRole('button', { name: 'Share link' }).boundingBox();
  const view = await page.getByRole('button', { name: 'Presenter' }).boundingBox();
  // One row: the badge, the Share button and the view switches share it.
  expect(Math.abs(badge!.y + badge!.height / 2 - (share!.y + share!.height / 2))).toBeLessThan(8);
  expect(Math.abs(view!.y + view!.height / 2 - (share!.y + share!.height / 2))).toBeLessThan(8);
});

test('the replicas chart marks each change of spec.changes, named in the legend', async ({
  page,
}) => {
  await openApp(page);
  await setEditorText(
    page,
    readFileSync(join(process.cwd(), 'src/presets/manual-zero-1-35-vs-1-37.yaml'), 'utf8'),
  );
  const chart = page.getByRole('figure', { name: /^Replicas over time/ });
  const marks = chart.getByRole('list', { name: 'Changes during the run (spec.changes)' });
  await expect(marks.getByRole('listitem')).toHaveCount(2);
  await expect(marks.getByRole('listitem').first()).toHaveAttribute(
    'aria-label',
    /^change 1 at [0-9:]*40:00: .*an operator pauses the worker/,
  );
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, 'release-change-marks');
  // The legend entry hides and shows them, like every other series.
  const entry = chart.getByRole('button', { name: 'change', exact: true });
  await entry.click();
  await expect(marks).toHaveCount(0);
  await entry.click();
  await expect(marks.getByRole('listitem')).toHaveCount(2);
});
