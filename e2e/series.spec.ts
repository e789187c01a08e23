// An imported series (issue 27): drawn as soon as it is applied, and dragged whole — a level
// handle scales every value, a start handle moves it in time — each drag one undo step.
import { expect, test } from './fixtures.ts';
import { editorText, openApp, waitUpToDate } from './app.ts';

test('an imported trace is drawn at once and dragged by its level and its start', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  await waitUpToDate(page);
  await page.getByRole('button', { name: 'Import traffic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import traffic' });
  await dialog.getByRole('combobox', { name: 'Sample trace' }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: /^Apply/ }).click();
  const panel = page.getByRole('region', { name: 'Curve editor' });
  await expect(panel.getByTestId('curve-line')).toHaveAttribute('d', /^M[\d.]+,[\d.]+L/);
  const level = panel.getByRole('slider', { name: 'traffic level (scales every value)' });
  const start = panel.getByRole('slider', {
    name: 'traffic start (moves the whole series in time)',
  });
  await expect(level).toBeVisible();
  await waitUpToDate(page);
  const imported = await editorText(page);
  /** the numbers of the `values: >-` block: its lines, indented past the key */
  const values = (t: string) => {
    const lines = t.split('\n');
    const at = lines.findIndex((l) => /^\s*values: >-$/.test(l));
    const indent = lines[at]!.search(/\S/);
    const body: string[] = [];
    for (const l of lines.slice(at + 1)) {
      if (l.trim() === '' || l.search(/\S/) <= indent) break;
      body.push(l.trim());
    }
    return body.join(' ').split(/\s+/).map(Number);
  };

  // the values read as a table: a line of them is one row on screen, not wrapped in the column
  const lines = imported.split('\n');
  const row = lines.findIndex((l) => /^\s*values: >-$/.test(l)) + 12;
  await page.evaluate((line) => window.__hpaSimEditor!.setCursor(line, 1), row);
  const sp = '[\\s\\u00a0]';
  const whole = new RegExp(`^${sp}*${lines[row - 1]!.trim().split(' ').join(`${sp}+`)}${sp}*$`);
  await expect(page.locator('.monaco-editor .view-line').filter({ hasText: whole })).toHaveCount(1);

  // drag the level down by about half the plot: every value scales by one factor
  const box = (await level.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 20, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => editorText(page)).not.toBe(imported);
  const before = values(imported);
  const after = values(await editorText(page));
  expect(after).toHaveLength(before.length);
  const factor = after[before.indexOf(Math.max(...before))]! / Math.max(...before);
  expect(factor).toBeLessThan(0.95);
  for (const [i, v] of before.entries()) expect(after[i]).toBeCloseTo(v * factor, -1);
  await waitUpToDate(page);

  // the start, from the keyboard: the series moves later
  await start.focus();
  await start.press('ArrowRight');
  await expect.poll(() => editorText(page)).toMatch(/startSeconds: [1-9]\d*/);
  // one undo each
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => editorText(page)).not.toMatch(/startSeconds: [1-9]/);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => editorText(page)).toBe(imported);
});
