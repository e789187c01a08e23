import { expect, test } from './fixtures.ts';
import {
  expectEditorText,
  linkPath,
  named,
  openApp,
  openDrafts,
  reloadApp,
  setEditorText,
  waitAutosaved,
  waitUpToDate,
} from './app.ts';

/** Issue 13: no sequence of links, reloads and tabs loses a draft. */
test.describe('drafts survive links, reloads and tabs', () => {
  // Several page loads each, on a machine other suites share: generous, never a timed assertion.
  test.beforeEach(() => test.setTimeout(120_000));

  test('two links in a row, then a reload: the draft is restorable from the menu', async ({
    page,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const draft = named('my-draft');
    await setEditorText(page, draft);
    await waitUpToDate(page);
    await waitAutosaved(page);
    await page.goto(await linkPath(named('link-one'))); // same tab: a hash change
    await expectEditorText(page, named('link-one'));
    await waitUpToDate(page);
    await page.goto(await linkPath(named('link-two')));
    await expectEditorText(page, named('link-two'));
    await waitUpToDate(page);
    await reloadApp(page);
    await expectEditorText(page, named('link-two'));

    const menu = await openDrafts(page);
    await expect(menu.getByRole('menuitem', { name: /^Restore link-one/ })).toBeVisible();
    await menu.getByRole('menuitem', { name: /^Restore my-draft replaced by a link/ }).click();
    await expectEditorText(page, draft);
    await waitUpToDate(page);
    // The link's text went into the history in its place.
    const again = await openDrafts(page);
    await expect(again.getByRole('menuitem', { name: /^Restore link-two/ })).toBeVisible();
  });

  test('a link opened in a second tab leaves the first tab’s draft alone', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    const draft = named('first-tab');
    await setEditorText(page, draft);
    await waitUpToDate(page);
    await waitAutosaved(page);

    const second = await context.newPage();
    await openApp(second, await linkPath(named('shared')));
    await expectEditorText(second, named('shared'));
    await setEditorText(second, named('shared-edited'));
    await waitUpToDate(second);
    await waitAutosaved(second);

    // Each tab in front while it is used, as a person switching tabs has it: a page in the
    // background draws no frames, and reloaded there it waited out the editor's fallback timer.
    await page.bringToFront();
    await reloadApp(page);
    await expectEditorText(page, draft);
    // The second tab can bring the first tab's draft over.
    await second.bringToFront();
    const menu = await openDrafts(second);
    await menu.getByRole('menuitem', { name: /^Restore first-tab from another tab/ }).click();
    await expectEditorText(second, draft);
  });

  test('two tabs editing separately keep separate drafts across reloads', async ({
    page,
    context,
  }) => {
    await openApp(page);
    await waitUpToDate(page);
    await setEditorText(page, named('tab-a'));
    await waitUpToDate(page);
    await waitAutosaved(page);
    const b = await context.newPage();
    await openApp(b);
    await expectEditorText(b, named('tab-a')); // a new tab continues the newest draft
    await setEditorText(b, named('tab-b'));
    await waitUpToDate(b);
    await waitAutosaved(b);
    // Each tab in front while it is used (see the test above).
    await page.bringToFront();
    await setEditorText(page, named('tab-a-again'));
    await waitUpToDate(page);
    await waitAutosaved(page);

    await b.bringToFront();
    await reloadApp(b);
    await expectEditorText(b, named('tab-b'));
    await page.bringToFront();
    await reloadApp(page);
    await expectEditorText(page, named('tab-a-again'));
  });

  test('a draft saved by the previous version is still there', async ({ page }) => {
    await openApp(page);
    const old = named('from-v1');
    await page.evaluate((text) => {
      localStorage.clear();
      localStorage.setItem('hpa-sim.v1.scenario', text);
    }, old);
    await reloadApp(page);
    await expectEditorText(page, old);
    await waitUpToDate(page);
  });
});
