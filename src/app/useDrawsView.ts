// The timing draws (spec.draws) as the KPI strip and the replicas chart take them: the strip's
// range or status, the chart's band (memoized per set, so the charts redraw only for a new one).

import { useMemo } from 'react';
import type { ChartDrawBand } from '../charts/index.ts';
import type { KpiDraws } from '../panels/kpis/index.ts';
import { useDrawSet } from '../store/index.ts';

export function useDrawsView(): { kpis: KpiDraws | null; band: ChartDrawBand | null } {
  const d = useDrawSet();
  return useMemo(() => {
    switch (d.kind) {
      case 'none':
        return { kpis: null, band: null };
      case 'running':
        return { kpis: { kind: 'running', count: d.count }, band: null };
      case 'error':
        return { kpis: { kind: 'error', error: d.error }, band: null };
      case 'done':
        return {
          kpis: { kind: 'done', stats: d.set.stats, seed: d.set.seed },
          // One draw has no spread to draw.
          band: d.set.count > 1 ? { count: d.set.count, ...d.set.band } : null,
        };
    }
  }, [d]);
}
