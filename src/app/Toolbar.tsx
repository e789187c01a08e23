// Toolbar: presets, undo/redo, share, export, theme, and the simulator's state.
import { memo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createShareLink, type ShareLesson } from '../share/index.ts';
import { EmbedSnippet } from './embed/EmbedSnippet.tsx';
import {
  getScenarioText,
  getSelectedSync,
  useActions,
  useCanRedo,
  useCanUndo,
  useDefaultSimulation,
  useErrorCount,
  useClusterModel,
  useFederation,
  useHpaChoice,
  useParsedName,
  useTheme,
} from '../store/index.ts';
import { DraftsMenu } from './DraftsMenu.tsx';
import { ReleaseBadge } from './ReleaseBadge.tsx';
import { ToolbarExport } from './ToolbarExport.tsx';
import { RunSetOpen } from './RunSetOpen.tsx';
import { NoticeArea } from './NoticeArea.tsx';
import { RunStatusLine } from './RunStatusLine.tsx';
import { ImportTraffic } from '../panels/import/index.ts';

/** Memoized: the page re-renders per result; the toolbar only when its own values change. */
export const Toolbar = memo(function Toolbar(props: {
  chartsRef: RefObject<HTMLDivElement | null>;
  onOpenPresets(): void;
  /** the view switches (editor, presenter): on this row, where there is room at 1280×720 */
  view?: ReactNode;
  onOpenTune(): void;
  /** the open lesson and its step: share links carry it */
  lesson?: ShareLesson | null;
}) {
  // Only values an edit or its result leaves alone (the name, the undo state, the errors' count):
  // what does change per edit (the stale flag, the parse, the runs) is read by the export menu,
  // so the drafts, import and run set controls do not re-render twice per keystroke.
  const actions = useActions();
  const canUndo = useCanUndo();
  const canRedo = useCanRedo();
  const theme = useTheme();
  const name = useParsedName();
  const defaultSimulation = useDefaultSimulation();
  const hpaChoice = useHpaChoice();
  const clusterModel = useClusterModel();
  const federation = useFederation();
  const invalid = useErrorCount() > 0;
  const [share, setShare] = useState<{ url?: string; error?: string; copied?: boolean } | null>(
    null,
  );

  // One popover at a time under Share and Embed: a new key resets (closes) the Embed one.
  const [embedKey, setEmbedKey] = useState(0);
  const runSetInput = useRef<HTMLInputElement>(null);
  async function onShare() {
    setEmbedKey((k) => k + 1);
    // A multi-cluster run in both models: the link opens on the model shown in the Clusters panel.
    const model = federation && federation.models.length > 1 ? clusterModel : null;
    const link = await createShareLink(getScenarioText(), {
      hpa: hpaChoice,
      model,
      lesson: props.lesson ?? null,
      // The playback's position, read at the click (a lesson's step has its own).
      at: props.lesson ? null : getSelectedSync(),
    });
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
    <header className="toolbar">
      <h1>
        hpa-sim<small>Kubernetes HPA simulator</small>
      </h1>
      <button className="btn" onClick={props.onOpenPresets}>
        Presets
      </button>
      <DraftsMenu onOpenRunSet={() => runSetInput.current?.click()} />
      <ImportTraffic
        getScenarioText={getScenarioText}
        defaultSimulation={defaultSimulation}
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
      {/* The row's give: it takes the free room and cuts its own text short (the title keeps
          it whole) rather than push a control onto a second row. */}
      <span className="toolbar-state">
        <RunStatusLine />
        <ReleaseBadge />
      </span>
      <div className="share-box">
        <button
          className="btn primary"
          onClick={() => void onShare()}
          aria-label="Share link"
          title="Copy a link that reopens this scenario"
        >
          Share
        </button>
        {share ? (
          // Under the button, over the page: the toolbar's row never grows.
          <div className="share-popover">
            {share.url ? (
              <input
                aria-label="Share link"
                readOnly
                value={share.url}
                onFocus={(e) => e.currentTarget.select()}
              />
            ) : null}
            {share.copied ? (
              <span className="status" role="status">
                Copied
              </span>
            ) : null}
            {share.error ? (
              <span className="status" data-kind="error" role="alert">
                {share.error}
              </span>
            ) : null}
            <button className="btn" onClick={() => setShare(null)} aria-label="Close the link">
              ×
            </button>
          </div>
        ) : null}
        <EmbedSnippet
          key={embedKey}
          onOpen={() => setShare(null)}
          getText={getScenarioText}
          hpa={hpaChoice}
          model={federation && federation.models.length > 1 ? clusterModel : null}
          title={name || 'scenario'}
          lesson={props.lesson ?? null}
          getAt={getSelectedSync}
        />
      </div>
      <ToolbarExport chartsRef={props.chartsRef} />
      <RunSetOpen input={runSetInput} />
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
      <NoticeArea />
    </header>
  );
});
