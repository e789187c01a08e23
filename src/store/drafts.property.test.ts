import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './testing/fakes.ts';
import { savedText, setup } from './testing/setup.ts';

type Step = 'type' | 'link' | 'preset' | 'restore' | 'undo' | 'redo' | 'reload' | 'newTab';

/**
 * Issue 13: no sequence of links, edits, undos, reloads and tabs loses a draft. Every typed text
 * that a link, a preset, a restore, a reload or a new tab replaced on screen must stay reachable: the current text, the draft history, this tab's saved draft, or another tab's draft
 * in the menu. (A text the user undid and never came back to is theirs to drop, as in any editor.)
 * Sequences are shorter than the history's 10 entries.
 */
describe('drafts: property', () => {
  it('no sequence of at most 9 steps loses a typed draft', () => {
    const steps = fc.constantFrom<Step>(
      'type',
      'link',
      'preset',
      'restore',
      'undo',
      'redo',
      'reload',
      'newTab',
    );
    fc.assert(
      fc.property(fc.array(steps, { maxLength: 9 }), (sequence) => {
        const storage = new MemoryStorage();
        let n = 0;
        let tabNo = 0;
        let session = new MemoryStorage();
        let tab = setup({ storage, session, tabId: `tab-${tabNo}` });
        /** the link in the URL while its text is unedited (the page removes it at the first edit) */
        let url: string | null = null;
        const typed = new Set<string>();
        const mustKeep = new Set<string>();
        for (const step of sequence) {
          const { actions, store } = tab;
          const before = store.getState().text;
          if (step === 'type') {
            const text = `typed ${++n}`;
            actions.editScenarioText(text);
            typed.add(text);
          } else if (step === 'link') {
            url = `link ${++n}`;
            actions.openSharedLink(url);
          } else if (step === 'preset') {
            actions.loadPreset(`p${++n}`, `preset ${n}`);
          } else if (step === 'restore') {
            const entry = store.getState().draftHistory.at(-1);
            if (entry) actions.restoreDraft(entry.text);
          } else if (step === 'undo') {
            actions.undo();
          } else if (step === 'redo') {
            actions.redo();
          } else {
            actions.pageLeft();
            if (step === 'newTab') {
              session = new MemoryStorage();
              tabNo++;
              url = null;
            }
            tab = setup({ storage, session, tabId: `tab-${tabNo}`, sharedText: url });
          }
          const after = tab.store.getState().text;
          // Replaced (not evolved by typing, nor undone): the draft must stay reachable.
          const replaced = !['type', 'undo', 'redo'].includes(step) && after !== before;
          if (replaced && typed.has(before)) mustKeep.add(before);
          mustKeep.delete(after); // back on screen: the live draft again (typing evolves it)
          if (after !== before && after !== url) url = null;
        }
        tab.actions.pageLeft();
        tab.actions.refreshDrafts();
        const state = tab.store.getState();
        const reachable = new Set([
          state.text,
          ...state.draftHistory.map((d) => d.text),
          ...state.otherTabDrafts.map((d) => d.text),
        ]);
        const own = savedText(storage, `tab-${tabNo}`);
        if (own !== undefined) reachable.add(own);
        if (typed.has(state.text)) mustKeep.add(state.text);
        for (const text of mustKeep) {
          expect(reachable, `${sequence.join(' → ')}: ${text}`).toContain(text);
        }
      }),
      { numRuns: 300 },
    );
  });
});
