import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_PRESET } from '../presets/catalog.ts';
import { startBrowserStore } from '../store/index.ts';
import { preloadScenarioEditor } from '../panels/editor/index.ts';
import { App } from './App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('hpa-sim: #root element missing from index.html');

// Start fetching Monaco at once: the page paints first, the editor follows.
preloadScenarioEditor();
void startBrowserStore({ defaultText: DEFAULT_PRESET.text }).then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
