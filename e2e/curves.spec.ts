// The curve editor (issue 11): a drag rewrites the YAML and the charts follow, and one undo takes
// the whole drag back; points are added and removed; a shape is picked; the editor's own undo is
// the page's one history. Last, the teacher's walk: story 1 played 1 → 10 → 100 → 1000 with each
// step explained, then the traffic dragged and the HPA reacting, all at 1280×720.
import { expect, test } from './fixtures.ts';
import {
  editorText,
  kpi,
  linkPath,
  openApp,
  presets,
  screenshot,
  setEditorText,
  waitUpToDate,
} from './app.ts';
import type { Locator, Page } from '@playwright/test';

const story1 = presets.find((p) => p.id === 'story-1-scale-up-fast')!;
const keda = presets.find((p) => p.id === 'keda-cooldown-to-zero')!.text;
const CONSTANT = '  traffic: { type: constant, value: 100000 }\n';
const RAMP = [
  '  traffic:',
  '    type: ramp # rises, then holds',
  '    points:',
  '      - { at: 0, value: 20000 } # quiet',
  '      - { at: 600, value: 100000 }',
  '',
].join('\n');

async function loadStory1(page: Page) {
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('button', { name: `Load preset ${story1.title}` }).click();
  await expect(editorText(page)).resolves.toBe(story1.text);
  await waitUpToDate(page);
}

/** Drags the handle by (dx, dy) pixels in several moves, as a hand would. */
async function drag(
  page: Page,
  handle: Locator,
  dx: number,
  dy: number,
  steps = 12,
  beforeRelease?: () => Promise<void>,
) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(x + (dx * i) / steps, y + (dy * i) / steps);
  await beforeRelease?.();
  await page.mouse.up();
}

// Each test drags with a run per animation frame on a production build; on a shared 2-core
// machine (load ≈ 20 here) a test can need more than the default 30 s.
test.beforeEach(() => test.slow());

const curvePanel = (page: Page) => page.getByRole('region', { name: 'Curve editor' });

