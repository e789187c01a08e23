// The SRE's job, shortened: tune in the app, export the chosen candidate as a manifest, and the
// CLI's check on that manifest (in the same world) passes the goals the search met (issue 25).

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  editorText,
  expectEditorText,
  openApp,
  presets,
  setEditorText,
  waitUpToDate,
} from './app.ts';
import { expect, test } from './fixtures.ts';

const short = presets
  .find((p) => p.id === 'default')!
  .text.replace('duration: 24h', 'duration: 3h')
  .replace(
    'periodSeconds: 86400, peakAtSeconds: 54000',
    'periodSeconds: 10800, peakAtSeconds: 5400',
  )
  .replace('at: 43200, durationSeconds: 1200', 'at: 3600, durationSeconds: 600');

test('a tuned candidate leaves the app as an HPA manifest that cli check passes', async ({
  page,
  pageGuard,
}, info) => {
  test.setTimeout(180_000);
  await openApp(page);
  await setEditorText(page, short);
  await waitUpToDate(page);
  await page.getByRole('button', { name: 'Tune…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tune the behavior' });
  await dialog.getByRole('spinbutton', { name: 'Runs' }).fill('16');
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(dialog.getByRole('status').first()).toContainText(/16 runs in [\d.]+ s/, {
    timeout: 120_000,
  });
  await expect(dialog.getByRole('status').first()).toContainText(
    'the recommendation meets every constraint',
  );
  const best = dialog.getByRole('table', { name: 'Candidates' }).getByRole('row').nth(1);
  await expect(best).toContainText('★');
  const downloading = page.waitForEvent('download');
  await best.getByRole('button', { name: 'Export as HPA manifest' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^web-tuned-\d+\.yaml$/);
  const file = info.outputPath('tuned.yaml');
  await download.saveAs(file);
  const hpa = readFileSync(file, 'utf8');
  const docs = parseAllDocuments(hpa);
  expect(docs).toHaveLength(1);
  expect(docs[0]!.errors).toEqual([]);
  expect(docs[0]!.toJS()).toMatchObject({
    kind: 'HorizontalPodAutoscaler',
    spec: { behavior: {} },
  });
  await page.screenshot({ path: 'test-results/tune-export.png' });

  // The panel's default goals, checked by the CLI on the manifest in the scenario's world.
  const scenario = join(info.outputPath(), 'again.yaml');
  writeFileSync(scenario, `${hpa}${short.slice(short.indexOf('\n---') + 1)}`);
  const check = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/cli/bin.ts',
      'check',
      scenario,
      '--max-unmet-demand-percent',
      '0.5',
      '--max-recovery-seconds',
      '120',
      '--max-reversals',
      '4',
    ],
    { encoding: 'utf8' },
  );
  expect(check.stdout).toContain('all 3 thresholds met');
  expect(check.status).toBe(0);

  // "Make this the HPA": the editor's HPA becomes the export, the old one a variant; one undo.
  const before = await editorText(page);
  await best.getByRole('button', { name: 'Make this the HPA' }).click();
  await expect(best.getByRole('status')).toContainText('is now the HPA');
  await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain(hpa.trimEnd());
  const after = await editorText(page);
  expect(after).toMatch(/name: before-tuned-\d+/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expectEditorText(page, before);
  expect(pageGuard.pageErrors).toEqual([]);
});
