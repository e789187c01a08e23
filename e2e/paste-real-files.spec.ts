import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures.ts';
import { editorText, kpi, markers, openApp, setEditorText, waitUpToDate } from './app.ts';
import { diurnalWebCsv, weekByZoneJson, weekJson } from '../src/panels/import/sampleTraces.ts';

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
    // one line each, so the pasted file keeps the editor's height; the details one click away
    await expect(notice.getByText(/traffic \d+ units\/s/)).toBeHidden();
    await notice.getByText('No Simulation document').click();
    await expect(notice.getByText(/traffic \d+ units\/s/)).toBeVisible();
    // the notes are a badge by the scenario's name, opening over the editor
    await expect(page.getByRole('button', { name: /^\d+ notes?$/ })).toBeVisible();
    await expect(
      page.getByText(/no Simulation document, so a default world is assumed: /),
    ).toBeHidden();
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
    // Another file pasted, without 'ingress': its first HPA runs, as the picker shows.
    await setEditorText(page, corpus('v2-two-hpas-two-pdbs-blank-lines.yaml'));
    await waitUpToDate(page);
    await expect(picker).toHaveValue('guard-api-hpa');
    await expect(page.locator('.scenario-meta strong')).toHaveText('guard-api-hpa');
    expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);

    // At 1024 px a kubectl dump's namespace/name shows whole in the picker (it was cut at 60 %).
    await page.setViewportSize({ width: 1024, height: 768 });
    const hpa = (ns: string, name: string) =>
      `- apiVersion: autoscaling/v2\n  kind: HorizontalPodAutoscaler\n  metadata: { name: ${name}, namespace: ${ns} }\n  spec:\n    scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name} }\n    maxReplicas: 11\n`;
    await setEditorText(
      page,
      `apiVersion: v1\nkind: List\nitems:\n${hpa('ingress-nginx', 'ingress-nginx-controller')}${hpa('prod', 'api')}`,
    );
    await waitUpToDate(page);
    await expect(picker).toHaveValue('ingress-nginx-controller');
    const fits = await picker.evaluate((s: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(s).font;
      probe.style.position = 'absolute';
      probe.style.whiteSpace = 'pre';
      probe.textContent = s.selectedOptions[0]!.textContent;
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      // the text and the arrow
      return text + 24 <= s.clientWidth;
    });
    expect(fits).toBe(true);
  });

  test('a JSON file runs as it is; a trailing comma kubectl refuses is one marker at the comma', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const json = corpus('json-v2-cpu-no-eol.json');
    await setEditorText(page, json);
    await waitUpToDate(page);
    expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);
    await expect(page.getByRole('note', { name: 'Assumed world' })).toContainText(
      'default world is assumed',
    );
    // min 1, max 5: the assumed traffic peaks at 80 % of max (4 pods) and falls back to 1.
    await expect(kpi(page, 'Peak / final')).toContainText('4 / 1');
    const broken = json.replace('"averageUtilization": 70', '"averageUtilization": 70,');
    await setEditorText(page, broken);
    await expect
      .poll(async () => (await markers(page)).filter((m) => m.severity === 'error'))
      .toHaveLength(1);
    const [marker] = (await markers(page)).filter((m) => m.severity === 'error');
    expect(marker!.message).toContain(
      "JSON: invalid character '}' looking for beginning of object key string",
    );
    // The marker sits on the brace after the trailing comma, where encoding/json stops.
    const lines = broken.split('\n');
    expect(lines[marker!.line - 1]![marker!.column - 1]).toBe('}');
    expect(lines[marker!.line - 2]!.trimEnd().endsWith(',')).toBe(true);
  });

  test('a KEDA ScaledObject runs as the HPA KEDA creates; a tab indent is one marker at the tab', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    await setEditorText(page, corpus('keda-scaledobject.yaml'));
    await waitUpToDate(page);
    expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);
    await expect(page.locator('.scenario-meta strong')).toHaveText('keda-hpa-nest-kedacore-demo');
    // min 3, max 5 (minReplicaCount, maxReplicaCount): up to 4 and back to 3.
    await expect(kpi(page, 'Peak / final')).toContainText('4 / 3');
    const note = (await markers(page)).find((m) => m.message.startsWith('a KEDA ScaledObject'));
    expect(note?.message).toContain("with KEDA's own loop around it");
    // A tab where two spaces belong: one marker, at the tab, instead of the parser's cascade.
    const tabbed = corpus('keda-scaledobject.yaml').replace(
      '\n    name: nest-kedacore-demo',
      '\n\tname: nest-kedacore-demo',
    );
    await setEditorText(page, tabbed);
    await expect
      .poll(async () => (await markers(page)).filter((m) => m.severity === 'error'))
      .toHaveLength(1);
    const [marker] = (await markers(page)).filter((m) => m.severity === 'error');
    expect(marker!.message).toContain('a tab is used for indentation here');
    expect(tabbed.split('\n')[marker!.line - 1]![marker!.column - 1]).toBe('\t');
    // The editor offers the fix as a quick fix on the marker (Ctrl+.) …
    await page.evaluate(
      ([line, column]) => window.__hpaSimEditor!.setCursor(line!, column!),
      [marker!.line, marker!.column],
    );
    // Monaco computes code actions after the markers settle: under load the first Ctrl+. can
    // come too early and open nothing, so ask again until the widget offers the fix.
    await expect(async () => {
      await page.keyboard.press('Control+.');
      await expect(page.locator('.action-widget').getByText(/spaces instead of tabs/)).toBeVisible({
        timeout: 3000,
      });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    // … and the problems list as a button: one click, one undo step, and the file runs again.
    await page
      .getByRole('region', { name: 'Problems' })
      .getByRole('button', { name: /^Fix: / })
      .click();
    await expect.poll(() => editorText(page)).toBe(corpus('keda-scaledobject.yaml'));
    await waitUpToDate(page);
    expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);
  });
});

