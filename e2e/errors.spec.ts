// Errors a person understands (issue 27): a broken Simulation document named as such, with no
// offer to insert another; one error per YAML line and one stale badge; a 5 MB namespace dump
// trimmed to its HPA and the Deployment it scales, then simulated; storage errors in words, in a
// notice area that never wraps the toolbar.
import { expect, test } from './fixtures.ts';
import { editorText, openApp, presets, setEditorText, waitUpToDate } from './app.ts';
import { namespaceDump } from '../src/scenario/testing/namespaceDump.ts';

const defaultText = presets.find((p) => p.id === 'default')!.text;

test.describe('errors in words', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a broken Simulation document is named, the last valid world kept, nothing to insert', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const broken = defaultText.replace(
      'kind: Simulation\nmetadata:',
      'kind: Simulation\nmetadata:\n  name: [oops\n  }} ::: ,,',
    );
    await setEditorText(page, broken);
    const problems = page.getByRole('region', { name: 'Problems' });
    const kindLine = broken.split('\n').indexOf('kind: Simulation') + 1;
    await expect(problems.getByRole('listitem').first()).toContainText(
      `${kindLine}:1 error: this Simulation document has a YAML error`,
    );
    await expect(problems).toContainText('the last valid world is kept');
    await expect(page.getByRole('button', { name: 'Insert this Simulation document' })).toHaveCount(
      0,
    );
    await expect(problems).not.toContainText('No Simulation document');
    // one error per line, in words
    const lines = await problems.getByRole('listitem').allTextContents();
    const at = lines.map((l) => l.split(' ')[0]!.split(':')[0]);
    expect(new Set(at).size).toBe(at.length);
    expect(lines.join('\n')).not.toMatch(/token in YAML stream|compact mappings/);
    // A real manifest's v2beta1 field under autoscaling/v2 (1024 px): the error says why, and
    // its field path wraps instead of running out of the pane.
    await page.setViewportSize({ width: 1024, height: 768 });
    await setEditorText(
      page,
      defaultText.replace(
        '        target:\n          type: Utilization\n          averageUtilization: 60',
        '        targetAverageUtilization: 60',
      ),
    );
    await expect(problems).toContainText(
      "'targetAverageUtilization' is a field here only in another apiVersion",
    );
    const overflowing = await problems
      .getByRole('listitem')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
    expect(overflowing).toBe(0);
    await setEditorText(page, broken);
    await page.setViewportSize({ width: 1280, height: 720 });
    // the charts keep the last valid run, under one stale badge
    await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
    await expect(page.locator('.stale-badge, .kpi-stale')).toHaveCount(1);
  });

  test('a 5 MB kubectl List: keep only the autoscalers and their workloads, then simulate', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openApp(page);
    await waitUpToDate(page);
    const toolbar = (await page.getByRole('banner').boundingBox())!;
    const dump = namespaceDump(2497);
    expect(dump.length).toBeGreaterThan(5_000_000);
    await setEditorText(page, dump);
    const offer = page.getByRole('button', {
      name: /^Keep only the autoscalers and the workloads they scale \(\d+ KB\)$/,
    });
    await expect(offer).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'This file is 5.0 MB' })).toBeVisible();
    // too large to autosave: said in words, over the page, the toolbar still one row
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'too large to autosave in this browser' });
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(notice).not.toContainText('QuotaExceeded');
    expect((await page.getByRole('banner').boundingBox())!.height).toBe(toolbar.height);

    await offer.click();
    await waitUpToDate(page);
    const text = await editorText(page);
    expect(text.length).toBeLessThan(10_000);
    expect(text).toContain('kind: HorizontalPodAutoscaler');
    expect(text).toContain('name: web-1234');
    await expect(
      page.getByRole('region', { name: 'Scenario' }).locator('.scenario-meta strong'),
    ).toHaveText('web');
    await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible();
    // the trimmed text saves: the notice goes by itself
    await expect(notice).toHaveCount(0);
  });
});
