/**
 * Dev harness for the scenario editor, without the app shell:
 *   npx vite → http://127.0.0.1:5173/src/panels/editor/harness/harness.html
 * Query: ?theme=dark, ?preset=<name>. Not part of the production build.
 */
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { parseScenario } from '../../../scenario/index.ts';
import defaultScenario from '../../../presets/default.yaml?raw';
import { LazyScenarioEditor } from '../index.ts';
import type { EditorTheme } from '../types.ts';

const presets = import.meta.glob<string>('../../../presets/*.yaml', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const presetNames = Object.keys(presets)
  .map((path) => path.replace(/^.*\/(.*)\.yaml$/, '$1'))
  .sort();

const params = new URLSearchParams(location.search);
const initialPreset = params.get('preset');
const initialText =
  (initialPreset && presets[`../../../presets/${initialPreset}.yaml`]) || defaultScenario;

function Harness() {
  const [text, setText] = useState(initialText);
  const [history, setHistory] = useState<string[]>([]);
  const [theme, setTheme] = useState<EditorTheme>(
    params.get('theme') === 'dark' ? 'dark' : 'light',
  );
  const [changes, setChanges] = useState(0);
  const [ready, setReady] = useState(false);
  const [mounted, setMounted] = useState(true);
  const result = useMemo(() => parseScenario(text), [text]);
  const dark = theme === 'dark';

  const load = (next: string) => {
    setHistory((h) => [...h, text]);
    setText(next);
  };

  return (
    <main
      style={{
        display: 'grid',
        gridTemplateRows: 'auto 1fr auto',
        height: '100vh',
        fontFamily: 'system-ui, sans-serif',
        background: dark ? '#181818' : '#f4f4f4',
        color: dark ? '#ddd' : '#222',
      }}
    >
      <header style={{ display: 'flex', gap: '0.75rem', alignItems: 'center', padding: '0.5rem' }}>
        <h1 style={{ fontSize: '1rem', margin: 0 }}>Scenario editor harness</h1>
        <label>
          Preset{' '}
          <select
            aria-label="Preset"
            value=""
            onChange={(e) => {
              const next = presets[`../../../presets/${e.target.value}.yaml`];
              if (next !== undefined) load(next);
            }}
          >
            <option value="">load…</option>
            {presetNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={history.length === 0}
          onClick={() => {
            const previous = history.at(-1);
            if (previous === undefined) return;
            setHistory((h) => h.slice(0, -1));
            setText(previous);
          }}
        >
          Store undo
        </button>
        <button
          type="button"
          onClick={() =>
            // An edit from outside the editor (like a curve drag): toggles spec.duration.
            load(
              text.replace(
                /^( {2}duration: )(\S+)/m,
                (_, key: string, v: string) => key + (v === '12h' ? '24h' : '12h'),
              ),
            )
          }
        >
          External edit
        </button>
        <button type="button" onClick={() => setMounted((m) => !m)}>
          {mounted ? 'Unmount' : 'Mount'} editor
        </button>
        <button type="button" onClick={() => setTheme(dark ? 'light' : 'dark')}>
          {dark ? 'Light' : 'Dark'} theme
        </button>
        <span data-testid="harness-status">
          {ready ? 'Monaco ready' : 'loading…'} · onChange × <span>{changes}</span> ·{' '}
          {result.ok ? 'valid' : 'errors'}
        </span>
      </header>
      <section style={{ minHeight: 0, padding: '0 0.5rem' }}>
        {mounted && (
          <LazyScenarioEditor
            value={text}
            onChange={(next) => {
              setChanges((n) => n + 1);
              setText(next);
            }}
            diagnostics={result.diagnostics}
            theme={theme}
            onReady={() => setReady(true)}
          />
        )}
      </section>
      <footer style={{ maxHeight: '25vh', overflow: 'auto', padding: '0.5rem', fontSize: 13 }}>
        <strong>Diagnostics ({result.diagnostics.length})</strong>
        <ul data-testid="harness-diagnostics" style={{ margin: 0 }}>
          {result.diagnostics.map((d, i) => (
            <li key={i}>
              {d.severity} {d.line}:{d.column}–{d.endLine}:{d.endColumn} {d.path}: {d.message}
            </li>
          ))}
        </ul>
      </footer>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('harness: #root missing');
createRoot(container).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
