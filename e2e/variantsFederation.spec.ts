// Variants × federation in the app (issue 21 item 2): a multi-cluster scenario with variants
// (src/run/__fixtures__/failover-variants.yaml) compares one total per HPA, says what each
// variant changes (the HPA's spec or the controller's flags), opens on the HPA's cluster lanes and
// draws a variant's own member runs on them when asked, explaining that variant's member HPAs.
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
  // A variant's federation is its own member runs: "Runs of" draws tight's lanes, and a lane's
  // decision is tight's east member HPA, read from that run (min 4 at 5:00; 2 in the HPA's).
  const whose = clusters.getByLabel('Whose clusters');
  await whose.selectOption({ label: 'variant tight' });
  const east = clusters.getByRole('img', { name: 'east: replicas over time' });
  const box = (await east.boundingBox())!;
  await east.click({ position: { x: box.width / 6, y: box.height / 2 } });
  await expect(clusters.getByLabel('Decision to explain')).toHaveValue('tight:proposal/east');
  const explain = page.getByRole('region', { name: 'Explanation' });
  await expect(explain).toContainText(/Min replicas:\s*4/);
  await whose.selectOption({ index: 0 });
  await expect(clusters.getByLabel('Decision to explain')).toHaveValue('proposal/east');
  await expect(explain).toContainText(/Min replicas:\s*2/);
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
