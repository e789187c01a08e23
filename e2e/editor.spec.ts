import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { editorText, markers, openApp, presets, setEditorText } from './app.ts';

/**
 * The scenario editor in the app (src/panels/editor): completion and hover docs from our JSON
 * Schemas in both documents, our diagnostics as the only markers, external values (a preset, the
 * store's undo) applied as edits, the theme, and the plain-text editor before Monaco arrives.
 * The fixtures fail any test on a console error, a page error or a request to another origin.
 */

const defaultText = presets.find((p) => p.id === 'default')!.text;
const simStart = lineOf(defaultText, (l) => l === 'kind: Simulation');

/** 1-based number of the first line from `from` (0-based) that matches. */
function lineOf(text: string, match: (line: string) => boolean, from = 0): number {
  const i = text.split('\n').findIndex((l, n) => n >= from && match(l));
  if (i < 0) throw new Error('line not found');
  return i + 1;
}

function replaceLine(text: string, line: number, replacement: string): string {
  const lines = text.split('\n');
  lines[line - 1] = replacement;
  return lines.join('\n');
}

async function setCursor(page: Page, line: number, column: number): Promise<void> {
  await page.evaluate(([l, c]) => window.__hpaSimEditor!.setCursor(l, c), [line, column] as const);
}

function getCursor(page: Page): Promise<{ line: number; column: number }> {
  return page.evaluate(() => window.__hpaSimEditor!.getCursor());
}

