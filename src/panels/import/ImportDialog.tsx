// The traffic import dialog (see README.md). Nothing changes in the scenario until Apply; a file
// that does not read shows its located errors here and stays in the box to fix or replace.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LocatedImportIssue, TrafficImport, TrafficMeaning } from '../../run/index.ts';
import { SAMPLE_TRACES } from './sampleTraces.ts';
import { TracePreview } from './TracePreview.tsx';
import { SeriesPicker, type SeriesPick } from './SeriesPicker.tsx';
import './import.css';

export interface ImportSource {
  name: string;
  text: string;
}

export function ImportDialog(props: {
  open: boolean;
  /** a dropped file to start from (null: keep what the box holds) */
  initial: ImportSource | null;
  scenarioText: string;
  /** the assumed world's Simulation document, for a text without one */
  defaultSimulation: string | null;
  onApply(text: string): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [source, setSourceText] = useState<ImportSource>({ name: '', text: '' });
  const [series, setSeries] = useState<SeriesPick>('sum');
  const [replicas, setReplicas] = useState('');
  const [meaning, setMeaning] = useState<TrafficMeaning>('demand');
  const [factor, setFactor] = useState('1');
  const [offset, setOffset] = useState('0');
  const [setDuration, setSetDuration] = useState(true);
  const [outcome, setOutcome] = useState<TrafficImport | null>(null);
  const [applyError, setApplyError] = useState<string | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);

  // Another file starts from the sum again: a series number means nothing in a new file.
  function setSource(next: ImportSource, keepSeries = false) {
    setSourceText(next);
    if (!keepSeries) setSeries('sum');
  }

  useEffect(() => {
    if (props.initial) setSource(props.initial);
  }, [props.initial]);

  // Re-read on every change; the importer is fast (a week of 5-minute data in milliseconds).
  useEffect(() => {
    let live = true;
    if (source.text.trim() === '') {
      setOutcome(null);
      return;
    }
    const factorValue = Number(factor);
    const offsetValue = Number(offset);
    void import('../../run/importTraffic.ts').then(({ importTraffic }) => {
      if (!live) return;
      setOutcome(
        importTraffic({
          text: source.text,
          meaning,
          replicasText: replicas,
          factor: factor.trim() === '' ? 1 : factorValue,
          offsetSeconds: Number.isFinite(offsetValue) && offsetValue >= 0 ? offsetValue : 0,
          series,
        }),
      );
      setApplyError(null);
    });
    return () => {
      live = false;
    };
  }, [source, replicas, meaning, factor, offset, series]);

  // The file's series behind the preview, scaled and shifted as the result is.
  const parts = useMemo(() => {
    if (!outcome?.ok || outcome.choices.length === 0 || meaning !== 'demand') return [];
    const scale = factor.trim() === '' ? 1 : Number(factor);
    const shift = Number(offset);
    const by = Number.isFinite(shift) && shift >= 0 ? shift : 0;
    return outcome.choices.map((c) =>
      c.points.map((p) => ({ at: p.at + by, value: p.value * scale })),
    );
  }, [outcome, meaning, factor, offset]);

  async function apply() {
    if (!outcome?.ok) return;
    const { setTraffic } = await import('../../scenario/edit/setTraffic.ts');
    const edited = setTraffic(props.scenarioText, {
      trafficYaml: outcome.yaml,
      duration: setDuration ? `${Math.ceil(outcome.durationSeconds)}s` : null,
      baseSimulation: props.defaultSimulation,
    });
    if (!edited.ok) return setApplyError(edited.error);
    props.onApply(edited.text);
    props.onClose();
  }

  async function readFile(file: File | undefined, into: (s: ImportSource) => void) {
    if (!file) return;
    into({ name: file.name, text: await file.text() });
  }

  return (
    <dialog
      ref={ref}
      className="import-dialog"
      aria-labelledby="import-title"
      onClose={props.onClose}
    >
      <header>
        <h2 id="import-title">Import traffic</h2>
        <span className="spacer" />
        <button className="btn" onClick={props.onClose}>
          Cancel
        </button>
      </header>
      <div className="import-body">
        <p className="import-hint">
          A CSV (<code>time,value</code>: seconds, Unix seconds or ISO-8601) or a Prometheus{' '}
          <code>query_range</code> JSON answer. Drop a file on the page, choose one, paste it below,
          or try a sample.
        </p>
        <div className="import-row">
          <label>
            File{' '}
            <input
              type="file"
              accept=".csv,.tsv,.txt,.json"
              aria-label="Traffic file"
              onChange={(e) => void readFile(e.currentTarget.files?.[0], setSource)}
            />
          </label>
          <label>
            Sample{' '}
            <select
              aria-label="Sample trace"
              value=""
              onChange={(e) => {
                const sample = SAMPLE_TRACES.find((s) => s.id === e.currentTarget.value);
                if (!sample) return;
                setSource({ name: sample.fileName, text: sample.make() });
                setMeaning(sample.kind);
              }}
            >
              <option value="">choose…</option>
              {SAMPLE_TRACES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        <textarea
          aria-label="Traffic data"
          spellCheck={false}
          placeholder={'time,value\n2026-11-16T00:00:00Z,120\n2026-11-16T00:01:00Z,131\n…'}
          value={source.text.length > 200_000 ? `${source.text.slice(0, 200_000)}\n…` : source.text}
          readOnly={source.text.length > 200_000}
          onChange={(e) => setSource({ name: '', text: e.currentTarget.value }, true)}
        />
        {source.name ? <small>{source.name}</small> : null}
        <fieldset className="import-row">
          <legend>What is it?</legend>
          <label>
            <input
              type="radio"
              name="meaning"
              checked={meaning === 'demand'}
              onChange={() => setMeaning('demand')}
            />{' '}
            total demand (requests/s, messages/s…)
          </label>
          <label>
            <input
              type="radio"
              name="meaning"
              checked={meaning === 'metric+replicas'}
              onChange={() => setMeaning('metric+replicas')}
            />{' '}
            a recorded metric + replica count (demand = metric × replicas × factor)
          </label>
        </fieldset>
        {meaning === 'metric+replicas' ? (
          <textarea
            aria-label="Replica count data"
            className="import-replicas"
            spellCheck={false}
            placeholder="Replica count over time (CSV or Prometheus), or leave empty when the CSV above has a replicas column"
            value={replicas}
            onChange={(e) => setReplicas(e.currentTarget.value)}
          />
        ) : null}
        <div className="import-row">
          <label>
            × factor{' '}
            <input
              aria-label="Scale factor"
              inputMode="decimal"
              value={factor}
              size={8}
              onChange={(e) => setFactor(e.currentTarget.value)}
            />
          </label>
          <label>
            starts at{' '}
            <input
              aria-label="Start offset in seconds"
              inputMode="numeric"
              value={offset}
              size={8}
              onChange={(e) => setOffset(e.currentTarget.value)}
            />{' '}
            s into the run
          </label>
          <label>
            <input
              type="checkbox"
              checked={setDuration}
              onChange={(e) => setSetDuration(e.currentTarget.checked)}
            />{' '}
            set the run's duration to the series
          </label>
        </div>
        {outcome?.ok && outcome.choices.length > 0 ? (
          <SeriesPicker
            choices={outcome.choices}
            total={outcome.seriesTotal}
            value={series}
            onChange={setSeries}
          />
        ) : null}
        {outcome && !outcome.ok && series !== 'sum' ? (
          <button className="btn" onClick={() => setSeries('sum')}>
            Take the sum of all series instead
          </button>
        ) : null}
        {outcome?.ok ? (
          <TracePreview
            points={outcome.points}
            label={outcome.choices.length > 0 ? outcome.label : undefined}
            parts={parts}
          />
        ) : null}
        {outcome && !outcome.ok ? <Issues title="Cannot import" issues={outcome.errors} /> : null}
        {outcome?.ok && outcome.warnings.length > 0 ? (
          <Issues title="Warnings" issues={outcome.warnings.slice(0, 20)} />
        ) : null}
        {applyError ? (
          <p role="alert" className="import-error">
            {applyError}
          </p>
        ) : null}
      </div>
      <footer>
        <button className="btn primary" disabled={!outcome?.ok} onClick={() => void apply()}>
          Apply to spec.traffic
        </button>
      </footer>
    </dialog>
  );
}

function Issues(props: { title: string; issues: LocatedImportIssue[] }) {
  return (
    <div role="alert" className="import-error" aria-label={props.title}>
      <strong>{props.title}</strong>
      <ul>
        {props.issues.map((i, k) => (
          <li key={k}>
            {i.source === 'replicas' ? 'replica count: ' : ''}
            {i.line !== undefined ? `line ${i.line}, column ${i.column ?? 1}: ` : ''}
            {i.path ? `at ${i.path}: ` : ''}
            {i.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
