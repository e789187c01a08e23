// Toolbar: presets, undo/redo, share, export, theme, and the simulator's state.
import { memo, useState, type ReactNode, type RefObject } from 'react';
import { createShareLink } from '../share/index.ts';
import { EmbedSnippet } from './embed/EmbedSnippet.tsx';
import {
  getScenarioText,
  useActions,
  useCanRedo,
  useCanUndo,
  useErrorCount,
  useClusterModel,
  useFederation,
  useHpaChoice,
  useIsStale,
  useNotice,
  useParseSummary,
  useResult,
  useRunStatus,
  useTheme,
} from '../store/index.ts';
import {
  downloadChartsPng,
  downloadText,
  fileStem,
  hpaName,
  manifestAsWritten,
} from './download.ts';
import { DraftsMenu } from './DraftsMenu.tsx';
import { ReleaseBadge } from './ReleaseBadge.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { ImportTraffic } from '../panels/import/index.ts';

function statusText(
  kind: string,
  message: string | undefined,
  invalid: boolean,
  stale: boolean,
): string {
  if (message) return message;
  // "up to date" only when the charts show the text as it is now.
  if (invalid) return 'invalid — charts show the last valid scenario';
  if (kind === 'running') return 'simulating…';
  if (stale) return 'stale — charts show an older version';
  if (kind === 'idle') return 'up to date';
  return kind;
}

/**
 * The simulator's status: its own component, so the edits and replies that change it (a drag's
 * frame, each run) re-render this line and not the toolbar.
 */
function RunStatusLine() {
  const status = useRunStatus();
  const invalid = useErrorCount() > 0;
  const stale = useIsStale();
  return (
    <span
      className="status"
      role="status"
      aria-label="Simulator status"
      data-kind={invalid ? 'invalid' : stale && status.kind === 'idle' ? 'stale' : status.kind}
    >
      {statusText(
        status.kind,
        'message' in status ? (status.message as string | undefined) : undefined,
        invalid,
        stale,
      )}
    </span>
  );
}

/** Memoized: the page re-renders per result; the toolbar only when its own values change. */
export const Toolbar = memo(function Toolbar(props: {
  chartsRef: RefObject<HTMLDivElement | null>;
  onOpenPresets(): void;
  /** the view switches (editor, presenter): on this row, where there is room at 1280×720 */
  view?: ReactNode;
  onOpenTune(): void;
}) {
  const actions = useActions();
  const canUndo = useCanUndo();
  const canRedo = useCanRedo();
  const notice = useNotice();
  const theme = useTheme();
  const parse = useParseSummary();
  const hasResult = useResult() !== null;
  const hpaChoice = useHpaChoice();
  const clusterModel = useClusterModel();
  const federation = useFederation();
  const invalid = useErrorCount() > 0;
  const [share, setShare] = useState<{ url?: string; error?: string; copied?: boolean } | null>(
    null,
  );
  const stem = fileStem(parse?.name || 'scenario');
  // Manifests are named after the HPA itself (metadata.name), the rest after the scenario.
  const hpaStem = () => fileStem(hpaChoice ?? hpaName(getScenarioText()) ?? stem);

  async function onShare() {
    // A multi-cluster run in both models: the link opens on the model shown in the Clusters panel.
    const model = federation && federation.models.length > 1 ? clusterModel : null;
    const link = await createShareLink(getScenarioText(), { hpa: hpaChoice, model });
    if (!link.ok) return setShare({ error: link.error });
    setShare({ url: link.url });
    try {
      await navigator.clipboard.writeText(link.url);
      setShare({ url: link.url, copied: true });
    } catch {
      /* the link is shown in the box to copy by hand */
    }
  }

  return (
    <header className="toolbar" role="toolbar" aria-label="Main">
      <h1>
        hpa-sim<small>Kubernetes HPA simulator</small>
      </h1>
      <button className="btn" onClick={props.onOpenPresets}>
        Presets
      </button>
      <DraftsMenu />
      <ImportTraffic
        getScenarioText={getScenarioText}
        defaultSimulation={parse?.defaultSimulation ?? null}
        onApply={actions.editByStep}
      />
      <button
        className="btn"
        onClick={props.onOpenTune}
        disabled={invalid}
        title="Search the HPA's behavior for the cheapest one that meets your goals"
      >
        Tune…
      </button>
      <button
        className="btn"
        onClick={actions.undo}
        disabled={!canUndo}
        aria-label="Undo"
        title="Undo (scenario history)"
      >
        ↶
      </button>
      <button
        className="btn"
        onClick={actions.redo}
        disabled={!canRedo}
        aria-label="Redo"
        title="Redo"
      >
        ↷
      </button>
      <RunStatusLine />
      <ReleaseBadge />
      {notice ? (
        <span className="notice" data-kind={notice.kind} role="alert">
          {notice.message}{' '}
          {notice.kind === 'held' ? (
            <button className="btn" onClick={actions.runAnyway}>
              Run it anyway
            </button>
          ) : null}{' '}
          <button className="btn" onClick={actions.dismissNotice} aria-label="Dismiss message">
            ×
          </button>
        </span>
      ) : null}
      <span className="spacer" />
      <div className="share-box">
        <button
          className="btn primary"
          onClick={() => void onShare()}
          aria-label="Share link"
          title="Copy a link that reopens this scenario"
        >
          Share
        </button>
        {share?.url ? (
          <input
            aria-label="Share link"
            readOnly
            value={share.url}
            onFocus={(e) => e.currentTarget.select()}
          />
        ) : null}
        {share?.copied ? (
          <span className="status" role="status">
            Copied
          </span>
        ) : null}
        {share?.error ? (
          <span className="status" data-kind="error" role="alert">
            {share.error}
          </span>
        ) : null}
        <EmbedSnippet
          getText={getScenarioText}
          hpa={hpaChoice}
          model={federation && federation.models.length > 1 ? clusterModel : null}
          title={parse?.name || 'scenario'}
        />
      </div>
      <ExportMenu
        disabled={{ effective: !parse?.effectiveHpaYaml, csv: !hasResult, png: !hasResult }}
        actions={{
          manifest: () =>
            void manifestAsWritten(getScenarioText(), hpaChoice ? { hpa: hpaChoice } : {}).then(
              (m) => downloadText(`${hpaStem()}-hpa.yaml`, m),
            ),
          effective: () =>
            parse?.effectiveHpaYaml &&
            downloadText(`${hpaStem()}-hpa-effective.yaml`, parse.effectiveHpaYaml),
          scenario: () => downloadText(`${stem}.yaml`, getScenarioText()),
          csv: () =>
            void actions.exportCsv().then((csv) => {
              if (csv) downloadText(`${stem}-series.csv`, csv, 'text/csv');
            }),
          png: () => {
            if (props.chartsRef.current)
              void downloadChartsPng(props.chartsRef.current, `${stem}-charts.png`);
          },
        }}
      />
      {props.view}
      <label className="status" title="Theme">
        <select
          value={theme}
          onChange={(e) => actions.setTheme(e.target.value as 'light' | 'dark' | 'system')}
          aria-label="Theme"
        >
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </header>
  );
});
