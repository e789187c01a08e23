import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { editorText, kpi, markers, openApp, setEditorText, waitUpToDate } from './app.ts';
import { diurnalWebCsv, weekJson } from '../src/panels/import/sampleTraces.ts';

// Real files from tests/manifests, pasted as they are: no Simulation document, other objects.
const corpus = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'tests', 'manifests', name), 'utf8');

/** Drops a file on the page as a user dragging it from the desktop would. */
async function dropFile(page: import('@playwright/test').Page, name: string, text: string) {
  const transfer = await page.evaluateHandle(
    ([n, t]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t!], n!, { type: 'text/plain' }));
      return dt;
    },
    [name, text],
  );
  await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
}

async function shareUrl(page: import('@playwright/test').Page): Promise<string> {
  await page.getByRole('button', { name: 'Share link' }).click();
  return page.getByRole('textbox', { name: 'Share link' }).inputValue();
}

test.describe('pasting real files', () => {
  test.beforeEach(() => test.setTimeout(90_000));

  test('an install file runs the default world, and its Simulation document is one click away', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const install = corpus('v2beta1-statefulset-install.yaml');
    await setEditorText(page, install);
    await waitUpToDate(page);
    expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);
    // min 3, max 5: the assumed traffic peaks at 80 % of max (4 pods) and falls back to 3.
    await expect(kpi(page, 'Peak / final')).toContainText('4 / 3');
    const notice = page.getByRole('note', { name: 'Assumed world' });
    await expect(notice).toContainText('default world is assumed');
    const before = await kpi(page, 'Pod-hours').innerText();
    await notice.getByRole('button', { name: 'Insert this Simulation document' }).click();
    await expect(notice).toBeHidden();
    await waitUpToDate(page);
    expect(await editorText(page)).toContain('kind: Simulation');
    expect(await kpi(page, 'Pod-hours').innerText()).toBe(before);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(page)).toBe(install);
  });

  test('choosing among several HPAs, and the link keeps the choice', async ({ page, context }) => {
    await openApp(page);
    await waitUpToDate(page);
    await setEditorText(page, corpus('v2beta2-two-hpas-memory-averagevalue.yaml'));
    await waitUpToDate(page);
    const picker = page.getByRole('combobox', { name: 'HPA to simulate' });
    await expect(picker).toHaveValue('wordpress');
    await picker.selectOption('ingress');
    await expect(page.locator('.scenario-meta strong')).toHaveText('ingress');
    await waitUpToDate(page);
    const url = await shareUrl(page);
    expect(url).toMatch(/&hpa=ingress$/);
    const fresh = await context.browser()!.newContext();
    const other = await fresh.newPage();
    await openApp(other, url);
    await waitUpToDate(other);
    await expect(other.getByRole('combobox', { name: 'HPA to simulate' })).toHaveValue('ingress');
    await expect(other.locator('.scenario-meta strong')).toHaveText('ingress');
    await fresh.close();
  });
});

test.describe('importing traffic', () => {
  test.beforeEach(() => test.setTimeout(120_000));

  test('a dropped manifest becomes the scenario; a dropped CSV opens the import', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const install = corpus('v2beta1-statefulset-install.yaml');
    await dropFile(page, 'install.yaml', install);
    await expect.poll(() => editorText(page)).toBe(install);
    await dropFile(page, 'day.csv', diurnalWebCsv());
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    await expect(dialog.getByRole('img', { name: 'Imported demand preview' })).toBeVisible();
    await expect(dialog.getByText('day.csv')).toBeVisible();
  });

  test('a CSV file, then a week of Prometheus data, then a link that reopens the same run', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    await page.getByRole('button', { name: 'Import traffic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    // A malformed file: located errors, and nothing applied.
    await dialog.getByLabel('Traffic file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('time,value\n0,1\nzero,x\n'),
    });
    await expect(dialog.getByRole('alert', { name: 'Cannot import' })).toContainText('line 3');
    await expect(dialog.getByRole('button', { name: 'Apply to spec.traffic' })).toBeDisabled();
    await dialog.getByLabel('Traffic file').setInputFiles({
      name: 'day.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(diurnalWebCsv()),
    });
    await expect(dialog.getByRole('img', { name: 'Imported demand preview' })).toBeVisible();
    await dialog.getByLabel('Scale factor').fill('0.3');
    await dialog.getByRole('button', { name: 'Apply to spec.traffic' }).click();
    await expect(dialog).toBeHidden();
    await waitUpToDate(page);
    expect(await editorText(page)).toContain('stepSeconds: 60');
    expect(await editorText(page)).toContain('duration: 86400s');

    await page.getByRole('button', { name: 'Import traffic' }).click();
    await dialog.getByLabel('Traffic file').setInputFiles({
      name: 'week.json',
      mimeType: 'application/json',
      buffer: Buffer.from(weekJson()),
    });
    await expect(dialog.getByRole('img', { name: 'Imported demand preview' })).toBeVisible();
    await expect(dialog.getByText(/2016 samples over 7\.0 days/)).toBeVisible();
    await dialog.getByLabel('Scale factor').fill('0.3');
    await dialog.getByRole('button', { name: 'Apply to spec.traffic' }).click();
    await waitUpToDate(page);
    const text = await editorText(page);
    expect(text).toContain('stepSeconds: 300');
    expect(text).toContain('duration: 604800s');
    const figures = await kpi(page, 'Pod-hours').innerText();

    const url = await shareUrl(page);
    const fresh = await context.browser()!.newContext();
    const other = await fresh.newPage();
    await openApp(other, url);
    await waitUpToDate(other);
    expect(await editorText(other)).toBe(text);
    expect(await kpi(other, 'Pod-hours').innerText()).toBe(figures);
    await fresh.close();
  });
});
