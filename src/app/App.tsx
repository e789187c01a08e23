// The page: toolbar, the scenario editor, and the results (KPIs, charts, explanation).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import './theme.css';
import './app.css';
import { SimulationCharts } from '../charts/index.ts';
import { ExplainPanel } from '../panels/explain/index.ts';
import { KpiStrip } from '../panels/kpis/index.ts';
import { LazyScenarioEditor } from '../panels/editor/index.ts';
import { PRESETS } from '../presets/catalog.ts';
import {
  useActions,
  useDiagnostics,
  useHeld,
  useIsStale,
  useParseSummary,
  usePresetName,
  useResult,
  useScenarioText,
  useSelectedSync,
  useSyncDetail,
  useTheme,
} from '../store/index.ts';
import { ProblemsList } from './ProblemsList.tsx';
import { PresetGallery } from './PresetGallery.tsx';
import { IntroBanner } from './IntroBanner.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useResolvedTheme } from './useResolvedTheme.ts';

export function App() {
  const text = useScenarioText();
  const diagnostics = useDiagnostics();
  const parse = useParseSummary();
  const presetName = usePresetName();
  const result = useResult();
  const stale = useIsStale();
  const held = useHeld();
  const selected = useSelectedSync();
  const detail = useSyncDetail();
  const theme = useResolvedTheme(useTheme());
  const actions = useActions();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const chartsRef = useRef<HTMLDivElement>(null);

  // Before the first paint: theme.css has no palette until data-theme is set.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // One object per result, so the explain panel (memoized) skips the keystrokes in between.
  const history = useMemo(
    () => (result ? { time: result.series.time, raw: result.series.rawReplicas } : undefined),
    [result],
  );
  const hasDemand = useMemo(
    () => (result ? result.series.demand.some((v) => !Number.isNaN(v)) : false),
    [result],
  );

  return (
    <div className="app">
      <Toolbar chartsRef={chartsRef} onOpenPresets={() => setGalleryOpen(true)} />
      <IntroBanner />
      <main className="workspace" aria-label="hpa-sim workspace">
        <section className="pane editor" aria-label="Scenario">
          <div className="scenario-meta">
            <strong>{parse?.name || 'Scenario'}</strong>
            {parse?.description ? <div>{parse.description}</div> : null}
          </div>
          <LazyScenarioEditor
            className="editor-host"
            value={text}
            onChange={actions.editScenarioText}
            diagnostics={diagnostics}
            theme={theme}
          />
          <ProblemsList diagnostics={diagnostics} />
        </section>
        <section className="pane results" aria-label="Results">
          <div className="kpis">
            <KpiStrip
              kpis={result?.kpis ?? null}
              stale={stale}
              durationSeconds={result?.durationSeconds}
              hasDemand={hasDemand}
            />
          </div>
          <div ref={chartsRef}>
            {result ? (
              <SimulationCharts
                series={result.series}
                selectedSync={selected}
                onSelectSync={actions.selectSync}
                selectedDetail={detail}
                stale={stale}
              />
            ) : (
              <p className="status" role="status">
                {held
                  ? 'Not simulated: this tab stopped while simulating this scenario. Edit it, or run it anyway from the notice above.'
                  : diagnostics.some((d) => d.severity === 'error')
                    ? 'Fix the errors in the scenario to see the simulation.'
                    : 'Simulating…'}
              </p>
            )}
          </div>
          <ExplainPanel
            detail={detail}
            loading={selected !== null && detail?.index !== selected}
            history={history}
          />
        </section>
      </main>
      <PresetGallery
        open={galleryOpen}
        presets={PRESETS}
        current={presetName}
        onClose={() => setGalleryOpen(false)}
        onPick={(p) => {
          setGalleryOpen(false);
          actions.loadPreset(p.id, p.text);
        }}
      />
    </div>
  );
}