test.describe('curve editor', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a drag rewrites the YAML and the charts, and one undo takes it all back', async ({
    page,
  }) => {
    await openApp(page);
    await loadStory1(page);
    await expect(kpi(page, 'Peak / final')).toContainText('1000 / 1000');
    const line = curvePanel(page).getByTestId('curve-line');
    const before = await line.getAttribute('d');
    // down to the axis and past it: traffic 0, so the HPA never leaves minReplicas
    const rescales = page.getByRole('navigation', { name: 'Rescales in this run' });
    await expect(rescales).toBeVisible();
    await drag(page, page.getByRole('slider', { name: 'traffic level' }), 0, 120, 12, async () => {
      // Mid-drag: the KPIs follow each move; the editor and the explanation wait for the release.
      await expect(kpi(page, 'Peak / final')).toContainText('1 / 1');
      await expect(rescales).toBeVisible();
      expect(await editorText(page)).toBe(story1.text);
    });
    await expect(page.getByText('No rescale in this run')).toBeVisible();
    await expect
      .poll(() => editorText(page))
      .toBe(story1.text.replace(CONSTANT, '  traffic: { type: constant, value: 0 }\n'));
    await waitUpToDate(page);
    await expect(kpi(page, 'Peak / final')).toContainText('1 / 1');
    expect(await line.getAttribute('d')).not.toBe(before);

    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(page)).toBe(story1.text);
    await waitUpToDate(page);
    await expect(kpi(page, 'Peak / final')).toContainText('1000 / 1000');
  });

  test('points are added (double-click) and removed (Delete), comments kept', async ({ page }) => {
    await openApp(page);
    await loadStory1(page);
    const text = story1.text.replace(CONSTANT, RAMP);
    await setEditorText(page, text);
    await waitUpToDate(page);
    const plot = curvePanel(page).locator('svg');
    const box = (await plot.boundingBox())!;
    await page.mouse.dblclick(box.x + box.width * 0.55, box.y + box.height * 0.4);
    await expect(page.getByRole('slider', { name: /traffic point/ })).toHaveCount(3);
    const added = await editorText(page);
    const lines = added.split('\n');
    const i = lines.indexOf('      - { at: 600, value: 100000 }');
    expect(lines[i - 1]).toMatch(/^ {6}- \{ at: \d+, value: \d+ \}$/);
    expect(added.replace(`${lines[i - 1]}\n`, '')).toBe(text);

    const middle = page.getByRole('slider', { name: 'traffic point 2' });
    await middle.focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => editorText(page)).toBe(text);
    await expect(page.getByRole('slider', { name: /traffic point/ })).toHaveCount(2);
  });

  test('arrow keys move a focused point, one undo step per key', async ({ page }) => {
    await openApp(page);
    await loadStory1(page);
    const text = story1.text.replace(CONSTANT, RAMP);
    await setEditorText(page, text);
    await waitUpToDate(page);
    const first = page.getByRole('slider', { name: 'traffic point 1' });
    await first.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => editorText(page)).not.toBe(text);
    const up = await editorText(page);
    const value = Number(/- \{ at: 0, value: (\d+) \} # quiet/.exec(up)![1]);
    expect(value).toBeGreaterThan(20000);
    await expect(first).toHaveAttribute('aria-valuenow', String(value));
    await page.keyboard.press('ArrowRight'); // a point in time order cannot pass its neighbour
    await expect.poll(() => editorText(page)).toMatch(/- \{ at: 6, value: \d+ \} # quiet/);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(page)).toBe(up);
    // Typed in the editor, then a key on the point at once: the panel reads a typed text's curves
    // when idle, or when the user turns to it first; the point moves from the typed value.
    const typed = up.replace(
      /- \{ at: 0, value: \d+ \} # quiet/,
      '- { at: 0, value: 5000 } # quiet',
    );
    await setEditorText(page, typed);
    await first.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => editorText(page)).not.toBe(typed);
    const moved = Number(/- \{ at: 0, value: (\d+) \} # quiet/.exec(await editorText(page))![1]);
    expect(moved).toBeGreaterThan(5000);
    expect(moved).toBeLessThan(value);
  });

  test('a shape is picked; noise keeps the curve under it with a seed', async ({ page }) => {
    await openApp(page);
    await loadStory1(page);
    await curvePanel(page).getByLabel('Shape').selectOption('sine');
    await expect
      .poll(() => editorText(page))
      .toContain(
        // sized from the constant: a wave from a quarter of it up to it, over the run
        '  traffic: { type: sine, base: 62500, amplitude: 37500, periodSeconds: 600, peakAtSeconds: 300 }',
      );
    await expect(page.getByRole('slider', { name: /traffic peak/ })).toBeVisible();
    await curvePanel(page).getByLabel('Shape').selectOption('noise');
    await expect
      .poll(() => editorText(page))
      .toContain('traffic: { type: noise, seed: 1, amplitude: 0.2, of: { type: sine');
    await curvePanel(page).getByRole('button', { name: 'New seed' }).click();
    await expect.poll(() => editorText(page)).toContain('traffic: { type: noise, seed: 2,');
    await waitUpToDate(page);
    // The bar is at its fullest with noise's fields: the hint is still read whole (not cut).
    const note = curvePanel(page).getByRole('status');
    await expect(note).toContainText('Drag a point');
    await expect(note).toHaveAttribute('title', /double-click adds one/);
    const cut = (e: Element) =>
      Math.max(e.scrollHeight - e.clientHeight, e.scrollWidth - e.clientWidth);
    expect(await note.evaluate(cut)).toBeLessThanOrEqual(1);
  });

  test('one undo history: the editor’s Ctrl+Z undoes a drag, then the typing', async ({ page }) => {
    await openApp(page);
    await loadStory1(page);
    await page.evaluate(() => window.__hpaSimEditor!.setCursor(1, 999));
    await page.keyboard.insertText(' (typed)'); // one edit: key-by-key typing under load can pause past the 500 ms burst
    const typed = story1.text.replace('as fast as possible.', 'as fast as possible. (typed)');
    await expect.poll(() => editorText(page)).toBe(typed);
    await drag(page, page.getByRole('slider', { name: 'traffic level' }), 0, 20);
    await expect.poll(() => editorText(page)).not.toBe(typed);
    const dragged = await editorText(page);

    await page.evaluate(() => window.__hpaSimEditor!.focus());
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(typed);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(story1.text);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => editorText(page)).toBe(typed);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(() => editorText(page)).toBe(dragged);
  });
});

