// What the page and the embed view both show of the focused run: its result, the selected sync's
// detail (kept while the next one is on its way), the raw-replicas history and the rescales the
// explanation steps through, and the runs it can explain — one hook, so the two views cannot
// drift apart. Also the playback bar's position line and the theme on <html>.

import { useLayoutEffect, useMemo } from 'react';
import { formatElapsed } from '../format/timeAxis.ts';
import { rescalesOf } from '../panels/explain/index.ts';
import { useFocusedRun, useRuns, useSyncDetail, useTheme } from '../store/index.ts';
import type { ResultPayload } from '../worker/protocol.ts';
import { useLastDetail } from './layout/useLastDetail.ts';
import { useResolvedTheme } from './useResolvedTheme.ts';

export function useFocusView(result: ResultPayload | null) {
  const runs = useRuns();
  const focusedRun = useFocusedRun();
  // The explanation follows the focused run: its result is the one whose syncs it explains.
  const focusedResult = runs.find((r) => r.key === focusedRun)?.result ?? result;
  const rawDetail = useSyncDetail();
  const detail = useLastDetail(rawDetail, focusedResult);
  // One object per result, so the explain panel (memoized) skips the keystrokes in between.
  const history = useMemo(
    () =>
      focusedResult
        ? { time: focusedResult.series.time, raw: focusedResult.series.rawReplicas }
        : undefined,
    [focusedResult],
  );
  const rescales = useMemo(
    () => (focusedResult ? rescalesOf(focusedResult.series) : undefined),
    [focusedResult],
  );
  // The HPA and its variants; a multi-cluster run's decisions come from the Clusters panel.
  const explainedRuns = useMemo(
    () =>
      runs.flatMap((r) =>
        (r.kind === 'hpa' || r.kind === 'variant') && r.result
          ? [{ key: r.key, name: r.label, role: r.kind }]
          : [],
      ),
    [runs],
  );
  return { runs, focusedRun, focusedResult, rawDetail, detail, history, rescales, explainedRuns };
}

/** The playback bar's position: the selected sync and its time, else how many syncs. */
export function playbackPosition(result: ResultPayload | null, selected: number | null): string {
  const syncCount = result?.series.time.length ?? 0;
  return result && selected !== null && selected < syncCount
    ? `sync ${selected}/${syncCount - 1} · ${formatElapsed(result.series.time[selected]!, true)}`
    : `${syncCount} syncs`;
}

/** The resolved theme, set on <html> before the first paint (theme.css has no palette until). */
export function useDocumentTheme(): 'light' | 'dark' {
  const theme = useResolvedTheme(useTheme());
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return theme;
}
