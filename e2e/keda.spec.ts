import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { editorText, markers, openApp, setEditorText, waitUpToDate } from './app.ts';

// A real ScaledObject pasted as it is (AliwareMQ's kafka demo, minReplicaCount 0): KEDA's loop
// runs around the HPA and its decisions are seen on the page and explained in KEDA's terms.
const corpus = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'tests', 'manifests', name), 'utf8');

test('a pasted ScaledObject shows KEDA deciding: cooldown to 0, activation, conditions', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  await waitUpToDate(page);
  await setEditorText(page, corpus('keda-kafka-lag-scale-from-zero.yaml'));
  await waitUpToDate(page);
  expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);
  const note = (await markers(page)).find((m) => m.message.startsWith('a KEDA ScaledObject'));
  expect(note?.message).toContain("with KEDA's own loop around it");
  const lane = page.getByRole('region', { name: 'KEDA', exact: true });
  await expect(lane).toContainText('KEDA 2.20.2 assumed');
  await expect(lane).toContainText(/activations \d+/);
  // minReplicaCount 0 is drawn as 0, not the HPA's 1; KEDA's writes have their own legend entry.
  await expect(page.locator('.ref-min').first()).toHaveText('min 0');
  await expect(page.getByText('KEDA write', { exact: true })).toBeVisible();
  // KEDA's inactive and cooling-down spans are shaded behind the replicas, each in the legend.
  await expect(page.getByText('KEDA inactive', { exact: true })).toBeVisible();
  await expect(page.getByText('KEDA cooling down', { exact: true })).toBeVisible();
  const shaded = page.locator('.chart-surface rect[fill*="--keda-shade-inactive"]');
  expect(await shaded.count()).toBeGreaterThan(0);
  // KEDA's first write: the initial pod goes to 0 at the 30 s poll (no activity yet).
  await lane
    .getByRole('button', { name: /^▼ 0 at 0?0?:?0?0:30/ })
    .first()
    .click();
  const step = page.getByRole('region', { name: "KEDA's step" });
  await expect(step).toContainText('1 → 0');
  await expect(step).toContainText('KEDAScaleTargetDeactivated');
  await expect(step.getByRole('table', { name: 'ScaledObject conditions' })).toContainText(
    'ScalerNotActive',
  );
  const summary = page.locator('.explain-summary');
  await expect(summary).toContainText(/^KEDA \(poll at 30s, every 30s\)/);
  await expect(summary).toContainText(
    'HPA: the target has 0 replicas and minReplicas is not 0: ScalingActive=False ScalingDisabled',
  );
  await page.screenshot({ path: info.outputPath('keda-1280x720.png') });
  // The next activation: 0 → 1 with KEDAScaleTargetActivated, the trigger above its activation.
  await lane
    .getByRole('button', { name: /^▲ 1 at/ })
    .first()
    .click();
  await expect(step).toContainText('0 → 1');
  await expect(step).toContainText('> 0: active');
  await expect(summary).toContainText('KEDAScaleTargetActivated');
  // The lane and KEDA's step fit a smaller screen too.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(lane).toContainText('KEDA 2.20.2 assumed');
  await page.screenshot({ path: info.outputPath('keda-1024x768.png') });
  // The same ScaledObject paused: KEDA deleted the HPA and stopped its loop; the replicas hold and
  // each sync's explanation says why nothing scales.
  await page.setViewportSize({ width: 1280, height: 720 });
  const paused = corpus('keda-kafka-lag-scale-from-zero.yaml').replace(
    'metadata:\n  name: alibaba-kafka-consumer-eda\n',
    'metadata:\n  name: alibaba-kafka-consumer-eda\n  annotations: { autoscaling.keda.sh/paused: "true" }\n',
  );
  await setEditorText(page, paused);
  await waitUpToDate(page);
  expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);
  await expect(summary).toContainText('KEDA: Paused=True ScaledObjectPaused');
  await expect(summary).toContainText('paused: KEDA removed the HPA');
  await expect(summary).toContainText('no HPA to reconcile');
  // No HPA, so no chain to walk and nothing for kubectl to describe.
  await expect(
    page.getByRole('listitem', { name: /^Step 1: No HPA \(KEDA paused\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Step 2:/ })).toHaveCount(0);
  await expect(page.getByLabel('kubectl describe hpa')).toContainText(
    'Error from server (NotFound): horizontalpodautoscalers.autoscaling',
  );
  await expect(lane).toContainText('activations 0');
  await page.screenshot({ path: info.outputPath('keda-paused-1280x720.png') });
  // Bad input (issue 22): a misspelt scaler and an activationThreshold that is not a number are
  // each one error at its own line, in KEDA's words with the fix; the text stays as typed.
  const bad = corpus('keda-kafka-lag-scale-from-zero.yaml')
    .replace('- type: kafka', '- type: kafak')
    .replace(
      '      offsetResetPolicy: latest\n',
      '      offsetResetPolicy: latest\n  - type: prometheus\n    metadata:\n      serverAddress: http://p:9090\n      query: q\n      threshold: "5"\n      activationThreshold: five\n',
    );
  await setEditorText(page, bad);
  await expect
    .poll(async () => (await markers(page)).filter((m) => m.severity === 'error').length)
    .toBe(2);
  const errors = (await markers(page)).filter((m) => m.severity === 'error');
  const lines = bad.split('\n');
  const at = (m: (typeof errors)[number]) => lines[m.line - 1]!;
  const scaler = errors.find((m) => m.message.includes('no scaler found for type: kafak'))!;
  expect(scaler.message).toContain("did you mean 'kafka'?");
  expect(at(scaler)).toContain('type: kafak');
  const activation = errors.find((m) => m.message.includes('activationThreshold'))!;
  expect(at(activation)).toContain('activationThreshold: five');
  expect(activation.message).toContain('write a number, e.g. activationThreshold: "5"');
  expect(await editorText(page)).toBe(bad);
});
