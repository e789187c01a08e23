// First: the simulator worker starts before the other modules evaluate (startWorker.ts).
import './startWorker.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_PRESET } from '../presets/catalog.ts';
import { readShareEmbed } from '../share/index.ts';
import { startBrowserStore, startEmbedStore } from '../store/index.ts';
import {
  deferScenarioEditor,
  preloadScenarioEditor,
  whenScenarioEditorReady,
} from '../panels/editor/index.ts';
import { App } from './App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('hpa-sim: #root element missing from index.html');

// `#s=…&embed=1`: the embed view (src/app/embed/), chosen once at start-up; no editor is loaded.
if (readShareEmbed()) {
  void Promise.all([
    startEmbedStore({ defaultText: DEFAULT_PRESET.text }),
    import('./embed/EmbedApp.tsx'),
  ]).then(([{ error }, { EmbedApp }]) =>
    createRoot(container).render(
      <StrictMode>
        <EmbedApp linkError={error} />
      </StrictMode>,
    ),
  );
} else startPage(container);

function startPage(container: HTMLElement) {
  /** The editor loads at the latest this long after the page starts, first result or not (ms). */
  const EDITOR_AT_MOST_MS = 1500;
  /** The simulator's warm-up runs start at the latest this long after the page starts (ms). */
  const WARM_UP_AFTER_MS = 10_000;

  // Monaco is fetched with the page (a low-priority modulepreload, vite.config.ts), but run only
  // once the first result is on screen: its module holds the page's thread for a second or so on a
  // busy machine, and the charts come first (the textarea edits meanwhile).
  const releaseEditor = deferScenarioEditor();
  setTimeout(releaseEditor, EDITOR_AT_MOST_MS);
  preloadScenarioEditor();
  // The simulator's warm-up runs wait for the editor (at most WARM_UP_AFTER_MS): a warm-up run and
  // the JIT compiling it took the cores from the first result's paint and the editor's making.
  const startedUp = Promise.race([
    whenScenarioEditorReady(),
    new Promise<void>((resolve) => setTimeout(resolve, WARM_UP_AFTER_MS)),
  ]);
  void startBrowserStore({ defaultText: DEFAULT_PRESET.text, warmUpAfter: startedUp }).then(
    (store) => {
      // After the frame that draws the first result (or its error, or a held scenario).
      const afterPaint = () => requestAnimationFrame(() => setTimeout(releaseEditor, 0));
      if (store.getState().runStatus.kind !== 'running') afterPaint();
      else {
        const stop = store.subscribe((state) => {
          if (state.runStatus.kind === 'running') return;
          stop();
          afterPaint();
        });
      }
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    },
  );
}
