// Page object for the app: the few ways tests reach into it (roles and labels first; the editor's
// documented test hook for setting text, since typing YAML into Monaco auto-indents).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
// Type-only: brings the hook's `window.__hpaSimEditor` declaration (ScenarioEditorTestHook).
import type { EditorMarker } from '../src/panels/editor/types.ts';
import { encodeScenario } from '../src/share/codec.ts';

const presetDir = join(import.meta.dirname, '..', 'src', 'presets');

/** The gallery's cards: the presets here and the multi-cluster ones (src/presets/catalog.ts). */
export const galleryPresetCount =
  readdirSync(presetDir).filter((f) => f.endsWith('.yaml')).length +
  readdirSync(join(presetDir, 'multicluster')).filter((f) => f.endsWith('.yaml')).length;

export const presets = readdirSync(presetDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => {
    const text = readFileSync(join(presetDir, f), 'utf8');
    return {
      id: f.replace('.yaml', ''),
      title: text.split('\n')[0]!.replace(/^#\s*/, '').trim(),
      text,
    };
  });

export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await appReady(page);
}

/** Reloads the page (a fragment link stays: `goto` to the same URL would not reload). */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await appReady(page);
}

async function appReady(page: Page): Promise<void> {
  await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-editor-ready', 'true', {
    timeout: 20_000,
  });
  await expect(page.getByRole('figure', { name: /Replicas over time/ })).toBeVisible({
    timeout: 20_000,
  });
}

export function editorText(page: Page): Promise<string> {
  return page.evaluate(() => window.__hpaSimEditor!.getValue());
}

export async function setEditorText(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => window.__hpaSimEditor!.setValue(t), text);
}

export function markers(page: Page): Promise<EditorMarker[]> {
  return page.evaluate(() => window.__hpaSimEditor!.markers());
}

/** The text of one KPI tile, e.g. "Peak / final". */
export function kpi(page: Page, label: string) {
  return page
    .getByRole('list', { name: 'Key figures of the run' })
    .getByRole('listitem')
    .filter({ hasText: label });
}

export async function waitUpToDate(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: 'Simulator status' })).toHaveText('up to date', {
    timeout: 20_000,
  });
}

/** The app's URL for a share link of `text` (encoded as the app encodes it). */
export async function linkPath(text: string): Promise<string> {
  return `/#s=${await encodeScenario(text)}`;
}

/** The default preset with another Simulation name (the title the Drafts menu shows). */
export function named(name: string): string {
  const text = presets.find((p) => p.id === 'default')!.text;
  return text.replace('name: default', `name: ${name}`);
}

/** Waits until the editor shows `text` (after a link, a restore, a reload). */
export async function expectEditorText(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-editor-ready', 'true', {
    timeout: 30_000,
  });
  await expect.poll(() => editorText(page), { timeout: 20_000 }).toBe(text);
}

/**
 * Waits until this tab's draft in localStorage holds the text the editor shows: the autosave
 * (debounced by 500 ms) has written it. The keys are src/store/tabStorage.ts's. On the draft
 * itself rather than a fixed 800 ms: a run usually outlasts the debounce, so most waits are none.
 */
export async function waitAutosaved(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const tab = sessionStorage.getItem('hpa-sim.v2.tab-id');
      const draft = tab === null ? null : localStorage.getItem(`hpa-sim.v2.draft.${tab}`);
      return (
        draft !== null &&
        (JSON.parse(draft) as { text: string }).text === window.__hpaSimEditor!.getValue()
      );
    },
    undefined,
    { timeout: 10_000 },
  );
}

export async function openDrafts(page: Page) {
  await page.getByRole('button', { name: /^Drafts/ }).click();
  return page.getByRole('menu', { name: 'Drafts' });
}

/**
 * A screenshot to test-results/<name>.png; with UPDATE_DOCS_SCREENSHOTS=1 also to docs/<docs>.png,
 * the README's pictures (so they are remade from the same states the tests check):
 * `UPDATE_DOCS_SCREENSHOTS=1 npx playwright test e2e/presenter.spec.ts e2e/lesson.spec.ts e2e/clusters.spec.ts`.
 */
export async function screenshot(page: Page, name: string, docs?: string): Promise<void> {
  const path = `test-results/${name}.png`;
  await page.screenshot({ path });
  if (!docs || process.env.UPDATE_DOCS_SCREENSHOTS !== '1') return;
  // The README's pictures without the first visit's intro, which every reader has seen.
  const intro = page.locator('section.intro'); // by class: once hidden it has no role
  const hadIntro = (await intro.count()) > 0;
  if (hadIntro) await intro.evaluate((el) => ((el as HTMLElement).style.display = 'none'));
  await page.screenshot({ path: join(import.meta.dirname, '..', 'docs', `${docs}.png`) });
  if (hadIntro) await intro.evaluate((el) => ((el as HTMLElement).style.display = ''));
}