test.describe('a chart out of sight during a drag', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('keeps its drawing until it is scrolled into view, then shows the drag’s run', async ({
    page,
  }) => {
    await openApp(page);
    await loadStory1(page);
    const replicas = page.getByRole('figure', { name: /^Replicas over time/ });
    const demand = page.getByRole('figure', { name: /^Demand, served work/ });
    const paths = (chart: Locator) =>
      chart.locator('path.chart-line').evaluateAll((ps) => ps.map((p) => p.getAttribute('d')));
    // The layout this test needs: the replicas chart in sight, the demand chart below the fold.
    expect((await demand.boundingBox())!.y).toBeGreaterThan(720);
    const replicasBefore = await paths(replicas);
    const demandBefore = await paths(demand);
    await drag(page, page.getByRole('slider', { name: 'traffic level' }), 0, 120, 12, async () => {
      // The drag's run is shown where it can be seen; the demand chart out of sight waits.
      await expect(kpi(page, 'Peak / final')).toContainText('1 / 1');
      await expect.poll(() => paths(replicas)).not.toEqual(replicasBefore);
      expect(await paths(demand)).toEqual(demandBefore);
      // Scrolled into view mid-drag, it draws the run the page shows.
      await demand.scrollIntoViewIfNeeded();
      await expect.poll(() => paths(demand)).not.toEqual(demandBefore);
    });
    await waitUpToDate(page);
    await expect(kpi(page, 'Peak / final')).toContainText('1 / 1');
    expect(await paths(demand)).not.toEqual(demandBefore);
  });
});

