// The page: toolbar, the scenario editor, the results (playback, KPIs, charts) and the selected
// sync's explanation docked beside them, so a click on a chart is answered without scrolling.
import { KedaLane } from '../panels/keda/KedaLane.tsx';
import { kedaWriteMarks } from '../panels/keda/writeMarks.ts';
import { kedaPhaseShades } from '../panels/keda/phaseShades.ts';
import { useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import './theme.css';
import './app.css';
import './presenter/presenter.css';
import { ClusterDecision, ClustersPanel } from '../panels/clusters/index.ts';
import { NodesPanel } from '../panels/nodes/index.ts';
import { comparedRuns, parseMemberKey } from '../run/runKey.ts';
import { ComparePanel } from '../panels/compare/index.ts';
import { ExplainPanel } from '../panels/explain/index.ts';
import { KpiStrip, SoFarLine, soFar } from '../panels/kpis/index.ts';
import { useDrawsView } from './useDrawsView.ts';
import { PRESETS } from '../presets/catalog.ts';
import { PlaybackBar, usePlayback } from '../playback/index.ts';
import { runColour } from '../format/runColours.ts';
import {
  clampWidth,
  getScenarioText,
  useActions,
  useErrorCount,
  useFederation,
  useHeld,
  useHpaChoice,
  useParseSummary,
  usePresetName,
  useResult,
  useSelectedSync,
  useLayout,
  WIDTH_LIMITS,
} from '../store/index.ts';
import { CurveEditor } from './CurveEditor.tsx';
import { ShownStale, StaleCharts } from './ShownStale.tsx';
import { playbackPosition, useDocumentTheme, useFocusView } from './useFocusView.ts';
import { downloadComparisonPng, fileStem, hpaName } from './download.ts';
import { EditorPane } from './EditorPane.tsx';
import { PresetGallery } from './PresetGallery.tsx';
import { IntroBanner } from './IntroBanner.tsx';
import { Toolbar } from './Toolbar.tsx';
import { TuneHost } from './TuneHost.tsx';
import { Splitter } from './layout/Splitter.tsx';
import { ViewToggles } from './layout/ViewToggles.tsx';
import { ExplainDock } from './layout/ExplainDock.tsx';
import { DragHeld } from './DragHeld.tsx';
import { PresenterTitle } from './presenter/PresenterTitle.tsx';
import { LessonHost } from './lesson/LessonHost.tsx';
import { useLessonState } from './lesson/useLessonState.ts';
import { LESSONS, lessonById } from '../presets/lessons/index.ts';
import { lessonBase } from '../presets/lessons/catalog.ts';

// The page reads no text: an edit (a keystroke, a drag's frame) re-renders the panes that show
// it (EditorPane, CurveEditor), not the page; a new result re-renders the page.
/**
 * The skip link's target: the first chart, focused (its arrows then step the selection). Not a
 * fragment navigation: the page's fragment is the share link's.
 */
function skipToCharts(e: { preventDefault(): void }) {
  e.preventDefault();
  const charts = document.getElementById('charts');
  const first = charts?.querySelector<HTMLElement>('figure.chart-frame') ?? charts;
  first?.focus();
}

export function App() {
  const parse = useParseSummary();
  const presetName = usePresetName();
  const result = useResult();
  const draws = useDrawsView();
  const federation = useFederation();
  const errors = useErrorCount();
  const held = useHeld();
  const hpaChoice = useHpaChoice();
  const selected = useSelectedSync();
  const { runs, focusedRun, focusedResult, rawDetail, detail, history, rescales, explainedRuns } =
    useFocusView(result);
  const theme = useDocumentTheme();
  const actions = useActions();
  const [galleryOpen, setGalleryOpen] = useState(false);
  const closeGallery = useCallback(() => setGalleryOpen(false), []);
  const [lesson, setLesson] = useLessonState();
  const pickLesson = useCallback(
    (id: string) => {
      const l = lessonById(id);
      if (!l) return;
      setGalleryOpen(false);
      setLesson({ id, step: 0 });
      actions.loadPreset(`lesson:${id}`, lessonBase(l));
    },
    [actions, setLesson],
  );
  const pickPreset = useCallback(
    (p: (typeof PRESETS)[number]) => {
      setGalleryOpen(false);
      setLesson(null);
      actions.loadPreset(p.id, p.text);
    },
    [actions, setLesson],
  );
  const [tuneOpen, setTuneOpen] = useState(false);
  const closeTune = useCallback(() => setTuneOpen(false), []);
  const layout = useLayout();
  const setLayout = actions.changeLayout;
  // Presenter mode folds the editor; its Editor switch unfolds it for this session only.
  const [editorInPresenter, setEditorInPresenter] = useState(false);
  const editorShown = layout.presenter ? editorInPresenter : !layout.editorHidden;
  const toggleEditor = useCallback(() => {
    if (layout.presenter) setEditorInPresenter((v) => !v);
    else setLayout({ editorHidden: !layout.editorHidden });
  }, [layout.presenter, layout.editorHidden, setLayout]);
  // Stable props: the toolbar (memoized) re-renders for what it reads, not at each result.
  const openGallery = useCallback(() => setGalleryOpen(true), []);
  const openTune = useCallback(() => setTuneOpen(true), []);
  const viewToggles = useMemo(
    () => (
      <ViewToggles
        prefs={layout}
        editorShown={editorShown}
        onToggleEditor={toggleEditor}
        onChange={setLayout}
      />
    ),
    [layout, editorShown, toggleEditor, setLayout],
  );
  const chartsRef = useRef<HTMLDivElement>(null);
  const rescaleIndices = useMemo(() => rescales?.map((r) => r.index) ?? [], [rescales]);
  const player = usePlayback(rescaleIndices);
  // A single run: "Duplicate as variant" sits in the charts' bar (one stable node: the charts are memoized).
  const compareInBar = useMemo(() => <ComparePanel placement="bar" />, []);
  // The charts' x-range, which the cluster lanes follow (null: the whole run).
  const [chartZoom, setChartZoom] = useState<[number, number] | null>(null);

  // The variants over the HPA's charts, coloured as in the comparison (by place in the runs).
  const overlays = useMemo(
    () =>
      runs.flatMap((r) =>
        r.kind === 'variant' && r.result
          ? [{ key: r.key, name: r.label, colour: runColour(r.colour), series: r.result.series }]
          : [],
      ),
    [runs],
  );
  const kedaWrites = useMemo(() => (result?.keda ? kedaWriteMarks(result) : undefined), [result]);
  const kedaShades = useMemo(
    () => (result?.keda ? kedaPhaseShades(result, result.durationSeconds) : undefined),
    [result],
  );
  const hasDemand = useMemo(
    () => (result ? result.series.demand.some((v) => !Number.isNaN(v)) : false),
    [result],
  );
  const running = useMemo(
    () =>
      result && selected !== null ? soFar(result.series, selected, result.syncPeriodSeconds) : null,
    [result, selected],
  );
  // In the charts' bar, where the hint was: selecting a sync never moves the charts.
  const soFarNote = useMemo(() => (running ? <SoFarLine f={running} /> : undefined), [running]);
  const position = playbackPosition(result, selected);

  return (
    <div className={`app${layout.presenter ? ' presenter' : ''}`}>
      <a className="skip-link" href="#charts" onClick={skipToCharts}>
        Skip to charts
      </a>
      <Toolbar
        chartsRef={chartsRef}
        onOpenPresets={openGallery}
        view={viewToggles}
        onOpenTune={openTune}
        lesson={lesson}
      />
      <TuneHost open={tuneOpen} onClose={closeTune} />
      {/* Not on a projector: the class came for the run, and its three lines push it down. */}
      {layout.presenter ? null : <IntroBanner />}
      <main
        className={`workspace${editorShown ? '' : ' no-editor'}`}
        aria-label="hpa-sim workspace"
        style={
          {
            '--editor-w': `${layout.editorWidth}px`,
            '--explain-w': `${layout.explainWidth}px`,
          } as CSSProperties
        }
      >
        {!editorShown ? null : (
          <>
            <EditorPane theme={theme} />
            <Splitter
              label="Editor width"
              className="split-editor"
              value={layout.editorWidth}
              min={WIDTH_LIMITS.editor[0]}
              max={WIDTH_LIMITS.editor[1]}
              direction={1}
              onChange={(w) => setLayout({ editorWidth: clampWidth(w, WIDTH_LIMITS.editor) })}
            />
          </>
        )}
        <section className="pane results" aria-label="Results">
          {layout.presenter ? <PresenterTitle parse={parse} /> : null}
          <div className="results-bar">
            <PlaybackBar player={player} position={position} disabled={!result} />
          </div>
          {result ? (
            <CurveEditor
              duration={result.durationSeconds}
              cursorTime={selected !== null ? (result.series.time[selected] ?? null) : null}
            />
          ) : null}
          <div className="kpis">
            <ShownStale>
              {(stale, staleNote) => (
                <KpiStrip
                  kpis={result?.kpis ?? null}
                  stale={stale}
                  staleNote={staleNote}
                  durationSeconds={result?.durationSeconds}
                  hasDemand={hasDemand}
                  draws={draws.kpis}
                  nodeCost={result?.nodes?.kpis ?? null}
                />
              )}
            </ShownStale>
          </div>
          {/* A federation's runs are compared when it has variants (one total per HPA). */}
          {result && (!federation || comparedRuns(runs).length > 1) ? (
            <DragHeld>
              <ComparePanel
                placement="page"
                exportPng={(root) =>
                  downloadComparisonPng(
                    root,
                    chartsRef.current,
                    `${fileStem(hpaChoice ?? hpaName(getScenarioText()) ?? parse?.name ?? 'scenario')}-comparison.png`,
                  )
                }
              />
            </DragHeld>
          ) : null}
          {result ? (
            <DragHeld>
              <ClustersPanel zoom={chartZoom} />
            </DragHeld>
          ) : null}
          {result?.keda ? (
            <KedaLane
              keda={result.keda}
              time={result.series.time}
              selectedSync={selected}
              onSelectSync={actions.selectSync}
            />
          ) : null}
          <div ref={chartsRef} id="charts" tabIndex={-1}>
            {result ? (
              <StaleCharts
                series={result.series}
                selectedSync={selected}
                onSelectSync={actions.selectSync}
                // A member's decision is not the total's: its window is not drawn on these charts.
                selectedDetail={parseMemberKey(focusedRun)?.member ? null : detail}
                overlays={overlays}
                focusedRun={focusedRun}
                onZoomChange={setChartZoom}
                barEnd={federation ? undefined : compareInBar}
                barNote={soFarNote}
                kedaWrites={kedaWrites}
                drawBand={draws.band}
                changes={result?.changes}
                rollout={result?.rollout?.series}
                phaseShades={kedaShades}
              />
            ) : (
              <p className="status" role="status">
                {held
                  ? 'Not simulated: this tab stopped while simulating this scenario. Edit it, or run it anyway from the notice above.'
                  : errors > 0
                    ? 'Fix the errors in the scenario to see the simulation.'
                    : 'Simulating…'}
              </p>
            )}
          </div>
          {result ? (
            <DragHeld>
              <NodesPanel zoom={chartZoom} />
            </DragHeld>
          ) : null}
        </section>
        <Splitter
          label="Explanation width"
          className="split-explain"
          value={layout.explainWidth}
          min={WIDTH_LIMITS.explain[0]}
          max={WIDTH_LIMITS.explain[1]}
          direction={-1}
          onChange={(w) => setLayout({ explainWidth: clampWidth(w, WIDTH_LIMITS.explain) })}
        />
        <ExplainDock selectedSync={selected} playing={player.playing}>
          <DragHeld>
            {lesson && !federation ? (
              <LessonHost
                state={lesson}
                onState={setLesson}
                selectedSync={selected}
                player={player}
              />
            ) : null}
            {federation ? (
              // The decision chain of the member (or central) HPA picked in the Clusters panel.
              <ClusterDecision
                federation={federation}
                focusedRun={focusedRun}
                selectedSync={selected}
                detail={rawDetail}
                hpaName={hpaChoice ?? (parse?.selectedHpa || 'the HPA')}
                onFocusRun={actions.focusRun}
                onSelectSync={actions.selectSync}
                presenter={layout.presenter}
              />
            ) : (
              <ExplainPanel
                detail={detail}
                loading={selected !== null && detail?.index !== selected}
                history={history}
                runs={explainedRuns}
                focusedRun={focusedRun}
                onFocusRun={actions.focusRun}
                rescales={rescales}
                onSelectSync={actions.selectSync}
                series={focusedResult?.series}
                nodes={focusedResult?.nodes}
                presenter={layout.presenter}
                scrollToDeciding={!lesson}
              />
            )}
          </DragHeld>
        </ExplainDock>
      </main>
      <PresetGallery
        open={galleryOpen}
        presets={PRESETS}
        current={presetName}
        onClose={closeGallery}
        onPick={pickPreset}
        lessons={LESSONS}
        onPickLesson={pickLesson}
      />
    </div>
  );
}
