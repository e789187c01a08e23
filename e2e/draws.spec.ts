// Timing draws in the app (spec.draws, issue 25): the draws run on the page's pool, each KPI tile
// shows its median · p95 · worst, the replicas chart their spread as a band, and one draw says so.

import {
  editorText,
  expectEditorText,
  openApp,
  presets,
  screenshot,
  setEditorText,
  waitUpToDate,
  kpi,
} from './app.ts';
import { readFileSync } from 'node:fs';
import { readRunSet } from '../src/share/runSet.ts';
import { expect, test } from './fixtures.ts';

const story = presets.find((p) => p.id === 'story-1-scale-up-fast')!.text;
const withDraws = (draws: string) =>
  story.replace('\nspec:\n  duration', `\nspec:\n  draws: ${draws}\n  duration`);

test('spec.draws shows each figure’s spread and a band on the replicas chart', async ({
  page,
  pageGuard,
}, info) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page);
  await setEditorText(page, withDraws('{ count: 8, seed: 3 }'));
  await waitUpToDate(page);
  const note = page.getByRole('status', { name: 'Timing draws' });
  await expect(note).toContainText("8 draws of the cluster's timing (seed 3)", {
    timeout: 30_000,
  });
  // every tile has its range, in the tile's units
  const unmet = kpi(page, 'Unmet demand');
  await expect(unmet.locator('.kpi-range')).toHaveText(/%( · [\d.]+%){2}$|% in every draw$/);
  await expect(unmet).toHaveAttribute('title', /over 8 draws|all 8 draws/);
  const replicas = page.getByRole('figure', { name: /Replicas over time/ });
  await expect(replicas.getByRole('button', { name: /8 draws/ })).toBeVisible();
  await screenshot(page, 'draws-8');

  // The run set to keep: the scenario, its runs and the 8 draws, read back by the strict reader.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export ▾' }).click();
  await page.getByRole('menuitem', { name: /Run set/ }).click();
  const file = info.outputPath('runs.json');
  await (await downloading).saveAs(file);
  const read = readRunSet(readFileSync(file, 'utf8'));
  expect(read.ok).toBe(true);
  if (read.ok) {
    expect(read.file.scenario.text).toBe(withDraws('{ count: 8, seed: 3 }'));
    expect(read.file.draws).toMatchObject({ count: 8, seed: 3 });
    expect(read.file.draws!.draws).toHaveLength(8);
    expect(read.file.runs[0]!.kpis).toEqual(read.file.draws!.draws[0]!.kpis);
  }

  await setEditorText(page, withDraws('{ count: 1 }'));
  await waitUpToDate(page);
  await expect(note).toContainText('1 draw: the scenario as written', { timeout: 30_000 });
  await expect(unmet.locator('.kpi-range')).toHaveText(/in the draw$/);
  await expect(replicas.getByRole('button', { name: /draws?$/ })).toHaveCount(0);

  // a bad count is a located error, not a crash
  await setEditorText(page, withDraws('{ count: 0 }'));
  await expect(page.getByText(/spec\.draws\.count/).first()).toBeVisible({ timeout: 20_000 });

  // Opening the kept run set (issue 25): a malformed one opens nothing and says where; the
  // saved one reopens its scenario, re-runs it and finds the same figures, draws included.
  const before = await editorText(page);
  const picker = page.getByLabel('Run set file');
  const saved = readFileSync(file, 'utf8');
  await picker.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(saved.replace('"version": 1', '"version": "one"')),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'run set could not be opened' }),
  ).toContainText(/broken\.json:3:\d+: expected version 1, got "one" \(at version\)/);
  await expectEditorText(page, before);
  // the Drafts menu's last item opens the file picker (no toolbar button: one row at 1024 px)
  await page.getByRole('button', { name: /^Drafts/ }).click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('menuitem', { name: 'Open a run set file (.json)…' }).click(),
  ]);
  await chooser.setFiles(file);
  await expectEditorText(page, withDraws('{ count: 8, seed: 3 }'));
  await expect(page.getByRole('status', { name: 'Opened run set' })).toContainText(
    'runs.json (saved 20',
    { timeout: 30_000 },
  );
  await expect(page.getByRole('status', { name: 'Opened run set' })).toContainText(
    'the same figures, 1 run and 8 draws',
    { timeout: 30_000 },
  );
  expect(pageGuard.consoleErrors).toEqual([]);
});