test.describe('the teacher’s walk', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('story 1 plays 1 → 10 → 100 → 1000 explained, then a drag of the traffic changes the HPA', async ({
    page,
  }) => {
    await openApp(page);
    await loadStory1(page);
    const explain = page.getByRole('region', { name: 'Explanation' });
    // Every explanation shown while it plays (a sync may be on screen for only 200 ms).
    await page.evaluate(() => {
      const seen: { replicas: string; summary: string }[] = [];
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      const region = document.querySelector('[aria-label="Explanation"]')!;
      new MutationObserver(() => {
        const replicas = region.querySelector('.explain-replicas')?.textContent ?? '';
        const summary = region.querySelector('.explain-summary')?.textContent ?? '';
        if (replicas) seen.push({ replicas, summary });
      }).observe(region, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(explain.getByRole('heading', { level: 2 })).toContainText(/Sync (1\d|[2-9]\d)/, {
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Pause' }).click();
    const seen = await page.evaluate(
      () => (window as unknown as { __seen: { replicas: string; summary: string }[] }).__seen,
    );
    const rescales = new Map<string, string>();
    for (const s of seen) {
      const m = /(\d+) → (\d+)rescaled/.exec(s.replicas);
      if (m) rescales.set(`${m[1]}→${m[2]}`, s.summary);
    }
    expect([...rescales.keys()]).toEqual(['1→10', '10→100', '100→1000']);
    // each step explained in words on screen, naming where it went
    for (const [step, summary] of rescales) expect(summary, step).toContain(step.split('→')[1]);
    const head = (await explain.getByRole('heading', { level: 2 }).boundingBox())!;
    expect(head.y + head.height).toBeLessThan(720);

    // now the class asks: what if the traffic were a tenth?
    const level = page.getByRole('slider', { name: 'traffic level' });
    const box = (await level.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(720);
    const replicas = page.getByRole('figure', { name: /Replicas over time/ });
    expect((await replicas.boundingBox())!.y).toBeLessThan(720);
    await drag(page, level, 0, 26);
    await expect.poll(() => editorText(page)).not.toBe(story1.text);
    const traffic = Number(
      /traffic: \{ type: constant, value: (\d+) \}/.exec(await editorText(page))![1],
    );
    expect(traffic).toBeGreaterThan(1000); // the pointer's way down, not a jump to the axis
    expect(traffic).toBeLessThan(60000);
    await waitUpToDate(page);
    await expect(kpi(page, 'Peak / final')).not.toContainText('1000 / 1000');
    await page.screenshot({ path: 'test-results/teach-walk-1280x720.png' });
  });
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test.describe(`toolbar at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('keeps every control on one row, with a sync selected', async ({ page }) => {
      await openApp(page);
      await waitUpToDate(page);
      const chart = page.getByRole('figure', { name: /Replicas over time/ });
      const box = (await chart.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.55);
      await expect(
        page.getByRole('region', { name: 'Explanation' }).getByRole('heading', { level: 2 }),
      ).toContainText('Sync');
      /** the vertical middle of a toolbar button (the view switches are smaller) */
      const middle = async (name: string) => {
        const b = (await page
          .getByRole('banner')
          .getByRole('button', { name, exact: true })
          .boundingBox())!;
        return b.y + b.height / 2;
      };
      const presets = await middle('Presets');
      for (const name of ['Editor', 'Presenter', 'Share link'])
        expect(Math.abs((await middle(name)) - presets), name).toBeLessThan(3);
      // presenter mode enlarges the type, not the toolbar: still one row
      const intro = page.getByRole('region', { name: 'About this page' });
      await expect(intro).toBeVisible();
      await page.getByRole('button', { name: 'Presenter', exact: true }).click();
      await expect(intro).toHaveCount(0); // a room came for the run, not the first visit's intro
      const theme = (await page.getByRole('combobox', { name: 'Theme' }).boundingBox())!;
      expect(Math.abs(theme.y + theme.height / 2 - (await middle('Presets')))).toBeLessThan(3);
      await page.getByRole('button', { name: 'Presenter', exact: true }).click();
      await expect(intro).toBeVisible(); // not dismissed: back with the editor
      const play = (await page.getByRole('button', { name: 'Play' }).boundingBox())!;
      const level = (await page.getByRole('group', { name: 'Playback' }).boundingBox())!;
      expect(level.height).toBeLessThan(play.height * 1.6); // the playback bar is one line
    });

    test('keeps one row when the status is long, shortened with its whole text kept', async ({
      page,
    }) => {
      // A ScaledObject: the release reads "K8s 1.35 · KEDA 2.20.2", the longest it gets.
      await openApp(page, await linkPath(keda));
      await waitUpToDate(page);
      const release = page.getByRole('note', { name: /^Kubernetes release/ });
      await expect(release).toHaveText(/^K8s 1\.\d+ · KEDA \d+\.\d+\.\d+$/);
      // The Simulation document broken, the ScaledObject kept: KEDA's release still shown.
      await setEditorText(
        page,
        keda.replace('kind: Simulation\nmetadata:', 'kind: Simulation\nmetadata:\n  name: [oops'),
      );
      // presenter mode folds the editor away; the toolbar is the same
      await page.getByRole('button', { name: 'Presenter', exact: true }).click();
      const status = page.getByRole('status', { name: 'Simulator status' });
      await expect(status).toHaveText(/^invalid — /);
      await expect(status).toHaveAttribute('title', /^invalid — charts show the last valid/);
      const mid = async (box: { y: number; height: number } | null) => box!.y + box!.height / 2;
      const presets = await mid(
        await page.getByRole('banner').getByRole('button', { name: 'Presets' }).boundingBox(),
      );
      for (const control of [
        page.getByRole('combobox', { name: 'Theme' }),
        page.getByRole('button', { name: 'Share link' }),
        page.getByRole('button', { name: 'Export' }),
      ])
        expect(Math.abs((await mid(await control.boundingBox())) - presets)).toBeLessThan(3);
      // still readable where the row has room for it: its first word at least
      expect((await status.boundingBox())!.width).toBeGreaterThan(30);
      // and nothing cut with an ellipsis: the release's numbers whole, the status's shown words
      // (the rest of the sentence hidden from sight only: the title above and readers have it)
      for (const shown of [status, release])
        expect(
          await shown.evaluate((el) => el.scrollWidth <= el.clientWidth),
          await shown.innerText(),
        ).toBe(true);
      await expect(release).toContainText(/KEDA \d+\.\d+\.\d+$/);
      await screenshot(page, `toolbar-invalid-keda-${viewport.width}`);
    });
  });
}
