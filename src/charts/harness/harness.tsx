// Dev-only harness: renders SimulationCharts, ExplainPanel and KpiStrip on data simulated in the
// page (no worker, no store). Open /src/charts/harness/harness.html on the Vite dev server.
// URL parameters: preset=<name> | preset=week, theme=light|dark, sync=<index>, stale=1, hover=1,
// points=<max points per series>.

import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ExplainPanel } from '../../panels/explain/index.ts';
import { KpiStrip } from '../../panels/kpis/index.ts';
import { SimulationCharts } from '../index.ts';
import * as fixtures from '../../explain/testing/scenarios.ts';
import { runScenario } from '../../worker/testing/runScenario.ts';
import '../../app/theme.css';
import './harness.css';

const texts = import.meta.glob('../../presets/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const presets = Object.fromEntries(
  Object.entries(texts).map(([path, text]) => [path.replace(/^.*\/|\.yaml$/g, ''), text]),
);
// A 7-day run of the default scenario (40,321 syncs): the downsampling stress case.
presets.week = (presets.default ?? '').replace('duration: 24h', 'duration: 168h');
// The controller's shortcut and failure paths (explain panel fixtures).
presets['x-above-max'] = fixtures.ABOVE_MAX;
presets['x-below-min'] = fixtures.BELOW_MIN;
presets['x-scaled-to-zero'] = fixtures.SCALED_TO_ZERO;
presets['x-metric-outage'] = fixtures.METRIC_OUTAGE;

const params = new URLSearchParams(location.search);

function Harness() {
  const [preset, setPreset] = useState(params.get('preset') ?? 'default');
  const [theme, setTheme] = useState(params.get('theme') ?? 'light');
  const [stale, setStale] = useState(params.get('stale') === '1');
  const [selected, setSelected] = useState<number | null>(
    params.has('sync') ? Number(params.get('sync')) : null,
  );
  const hover = params.get('hover') === '1';
  const maxPoints = params.has('points') ? Number(params.get('points')) : undefined;

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  const run = useMemo(() => {
    const t0 = performance.now();
    const r = runScenario(presets[preset] ?? '');
    return { ...r, simulateMs: performance.now() - t0 };
  }, [preset]);
  const detail = useMemo(() => (selected === null ? null : run.detail(selected)), [run, selected]);
  const history = useMemo(
    () =>
      run.payload.series.rawReplicas
        ? { time: run.payload.series.time, raw: run.payload.series.rawReplicas }
        : undefined,
    [run],
  );
  const onSelectSync = useCallback((i: number) => {
    performance.mark('select');
    setSelected(i);
  }, []);
  useEffect(() => {
    // Time from a selection to the committed render, for the perf check in the screenshots script.
    if (performance.getEntriesByName('select').length) {
      const ms = performance.measure('select→render', 'select').duration;
      (window as unknown as { lastSelectMs: number }).lastSelectMs = ms;
      performance.clearMarks('select');
    }
  }, [selected]);

  const s = run.payload.series;
  return (
    <div className="harness">
      <header className="harness-bar">
        <strong>hpa-sim charts harness</strong>
        <label>
          preset{' '}
          <select value={preset} onChange={(e) => (setSelected(null), setPreset(e.target.value))}>
            {Object.keys(presets)
              .sort()
              .map((p) => (
                <option key={p}>{p}</option>
              ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={theme === 'dark'}
            onChange={(e) => setTheme(e.target.checked ? 'dark' : 'light')}
          />{' '}
          dark
        </label>
        <label>
          <input type="checkbox" checked={stale} onChange={(e) => setStale(e.target.checked)} />{' '}
          stale
        </label>
        <span className="harness-info">
          {s.time.length.toLocaleString('en-US')} syncs · simulated in {run.simulateMs.toFixed(0)}{' '}
          ms
        </span>
      </header>
      <KpiStrip
        kpis={run.payload.kpis}
        stale={stale}
        durationSeconds={run.payload.durationSeconds}
        hasDemand={s.demand.some((v) => Number.isFinite(v))}
      />
      <main className="harness-main">
        <div className="harness-charts">
          <SimulationCharts
            series={s}
            selectedSync={selected}
            onSelectSync={onSelectSync}
            selectedDetail={detail}
            stale={stale}
            selectOnHover={hover}
            maxPoints={maxPoints}
          />
        </div>
        <aside className="harness-explain">
          <ExplainPanel detail={detail} loading={false} history={history} />
        </aside>
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
