// Variants × federation in the app (issue 21 item 2): a multi-cluster scenario with variants
// (src/run/__fixtures__/failover-variants.yaml) compares one total per HPA, says what each
// variant changes (the HPA's spec or the controller's flags), keeps the HPA's cluster lanes, and
// explains a variant's shipped-model total (the central FederatedHPA of that variant).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { openApp, setEditorText, waitUpToDate } from './app.ts';

const text = readFileSync(
  join(import.meta.dirname, '..', 'src', 'run', '__fixtures__', 'failover-variants.yaml'),
  'utf8',
);

test('a multi-cluster scenario with variants compares one total per HPA', async ({ page }) => {
  await openApp(page);
  await waitUpToDate(page);
  await setEditorText(page, text);
  await waitUpToDate(page);
  const compare = page.getByRole('region', { name: 'Variants side by side' });
  const table = compare.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    /KPI/,
    /multi-cluster failover: total \(proposal\)/,
    /tight: total \(proposal\)/,
    /tolerant: total \(proposal\)/,
  ]);
  await expect(table.getByRole('columnheader').nth(2)).toContainText('minReplicas: 3 → 6');
  await expect(table.getByRole('columnheader').nth(3)).toContainText(
    'controller.tolerance: 0.1 → 0.3',
  );
  // The tolerant controller scales less often than the HPA's own (5 events).
  await expect(table.locator('tr[data-kpi="scaleEvents"] td')).toHaveText(['5', /^4 /, /^4 ✓/]);
  await expect(
    page.getByRole('img', { name: 'Replicas of each run over time' }).locator('path[data-run]'),
  ).toHaveCount(3);
  // The cluster lanes stay the HPA's federation's.
  const clusters = page.getByRole('region', { name: 'Clusters', exact: true });
  await expect(clusters.getByRole('img', { name: /replicas over time/ })).toHaveCount(4);
  // Export → every run's series: each variant's member runs too, a row per run and sync.
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /Every run’s series/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-runs\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const keys = new Set(
    csv
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]),
  );
  expect(csv.split('\n')[0]).toMatch(/^run,kind,group,label,time,/);
  expect([...keys]).toEqual(expect.arrayContaining(['proposal/total', 'tight:shipped/total']));
  expect([...keys].filter((k) => k!.startsWith('tolerant:')).length).toBeGreaterThan(2);
});