/** Types at the end of `line` and returns the labels of the suggestions shown. */
async function suggestionsAfterTyping(page: Page, line: number, typed: string): Promise<string[]> {
  await setCursor(page, line, 1000);
  await page.keyboard.type(typed);
  const rows = page.locator('.suggest-widget.visible .monaco-list-row');
  try {
    await rows.first().waitFor({ timeout: 8000 });
  } catch {
    await page.keyboard.press('Control+Space'); // typing did not open it: ask explicitly
    await rows.first().waitFor({ timeout: 8000 });
  }
  return rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

/** Hovers the first token `word` on `line` and returns the hover's text. */
async function hoverText(page: Page, line: number, word: string): Promise<string> {
  await setCursor(page, line, 1);
  await page.mouse.move(5, 5);
  const token = page.locator('.view-lines span span', { hasText: new RegExp(`^${word}$`) });
  await token.first().hover();
  const hover = page.locator('.monaco-hover:not(.hidden) .hover-contents').first();
  await hover.waitFor({ timeout: 8000 });
  return hover.innerText();
}

test.describe('the scenario editor', () => {
  // Each test loads Monaco in a fresh page, then waits on its widgets: more than the default
  // 30 s when the machine is busy.
  test.describe.configure({ timeout: 90_000 });

  test('completes keys and values in both documents, with Monaco served by the app', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await openApp(page);
    await expect(page.getByRole('textbox', { name: 'Scenario YAML', exact: true })).toHaveCount(1);

    const duration = lineOf(defaultText, (l) => l === '  duration: 24h', simStart);
    await setEditorText(page, replaceLine(defaultText, duration, '  '));
    expect(await suggestionsAfterTyping(page, duration, 'dur')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^duration/)]),
    );
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await editorText(page)).split('\n')[duration - 1])
      .toMatch(/^ {2}duration:/);

    const minReplicas = lineOf(defaultText, (l) => l === '  minReplicas: 2');
    await setEditorText(page, replaceLine(defaultText, minReplicas, '  '));
    expect(await suggestionsAfterTyping(page, minReplicas, 'minR')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^minReplicas/)]),
    );
    await page.keyboard.press('Escape');

    await setEditorText(page, replaceLine(defaultText, simStart, 'kind: '));
    await setCursor(page, simStart, 1000);
    await page.keyboard.press('Control+Space');
    const rows = page.locator('.suggest-widget.visible .monaco-list-row');
    await rows.first().waitFor({ timeout: 8000 });
    const kinds = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    await page.keyboard.press('Escape');
    expect(kinds).toEqual(expect.arrayContaining([expect.stringMatching(/^Simulation/)]));

    // Self-hosted: the icon font and both language workers came from the app's own origin.
    const origin = new URL(page.url()).origin;
    const own = requests.filter((u) => u.startsWith(origin));
    expect(
      own.some((u) => /codicon[^/]*\.ttf/.test(u)),
      'codicon font',
    ).toBe(true);
    expect(
      own.some((u) => /yaml\.worker/.test(u)),
      'YAML worker',
    ).toBe(true);
    // Monaco's own editor worker is started only when a feature needs it (the colour and
    // section-header scans it did per edit are off): any worker script is the app's too.
    expect(
      requests.filter((u) => /worker[^/]*\.js/.test(u)).filter((u) => !u.startsWith(origin)),
      'workers from elsewhere',
    ).toEqual([]);
  });

  test('a KEDA ScaledObject gets its own completion, not the HPA’s', async ({ page }) => {
    await openApp(page);
    const scaledObject = [
      'apiVersion: keda.sh/v1alpha1',
      'kind: ScaledObject',
      'metadata:',
      '  name: web',
      'spec:',
      '  scaleTargetRef:',
      '    name: web',
      '  ',
      '  triggers:',
      '    - type: cpu',
      '      metricType: Utilization',
      "      metadata: { value: '60' }",
      '',
    ].join('\n');
    await setEditorText(page, scaledObject);
    const labels = await suggestionsAfterTyping(page, 8, 'max');
    expect(labels).toEqual(expect.arrayContaining([expect.stringMatching(/^maxReplicaCount/)]));
    expect(labels).not.toEqual(expect.arrayContaining([expect.stringMatching(/^maxReplicas\b/)]));
    await page.keyboard.press('Escape');
  });

  test('hover shows the schema docs in both documents', async ({ page }) => {
    await openApp(page);
    const maxLine = lineOf(defaultText, (l) => l.includes('maxReplicas:'));
    expect(await hoverText(page, maxLine, 'maxReplicas')).toContain('Highest replica count');
    const duration = lineOf(defaultText, (l) => l.startsWith('  duration:'), simStart);
    expect(await hoverText(page, duration, 'duration')).toContain('Simulated time');

    // Features src/panels/editor/monaco.ts keeps (it imports Monaco's API and chosen features,
    // not the whole entry): YAML highlighting (keys, values, comments in distinct tokens), the
    // folding controls, and the command palette (F1) offering find and folding. (Not opening the
    // find widget itself: once closed, Monaco leaves it aria-hidden with focusable inputs.)
    const tokenClasses = await page
      .locator('.view-lines span span')
      .evaluateAll((els) => new Set(els.map((e) => e.className)).size);
    expect(tokenClasses).toBeGreaterThan(2);
    await expect(page.locator('.margin .codicon-folding-expanded').first()).toBeAttached();
    await setCursor(page, maxLine, 1);
    await page.keyboard.press('F1');
    const palette = page.locator('.quick-input-widget');
    await expect(palette).toBeVisible();
    const offered = async (typed: string) => {
      await page.keyboard.press('Control+a');
      await page.keyboard.type(typed);
      const row = palette.locator('.monaco-list-row').first();
      await row.waitFor({ timeout: 8000 });
      return palette
        .locator('.monaco-list-row')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    };
    expect((await offered('>find')).join('\n')).toMatch(/^Find\b/m);
    expect((await offered('>fold all')).join('\n')).toMatch(/^Fold All\b/m);
    await page.keyboard.press('Escape');
  });

  test('our diagnostics are the only markers, at the exact range', async ({ page }) => {
    await openApp(page);
    // monaco-yaml validates nothing of its own: a valid scenario has no marker of any owner.
    await page.waitForTimeout(1000);
    expect(await markers(page)).toEqual([]);

    const line = lineOf(defaultText, (l) => l.includes('maxReplicas:'));
    const invalid = replaceLine(defaultText, line, '  maxReplicas: -1');
    const column = invalid.split('\n')[line - 1]!.indexOf('-1') + 1;
    await setEditorText(page, invalid);
    await expect
      .poll(async () => (await markers(page)).length, { timeout: 8000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(1000); // room for a second owner's markers, if there were one
    const all = await markers(page);
    expect(all.filter((m) => m.owner !== 'hpa-sim')).toEqual([]);
    expect(all).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        line,
        column,
        endLine: line,
        endColumn: column + 2,
      }),
    );
    await expect(page.locator('.squiggly-error').first()).toBeVisible();
  });

  test('Ctrl+. again before the quick fixes come cancels the first request quietly', async ({
    page,
  }) => {
    await openApp(page);
    // A tab where two spaces belong: a marker with a quick fix.
    const line = lineOf(defaultText, (l) => /^ {2}\S/.test(l));
    const tabbed = replaceLine(
      defaultText,
      line,
      '\t' + defaultText.split('\n')[line - 1]!.slice(2),
    );
    await setEditorText(page, tabbed);
    await expect.poll(async () => (await markers(page)).length).toBeGreaterThan(0);
    await page.evaluate((l) => window.__hpaSimEditor!.setCursor(l, 1), line);
    // Each press cancels the request before it; Monaco's own progress service let that
    // cancellation reach the page as an uncaught "Canceled" (the fixture fails on page errors).
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Control+.');
      await page.keyboard.press('Control+.');
      await page.keyboard.press('Escape');
    }
    // … and the fix was taken (Ctrl+. on an open list applies it) or is still offered.
    if ((await editorText(page)) !== tabbed) {
      expect(await editorText(page)).toBe(defaultText);
      return;
    }
    await expect(async () => {
      await page.keyboard.press('Control+.');
      await expect(page.locator('.action-widget').getByText(/spaces instead of tabs/)).toBeVisible({
        timeout: 3000,
      });
    }).toPass({ timeout: 20_000 });
    // Closed, as the branch above ends: which branch runs is the machine's pace (most often the
    // one above under a full trace, this one without), and the after-test axe check should not
    // depend on it. Monaco's quick-fix list itself has two critical axe findings
    // (aria-allowed-attr, aria-required-children): Monaco's markup, not the app's.
    await page.keyboard.press('Escape');
    await expect(page.locator('.action-widget')).toBeHidden();
  });

  test('a preset is applied without an echo, and Monaco’s undo takes it back', async ({ page }) => {
    await openApp(page);
    const flapping = presets.find((p) => p.id === 'flapping')!;
    const gallery = page.getByRole('dialog', { name: 'Presets' });
    await page.getByRole('button', { name: 'Presets' }).click();
    await gallery.getByRole('button', { name: `Load preset ${flapping.title}` }).click();
    await expect.poll(() => editorText(page)).toBe(flapping.text);
    // An echo through onChange would count as an edit, and an edit clears the open preset.
    await page.getByRole('button', { name: 'Presets' }).click();
    await expect(gallery.locator('[aria-current="true"]')).toHaveAccessibleName(
      `Load preset ${flapping.title}`,
    );
    await gallery.getByRole('button', { name: 'Close' }).click();

    await page.evaluate(() => window.__hpaSimEditor!.focus());
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(defaultText);
    // …and the undo reached the store: the scenario header follows the text.
    await expect(
      page.getByRole('region', { name: 'Scenario' }).locator('.scenario-meta strong'),
    ).toHaveText('default');
  });

  test('an external edit elsewhere (the store’s undo) keeps the cursor', async ({ page }) => {
    await openApp(page);
    const duration = lineOf(defaultText, (l) => l === '  duration: 24h', simStart);
    await setEditorText(page, replaceLine(defaultText, duration, '  duration: 12h'));
    await setCursor(page, 2, 5);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => editorText(page)).toBe(defaultText);
    expect(await getCursor(page)).toEqual({ line: 2, column: 5 });
    await expect(page.getByRole('button', { name: 'Redo' })).toBeEnabled();
  });

  test('a keyboard user leaves the editor as the hint under it says', async ({ page }) => {
    await openApp(page);
    const hint = page.locator('.editor-keys');
    await expect(hint).toContainText('Tab moves to the next control');
    await page.evaluate(() => window.__hpaSimEditor!.focus());
    const inEditor = () => page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'));
    await page.keyboard.press('Tab'); // not typing yet: Tab moves on
    await expect.poll(inEditor).toBe(false);
    await page.evaluate(() => window.__hpaSimEditor!.focus());
    await page.keyboard.type('#');
    await expect(hint).toContainText('Tab indents · Esc then Tab leaves the editor');
    await page.keyboard.press('Tab'); // typing: Tab indents, focus stays
    expect(await inEditor()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect.poll(inEditor).toBe(false);
  });

  test('Monaco follows the app’s theme', async ({ page }) => {
    await openApp(page);
    const theme = page.getByRole('combobox', { name: 'Theme' });
    await theme.selectOption('light');
    await expect(page.locator('.monaco-editor.vs')).not.toHaveCount(0);
    await theme.selectOption('dark');
    await expect(page.locator('.monaco-editor.vs-dark')).not.toHaveCount(0);
  });

  test('the plain-text editor at first paint keeps what is typed and hands over', async ({
    page,
  }) => {
    // Hold Monaco's chunks back so the fallback is certainly there to type into.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/(ScenarioEditor|monaco)-[\w-]+\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/');
    const fallback = page.getByRole('textbox', { name: 'Scenario YAML (loading editor)' });
    await expect(fallback).toBeVisible();
    await expect(page.getByTestId('scenario-editor')).toHaveCount(0);
    await fallback.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('# typed before Monaco');
    release();

    await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-editor-ready', 'true', {
      timeout: 20_000,
    });
    expect(await editorText(page)).toBe(`${defaultText}# typed before Monaco`);
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('[data-testid=scenario-editor]')),
      'focus handed to Monaco',
    ).toBe(true);
    await page.keyboard.type(' and after');
    expect(await editorText(page)).toBe(`${defaultText}# typed before Monaco and after`);
  });
});
