// Lessons (issue 27): a lesson played to the end — each step's change made, each prediction
// answered and revealed by the run — in presenter mode at 1280×720 and beside the editor at
// 1024×768; its step travels in a share link, and a published lesson link opens on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousFindingsOnce, test } from './fixtures.ts';
import { editorText, openApp, screenshot, waitUpToDate } from './app.ts';
import { LESSONS } from '../src/presets/lessons/index.ts';

const fixtures = join(import.meta.dirname, '..', 'src', 'share', '__fixtures__');

async function startLesson(page: Page, title: string) {
  await page.getByRole('button', { name: 'Presets' }).click();
  await page
    .getByRole('dialog', { name: 'Presets' })
    .getByRole('button', { name: `Start lesson ${title}` })
    .click();
  await waitUpToDate(page);
}

/** Plays every step: the change, the right answer, the run to the reveal, the next step. */
async function playToTheEnd(page: Page, id: string, editorShown: boolean) {
  const lesson = LESSONS.find((l) => l.id === id)!;
  const panel = page.getByRole('region', { name: `Lesson: ${lesson.title}` });
  for (const [i, step] of lesson.steps.entries()) {
    await expect(panel).toContainText(`step ${i + 1} of ${lesson.steps.length}`);
    await expect(panel.getByRole('heading', { name: step.title })).toBeVisible();
    if (step.scenario) {
      await panel.getByRole('button', { name: 'Make this change' }).click();
      await expect(panel.getByRole('button', { name: 'Changed ✓' })).toBeDisabled();
      if (editorShown)
        for (const c of step.scenario) expect(await editorText(page)).toContain(c.replace);
      await waitUpToDate(page);
    }
    if (step.needs) await expect(panel.getByRole('note')).toContainText('does not model yet');
    if (step.question) {
      const q = step.question;
      await panel.getByRole('radio', { name: q.choices[q.answer], exact: true }).check();
      await panel.getByRole('button', { name: 'Play to see' }).click();
      // the run reaches the sync that shows the answer, and the playback stops there
      const answer = panel.getByRole('status').filter({ hasText: q.explain });
      await expect(answer).toContainText('Right.', { timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Explanation' }).getByRole('heading', { level: 2 }),
      ).toContainText(`Sync ${q.revealAt}`);
    }
    if (i < lesson.steps.length - 1)
      await panel.getByRole('button', { name: 'Next step ›' }).click();
  }
  await expect(panel.getByRole('status').last()).toHaveText('End of the lesson');
}

test.describe('a lesson in presenter mode at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('policies and selectPolicy, played to the end', async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    await page.getByRole('button', { name: 'Presenter', exact: true }).click();
    await startLesson(page, 'Policies and selectPolicy');
    await playToTheEnd(page, 'policies', false);
    await screenshot(page, 'lesson-presenter-1280x720', 'lesson');
  });
});

test.describe('a lesson beside the editor at 1024×768', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("KEDA's cooldown, played to the end (KEDA's own 10 → 0 included)", async ({ page }) => {
    test.setTimeout(180_000);
    await openApp(page);
    await startLesson(page, "KEDA's cooldownPeriod: N → 0, not N → 1");
    await playToTheEnd(page, 'keda-cooldown', true);
    // the editor keeps its height beside the explanation's drawer
    const editor = (await page.getByTestId('scenario-editor').boundingBox())!;
    expect(editor.height).toBeGreaterThanOrEqual(12 * 19);
  });
});

test('the lesson and its step travel in a share link; a published one opens on its step', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  // Two page loads, not three: the published link is the first page's, then the gallery's lesson.
  const published = readFileSync(join(fixtures, 'v1-lesson-policies.link'), 'utf8').trim();
  await openApp(page, `/${new URL(published).hash}`);
  await waitUpToDate(page);
  const lesson = page.getByRole('region', { name: 'Lesson: Policies and selectPolicy' });
  await expect(lesson).toContainText('step 2 of 4');
  await expect(lesson.getByRole('heading', { name: 'selectPolicy: Min' })).toBeVisible();
  expect(await editorText(page)).toBe(
    readFileSync(join(fixtures, 'v1-lesson-policies.txt'), 'utf8'),
  );
  await expectNoSeriousFindingsOnce(page, info);

  await startLesson(page, 'The ratio and the tolerance band');
  const panel = page.getByRole('region', { name: 'Lesson: The ratio and the tolerance band' });
  await panel.getByRole('button', { name: 'Next step ›' }).click();
  await expect(panel).toContainText('step 2 of 4');
  await page.getByRole('button', { name: 'Share link' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(url).toMatch(/#s=v1\.[^&]+&lesson=1\.ratio-and-tolerance\.1$/);
  const other = await context.newPage();
  await openApp(other, `/${new URL(url).hash}`);
  await expect(
    other.getByRole('region', { name: 'Lesson: The ratio and the tolerance band' }),
  ).toContainText('step 2 of 4');
});

test.describe('a lesson in the embed view at 960×560', () => {
  test.use({ viewport: { width: 960, height: 560 } });

  test('the Embed snippet carries the lesson; its iframe link plays it to the end', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await openApp(page);
    await startLesson(page, 'The ratio and the tolerance band');
    await page.getByRole('button', { name: 'Embed' }).click();
    const snippet = await page.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
    const src = /src="([^"]+)"/.exec(snippet)![1]!.replace(/&amp;/g, '&');
    expect(src).toMatch(/#s=v1\.[^&]+&lesson=1\.ratio-and-tolerance\.0&embed=1$/);
    const embed = await context.newPage();
    await embed.goto(`/${new URL(src).hash}`);
    // the embed view: no editor, the lesson above the explanation
    await expect(embed.getByRole('link', { name: 'Open in hpa-sim' })).toBeVisible();
    await expect(embed.getByTestId('scenario-editor')).toHaveCount(0);
    await expect(embed.getByRole('figure', { name: /Replicas over time/ })).toBeVisible({
      timeout: 20_000,
    });
    await playToTheEnd(embed, 'ratio-and-tolerance', false);
    await screenshot(embed, 'lesson-embed-960x560', 'lesson-embed');
  });
});
