// Everything a tab sets up before its first state: its id, its run guard, its draft history, the
// v1 migration and the clean-up of old tabs, and the text it starts from (held or not).

import type { Clock } from '../bridge/types.ts';
import { createDraftKeeper } from './draftKeeper.ts';
import { startupText } from './persistence.ts';
import { createRunGuard } from './runGuard.ts';
import { forgetOldTabs, migrateLegacy, randomTabId, tabIdOf } from './tabStorage.ts';
import type { StoreDeps } from './types.ts';

export function openTab(deps: StoreDeps, clock: Clock, now: () => number) {
  const { storage } = deps;
  const tabId = tabIdOf(deps.session ?? null, deps.makeTabId ?? randomTabId);
  const guard = createRunGuard(deps.session ?? null, clock);
  // History writes can fail (quota) before the store exists to show it: reported once it does.
  let reportSave: (error: string | null) => void = () => {};
  const keeper = createDraftKeeper(storage, tabId, now, (error) => {
    if (error !== null) reportSave(error);
  });
  migrateLegacy(storage, now(), (text) => keeper.keep(text, 'link'));
  forgetOldTabs(storage, tabId);
  const startup = startupText({
    storage,
    tabId,
    keeper,
    sharedText: deps.sharedText,
    defaultText: deps.defaultText,
  });
  // The built-in default cannot be what stopped the tab (a reload during its first run can be).
  const held = startup.text !== deps.defaultText && guard.stoppedOn(startup.text);
  return {
    tabId,
    guard,
    keeper,
    startup,
    held,
    onSaveFailed(report: (error: string) => void) {
      reportSave = (error) => error !== null && report(error);
    },
  };
}