test.describe('the HPA picker', () => {
  test.beforeEach(() => test.setTimeout(90_000));

  test("switching HPA marks the charts stale until the chosen HPA's run arrives", async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    await setEditorText(page, corpus('v2beta2-two-hpas-memory-averagevalue.yaml'));
    await waitUpToDate(page);
    const strip = page.getByRole('list', { name: 'Key figures of the run' });
    const before = await strip.innerText();
    // Every DOM change from the choice on: were the charts stale, and which KPIs did they show?
    await page.evaluate(() => {
      const w = window as unknown as { frames_: { stale: boolean; kpis: string }[] };
      w.frames_ = [];
      // From the choice on (capture: before React's own listener handles it).
      let armed = false;
      document.addEventListener('change', () => (armed = true), true);
      const look = () =>
        armed &&
        w.frames_.push({
          stale: document.querySelector('.sim-charts')!.classList.contains('is-stale'),
          kpis: (document.querySelector('ul.kpi-strip') as HTMLElement).innerText,
        });
      new MutationObserver(look).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    });
    await page.getByRole('combobox', { name: 'HPA to simulate' }).selectOption('ingress');
    await waitUpToDate(page);
    await expect(strip).not.toHaveText(before);
    const after = await strip.innerText();
    const frames = await page.evaluate(
      () => (window as unknown as { frames_: { stale: boolean; kpis: string }[] }).frames_,
    );
    // The old HPA's figures were on screen, marked stale, and never shown as current.
    expect(frames.some((f) => f.stale && f.kpis === before)).toBe(true);
    expect(frames.filter((f) => !f.stale && f.kpis === before)).toEqual([]);
    expect(frames.at(-1)).toEqual({ stale: false, kpis: after });
    await expect(page.locator('.sim-charts')).not.toHaveClass(/is-stale/);
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
    // Apply is async (it loads the editing code first): until the dialog closes, the text and
    // the status may still be the day's, "up to date".
    await expect(dialog).toBeHidden();
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

  test('a week exported from Prometheus in three series: pick one, apply, share, same run', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const original = await editorText(page);
    await page.getByRole('button', { name: 'Import traffic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    await dialog.getByLabel('Traffic file').setInputFiles({
      name: 'week-by-zone.json',
      mimeType: 'application/json',
      buffer: Buffer.from(weekByZoneJson()),
    });
    const picker = dialog.getByRole('group', { name: /3 series in this file/ });
    await expect(picker.getByRole('radio')).toHaveCount(4);
    // By default the three are added up; the preview says so and draws the parts behind.
    await expect(picker.getByRole('radio', { name: /add them up/ })).toBeChecked();
    const preview = dialog.getByRole('img', { name: 'Imported demand preview' });
    await expect(dialog.getByText(/^sum of 3 series: 2016 samples over 7\.0 days/)).toBeVisible();
    await expect(preview.locator('path.trace-part')).toHaveCount(3);
    await expect(dialog.getByRole('alert', { name: 'Warnings' })).toContainText(
      '24 timestamps are missing from some series',
    );
    const zoneC = picker.getByRole('radio', { name: /zone="europe-west1-c".*1992 samples/ });
    await zoneC.check();
    await expect(
      dialog.getByText(/zone="europe-west1-c"\}: 1992 samples over 7\.0 days/),
    ).toBeVisible();
    await picker.getByRole('radio', { name: /zone="europe-west1-d"/ }).check();
    await expect(dialog.getByText(/zone="europe-west1-d"\}: 2016 samples/)).toBeVisible();
    await dialog.getByLabel('Scale factor').fill('0.6');
    await dialog.getByRole('button', { name: 'Apply to spec.traffic' }).click();
    await expect(dialog).toBeHidden();
    await waitUpToDate(page);
    const text = await editorText(page);
    expect(text).not.toBe(original);
    expect(text).toContain('stepSeconds: 300');
    expect(text).toContain('duration: 604800s');
    await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
    await expect(page.locator('.sim-charts')).not.toHaveClass(/is-stale/);
    const strip = page.getByRole('list', { name: 'Key figures of the run' });
    const figures = await strip.innerText();
    expect(figures).toMatch(/Pod-hours/);

    const url = await shareUrl(page);
    const fresh = await context.browser()!.newContext();
    const other = await fresh.newPage();
    await openApp(other, url);
    await waitUpToDate(other);
    expect(await editorText(other)).toBe(text);
    // Every KPI of the run, not just one: the link reopens the same run.
    expect(await other.getByRole('list', { name: 'Key figures of the run' }).innerText()).toBe(
      figures,
    );
    await fresh.close();
  });

  test('a 1 KB answer of samples 0.5 ms apart over a million seconds: resampled, applied, valid', async ({
    page,
  }) => {
    // issue 28: the compact grid once had two billion values and froze the tab.
    await openApp(page);
    await waitUpToDate(page);
    await page.getByRole('button', { name: 'Import traffic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    await dialog.getByLabel('Traffic file').setInputFiles({
      name: 'series-memory.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        readFileSync(
          join(
            import.meta.dirname,
            '..',
            'tests',
            'fuzz',
            'repro',
            'series-memory-4e9a7c41.cli.json',
          ),
          'utf8',
        ).replace('999999999999999.9', '5'),
      ),
    });
    await expect(dialog.getByRole('alert', { name: 'Warnings' })).toContainText('resampled every');
    await dialog.getByRole('button', { name: 'Apply to spec.traffic' }).click();
    await expect(dialog).toBeHidden();
    await waitUpToDate(page);
    expect(await editorText(page)).toContain('stepSeconds: 10.1');
    expect((await markers(page)).filter((m) => m.severity === 'error')).toEqual([]);

    // The same file with a sum past the curve limit: refused at the sample, nothing applied.
    await page.getByRole('button', { name: 'Import traffic' }).click();
    await dialog.getByLabel('Traffic file').setInputFiles({
      name: 'series-memory.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        readFileSync(
          join(
            import.meta.dirname,
            '..',
            'tests',
            'fuzz',
            'repro',
            'series-memory-4e9a7c41.cli.json',
          ),
        ),
      ),
    });
    await expect(dialog.getByRole('alert', { name: 'Cannot import' })).toContainText(
      'above 1000000000000000',
    );
    await expect(dialog.getByRole('button', { name: 'Apply to spec.traffic' })).toBeDisabled();
  });
});
