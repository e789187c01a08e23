// Accessibility (issue 27): axe-core finds no critical and no serious problem on any screen, in
// light and in dark; the keyboard reaches the charts first (a skip link) and is never trapped in
// the editor; the Export menu is an ARIA menu.
import type { Page } from '@playwright/test';
import { followTheme, seriousFindings } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { editorText, linkPath, openApp, presets, setEditorText, waitUpToDate } from './app.ts';

/**
 * Opens the app in the light theme, following the system's (emulated) colour scheme, so that
 * `inBothThemes` can then switch the same screen to dark.
 */
async function openLight(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  await openApp(page);
  await waitUpToDate(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

/**
 * axe on the screen as it is, light, then on the same screen switched to dark: one page load and
 * one way to the screen for both themes (each theme was a test of its own, the screen opened
 * twice). The app follows the system's theme here, so the switch is the emulated colour scheme.
 */
async function inBothThemes(page: Page) {
  for (const theme of ['light', 'dark'] as const) {
    await test.step(theme, async () => {
      await followTheme(page, theme);
      expect(await seriousFindings(page), theme).toEqual([]);
    });
  }
}

async function loadPreset(page: Page, title: RegExp) {
  await page.getByRole('button', { name: 'Presets' }).click();
  await page.getByRole('dialog', { name: 'Presets' }).getByRole('button', { name: title }).click();
  await waitUpToDate(page);
}

async function selectSync(page: Page, at = 0.5) {
  const chart = page.getByRole('figure', { name: /Replicas over time/ });
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  await page.mouse.click(box.x + box.width * at, box.y + box.height * 0.6);
  await expect(
    page.getByRole('region', { name: 'Explanation' }).getByRole('heading', { level: 2 }),
  ).toContainText(/Sync \d+/);
}

// The default scenario squeezed into 3 hours, so the Tune screen's search is quick.
const short = presets
  .find((p) => p.id === 'default')!
  .text.replace('duration: 24h', 'duration: 3h')
  .replace(
    'periodSeconds: 86400, peakAtSeconds: 54000',
    'periodSeconds: 10800, peakAtSeconds: 5400',
  )
  .replace('at: 43200, durationSeconds: 1200', 'at: 3600, durationSeconds: 600');

/**
 * The embed view of a lesson's link (`&lesson=…&embed=1`), light: it keeps no settings, so the
 * theme is the system's (emulated); a sync clicked, the lesson's question answered.
 */
async function openEmbedLight(page: Page) {
  await page.emulateMedia({ colorScheme: 'light' });
  const lesson = presets.find((p) => p.id === 'cpu-70-vs-60')!;
  await page.goto(`${await linkPath(lesson.text)}&lesson=1.ratio-and-tolerance.0&embed=1`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('region', { name: /^Lesson: / })).toBeVisible({ timeout: 20_000 });
  await selectSync(page, 0.3);
}

const SCREENS: { name: string; open(page: Page): Promise<void> }[] = [
  { name: 'main', open: (page) => selectSync(page) },
  {
    name: 'presets',
    open: async (page) => {
      await page.getByRole('button', { name: 'Presets' }).click();
      await expect(page.getByRole('dialog', { name: 'Presets' })).toBeVisible();
    },
  },
  {
    name: 'tune',
    open: async (page) => {
      await setEditorText(page, short);
      await waitUpToDate(page);
      await page.getByRole('button', { name: 'Tune…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Tune the behavior' });
      await dialog.getByRole('spinbutton', { name: 'Runs' }).fill('8');
      await dialog.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(dialog.getByRole('status')).toContainText(/8 runs in/, { timeout: 90_000 });
    },
  },
  {
    name: 'import',
    open: async (page) => {
      await page.getByRole('button', { name: 'Import traffic' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import traffic' });
      await dialog.getByRole('combobox', { name: 'Sample trace' }).selectOption({ index: 1 });
      await expect(dialog.getByRole('img', { name: 'Imported demand preview' })).toBeVisible();
    },
  },
  {
    name: 'compare',
    open: async (page) => {
      await loadPreset(page, /^Load preset Scale-down window/);
      await expect(page.getByRole('region', { name: 'Variants side by side' })).toBeVisible();
      await selectSync(page, 0.6);
    },
  },
  {
    name: 'clusters',
    open: async (page) => {
      await loadPreset(page, /^Load preset One of three clusters fails/);
      const panel = page.getByRole('region', { name: 'Clusters', exact: true });
      await panel
        .getByRole('group', { name: 'Cluster events' })
        .getByRole('button', { name: /failover/ })
        .click();
    },
  },
  {
    name: 'drafts',
    open: async (page) => {
      await page.getByRole('button', { name: /^Drafts/ }).click();
      await expect(page.getByRole('menu', { name: 'Drafts' })).toBeVisible();
    },
  },
  {
    name: 'lesson',
    open: async (page) => {
      await page.getByRole('button', { name: 'Presets' }).click();
      await page
        .getByRole('dialog', { name: 'Presets' })
        .getByRole('button', { name: 'Start lesson The stabilization window is not a cooldown' })
        .click();
      await waitUpToDate(page);
      await page.getByRole('radio', { name: /^15:00/ }).check();
      await page.getByRole('button', { name: 'Show the answer' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Right.' })).toBeVisible();
    },
  },
  {
    name: 'a pasted HPA: the assumed world and the notes',
    open: async (page) => {
      const hpaOnly = presets.find((p) => p.id === 'default')!.text.split('\n---')[0]!;
      await setEditorText(page, hpaOnly);
      await waitUpToDate(page);
      const notice = page.getByRole('note', { name: 'Assumed world' });
      await notice.getByText('No Simulation document').click();
      await page.getByRole('button', { name: /^\d+ notes?$/ }).click();
      await expect(page.getByRole('region', { name: 'Notes' })).toBeVisible();
    },
  },
  {
    name: 'errors: a broken Simulation document',
    open: async (page) => {
      const broken = presets
        .find((p) => p.id === 'default')!
        .text.replace('kind: Simulation\nmetadata:', 'kind: Simulation\nmetadata:\n  name: [oops');
      await setEditorText(page, broken);
      await expect(page.getByRole('region', { name: 'Problems' })).toContainText(
        'the last valid world is kept',
      );
    },
  },
  {
    name: 'share and embed popovers',
    open: async (page) => {
      await page.getByRole('button', { name: 'Share link' }).click();
      await expect(page.getByRole('textbox', { name: 'Share link' })).toBeVisible();
      // one popover at a time: Embed's replaces Share's
      await page.getByRole('button', { name: 'Embed' }).click();
      await expect(page.getByRole('textbox', { name: 'Embed snippet' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Share link' })).toHaveCount(0);
    },
  },
  {
    name: 'presenter',
    open: async (page) => {
      await page.getByRole('button', { name: 'Presenter' }).click();
      await selectSync(page, 0.3);
    },
  },
];

test.describe('axe, light and dark', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  for (const screen of SCREENS) {
    test(`${screen.name}: no critical or serious finding`, async ({ page }) => {
      test.setTimeout(120_000);
      await openLight(page);
      await screen.open(page);
      await inBothThemes(page);
    });
  }
  test('embed, with a lesson: no critical or serious finding', async ({ page }) => {
    test.setTimeout(120_000); // axe over the whole page, as the screens above
    await openEmbedLight(page);
    await inBothThemes(page);
  });
});

// A projector's 1024×768: the explanation is a drawer over the charts' side.
test.describe('axe at 1024×768, light and dark', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test('the explanation drawer open: no critical or serious finding', async ({ page }) => {
    test.setTimeout(120_000); // axe over the whole page, as the screens above
    await openLight(page);
    await selectSync(page);
    await expect(page.getByRole('button', { name: 'Close ›' })).toBeVisible();
    await inBothThemes(page);
  });
  test('presenter mode with a lesson: no critical or serious finding', async ({ page }) => {
    test.setTimeout(120_000); // axe over the whole page, as the screens above
    await openLight(page);
    await page.getByRole('button', { name: 'Presenter', exact: true }).click();
    await page.getByRole('button', { name: 'Presets' }).click();
    await page
      .getByRole('dialog', { name: 'Presets' })
      .getByRole('button', { name: 'Start lesson Policies and selectPolicy' })
      .click();
    await waitUpToDate(page);
    await selectSync(page, 0.3);
    await inBothThemes(page);
  });
});

/** Where focus is: the editor, a chart, or the element's accessible text. */
function focusWhere(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'none';
    if (el.closest('.monaco-editor')) return 'editor';
    const fig = el.closest('figure.chart-frame');
    if (fig) return `chart:${fig.getAttribute('aria-label')}`;
    return `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
  });
}

async function tabUntil(page: Page, want: (where: string) => boolean, max: number) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const where = await focusWhere(page);
    seen.push(where);
    if (want(where)) return seen;
  }
  throw new Error(`not reached in ${max} Tabs: ${seen.join(' → ')}`);
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
]) {
  test.describe(`keyboard at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('the first stop skips to the charts', async ({ page }) => {
      await openApp(page);
      await waitUpToDate(page);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to charts' })).toBeFocused();
      await page.keyboard.press('Enter');
      expect(await focusWhere(page)).toMatch(/^chart:Replicas over time/);
      // the charts' own keys work from there
      await page.keyboard.press('ArrowRight');
      await expect(
        page.getByRole('figure', { name: /Replicas over time; selected sync/ }),
      ).toBeVisible();
    });

    test('Tab passes through the editor to the charts; after typing, Esc then Tab leaves', async ({
      page,
    }) => {
      // Up to 100 Tabs, each read back from the page: 30 s ran out on a machine at load 35.
      test.setTimeout(60_000);
      await openApp(page);
      await waitUpToDate(page);
      const before = await editorText(page);
      await tabUntil(page, (w) => w === 'editor', 40);
      await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-tab-mode', 'moves');
      // Tab leaves at once, and on to the charts; the YAML is not indented
      const path = await tabUntil(page, (w) => w.startsWith('chart:'), 60);
      expect(path[0]).not.toBe('editor');
      expect(await editorText(page)).toBe(before);

      // back in with Shift+Tab, type: now Tab indents; Esc then Tab leaves again
      await page.evaluate(() => window.__hpaSimEditor!.focus());
      await page.keyboard.press('End');
      await page.keyboard.type(' ');
      await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-tab-mode', 'indents');
      await page.keyboard.press('Tab');
      expect(await focusWhere(page)).toBe('editor');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Tab');
      expect(await focusWhere(page)).not.toBe('editor');
    });
  });
}

test('the Export menu follows the ARIA menu keys', async ({ page }) => {
  await openApp(page);
  await waitUpToDate(page);
  const button = page.getByRole('button', { name: 'Export' });
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: 'Export' });
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(button).toBeFocused();
});
