// The embed view (`…#s=…&embed=1`): the link's scenario as charts, playback and the explanation of
// a clicked sync, sized for an iframe in a blog post or a course; no editor, toolbar or storage.
// "Open in hpa-sim" opens the same link as the full app in a new tab. A link with `&lesson=` plays
// that lesson above the explanation (its changes go to the link's scenario; nothing is stored).
import '../theme.css';
import '../app.css';
import './embed.css';
import { SimulationCharts } from '../../charts/index.ts';
import { ClusterDecision, ClustersPanel } from '../../panels/clusters/index.ts';
import { ExplainPanel } from '../../panels/explain/index.ts';
import { PlaybackBar, usePlayback } from '../../playback/index.ts';
import { parseMemberKey } from '../../run/runKey.ts';
import {
  useActions,
  useErrorCount,
  useFederation,
  useHpaChoice,
  useParseSummary,
  useResult,
  useSelectedSync,
} from '../../store/index.ts';
import { RunStatusLine } from '../RunStatusLine.tsx';
import { playbackPosition, useDocumentTheme, useFocusView } from '../useFocusView.ts';
import { LessonHost } from '../lesson/LessonHost.tsx';
import { useLessonState } from '../lesson/useLessonState.ts';

/** The full app on the same link: the page without `&embed=1`. */
export function fullAppUrl(href: string): string {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.slice(1));
  params.delete('embed');
  // URLSearchParams would percent-encode the payload's base64url: keep it as written.
  url.hash = [...params]
    .map(([k, v]) => (k === 's' ? `s=${v}` : `${k}=${encodeURIComponent(v)}`))
    .join('&');
  return url.href;
}

export function EmbedApp(props: { linkError: string | null }) {
  const parse = useParseSummary();
  const result = useResult();
  const federation = useFederation();
  const errors = useErrorCount();
  const selected = useSelectedSync();
  const hpaChoice = useHpaChoice();
  const { focusedRun, focusedResult, rawDetail, detail, history, rescales, explainedRuns } =
    useFocusView(result);
  useDocumentTheme();
  const actions = useActions();
  const player = usePlayback();
  const [lesson, setLesson] = useLessonState();
  const position = playbackPosition(result, selected);
  const title = parse?.name || parse?.selectedHpa || 'hpa-sim scenario';

  return (
    <div className="embed" aria-label="hpa-sim embedded simulation">
      <header className="embed-bar">
        <strong className="embed-title" title={title}>
          {title}
        </strong>
        <PlaybackBar player={player} position={position} disabled={!result} />
        <RunStatusLine />
        <a className="btn primary" href={fullAppUrl(location.href)} target="_blank" rel="noopener">
          Open in hpa-sim
        </a>
      </header>
      {props.linkError ? (
        <p className="status" data-kind="error" role="alert">
          {props.linkError}
        </p>
      ) : null}
      <div className="embed-body">
        <section className="embed-charts" aria-label="Results">
          {result ? <ClustersPanel zoom={null} /> : null}
          {result ? (
            <SimulationCharts
              series={result.series}
              selectedSync={selected}
              onSelectSync={actions.selectSync}
              selectedDetail={parseMemberKey(focusedRun)?.member ? null : detail}
              stale={false}
              staleNote=""
              overlays={[]}
              focusedRun={focusedRun}
            />
          ) : (
            <p className="status" role="status">
              {errors > 0
                ? 'This scenario has errors: open it in hpa-sim to see them.'
                : 'Simulating…'}
            </p>
          )}
        </section>
        <aside className="embed-explain" aria-label="Selected sync">
          {lesson && !federation ? (
            <LessonHost
              state={lesson}
              onState={setLesson}
              selectedSync={selected}
              player={player}
            />
          ) : null}
          {federation ? (
            <ClusterDecision
              federation={federation}
              focusedRun={focusedRun}
              selectedSync={selected}
              detail={rawDetail}
              hpaName={hpaChoice ?? (parse?.selectedHpa || 'the HPA')}
              onFocusRun={actions.focusRun}
              onSelectSync={actions.selectSync}
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
            />
          )}
        </aside>
      </div>
    </div>
  );
}
