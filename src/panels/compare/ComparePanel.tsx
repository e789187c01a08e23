// The variants side by side: replicas of every run overlaid, every KPI in one table with the
// difference from the HPA and the better value marked, which run the explanation follows, and
// the reviewer's exports (a link that opens here, the table as Markdown for a pull request).
// The figures come from src/run/compare.ts, the same rows the CLI prints.

import { useEffect, useMemo, useRef, useState } from 'react';
import { variantDiffs, variantDiffsMarkdown } from '../../scenario/edit/index.ts';
import {
  compareRuns,
  comparisonMarkdown,
  type CompareFormat,
  type ComparedRun,
} from '../../run/compare.ts';
import { formatDuration } from '../../format/timeAxis.ts';

import { comparedRuns, parseMemberKey, variantOf } from '../../run/runKey.ts';
import { createShareLink } from '../../share/index.ts';
import {
  getScenarioText,
  useActions,
  useFocusedRun,
  useHpaChoice,
  useOpenedView,
  useResultText,
  useRuns,
  useScenarioTextWhile,
  useSearchDraws,
  useShownStaleWhile,
} from '../../store/index.ts';
import { compareStaleNote } from './staleNote.ts';
import { runColour } from '../../format/runColours.ts';
import { ReplicasOverlay } from './ReplicasOverlay.tsx';
import { VariantDiffs } from './VariantDiffs.tsx';
import './compare.css';

const COMPARE_FORMAT: CompareFormat = { duration: formatDuration };

export interface ComparePanelProps {
  /**
   * Saves the comparison's charts as a PNG (the page owns downloads): `root` is this panel, whose
   * overlay it draws. Without it the panel offers no PNG.
   */
  exportPng?: (root: HTMLElement) => Promise<void>;
  /**
   * Where this instance sits: 'bar' (a single run: just the button, inline in the charts' bar, so
   * the replicas chart fits at 1280×720) or 'page' (two runs or more: the whole comparison). The
   * page renders one of each; each shows only when its case holds.
   */
  placement?: 'bar' | 'page';
}

/** Under a variant's name, what it changes: "variant-2" alone says nothing. */
function VariantChanges({ changes }: { changes: readonly string[] | undefined }) {
  if (!changes) return null;
  if (changes.length === 0)
    return <span className="compare-changes">same as the HPA: edit its patch</span>;
  return (
    <span className="compare-changes" title={changes.join('\n')}>
      {changes.slice(0, 2).join('; ')}
      {changes.length > 2 ? `; +${changes.length - 2} more` : ''}
    </span>
  );
}

export function ComparePanel({ exportPng, placement = 'page' }: ComparePanelProps = {}) {
  const runs = useRuns();
  const focused = useFocusedRun();
  const hpaChoice = useHpaChoice();
  const actions = useActions();
  const openedView = useOpenedView();
  const [message, setMessage] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);
  // One per HPA: the HPA's and each variant's run, or a multi-cluster run's totals (runKey.ts).
  const listed = comparedRuns(runs);
  const compared: ComparedRun[] = listed.flatMap((r) =>
    r.result
      ? [
          {
            key: r.key,
            name: r.label,
            role: variantOf(r) === null ? 'hpa' : 'variant',
            kpis: r.result.kpis,
          },
        ]
      : [],
  );
  // A proposal model's total has no controller of its own to explain (its members' HPAs do).
  const explainable = (key: string) =>
    parseMemberKey(key)?.member !== null || parseMemberKey(key)?.model === 'shipped';
  // A run's colour is its own (src/run/types.ts RunIdentity), as on the charts.
  const colourOf = (key: string) => runColour(runs.find((r) => r.key === key)?.colour ?? 0);
  const changesOf = (key: string) => runs.find((r) => r.key === key)?.changes;
  const many = compared.length > 1;
  // After an edit the rows are the previous text's until the new runs land (staleNote.ts). Read
  // only with a table to mark: a single run's button does not re-render at each edit.
  const stale = useShownStaleWhile(many);
  const staleNote = compareStaleNote(stale, useResultText(), useScenarioTextWhile(stale));

  // A reviewer's link (#…&view=compare) opens on the comparison.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !many || openedView !== 'compare') return;
    opened.current = true;
    root.current?.scrollIntoView({ block: 'start' });
    root.current?.focus();
  }, [many, openedView]);

  async function duplicate() {
    setMessage(null);
    const error = await actions.duplicateAsVariant();
    setMessage(
      error
        ? `Could not add a variant: ${error}`
        : 'Added a variant: edit its patch under spec.variants.',
    );
  }

  async function copy(what: string, value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setMessage(`${what} copied.`);
    } catch {
      setMessage(`${what} could not be copied: select it below.`);
    }
  }

  // The draws the latest Tune search judged at go with the link (`&tune=`), so a reviewer who
  // searches again gets the same answer.
  const tuned = useSearchDraws();
  async function reviewerLink() {
    const tune = tuned
      ? { draws: tuned.count, percentile: tuned.percentile, seed: tuned.seed }
      : null;
    const link = await createShareLink(getScenarioText(), {
      hpa: hpaChoice,
      view: 'compare',
      tune,
    });
    if (!link.ok) return setMessage(link.error);
    await copy('Reviewer link', link.url);
  }

  async function png() {
    if (!exportPng || !root.current) return;
    try {
      await exportPng(root.current);
      setMessage('PNG saved.');
    } catch (e) {
      setMessage(`The PNG could not be made: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  // Each variant as a diff from the HPA as written, for the reader of the table and the PR; read
  // from the text when the runs arrive (not per keystroke).
  const diffs = useMemo(() => {
    const text = getScenarioText();
    return { text, list: runs.length > 1 ? variantDiffs(text, hpaChoice ?? undefined) : [] };
  }, [runs, hpaChoice]);
  if ((placement === 'bar') === many) return null;
  // Durations as the KPI strip shows them ("4 min 30 s"), not raw seconds.
  const rows = many ? compareRuns(compared, COMPARE_FORMAT) : [];
  const markdown = many
    ? comparisonMarkdown(compared, '', COMPARE_FORMAT) + variantDiffsMarkdown(diffs.list)
    : '';
  return (
    <section
      ref={root}
      tabIndex={-1}
      className={placement === 'bar' ? 'compare compare-inline' : 'compare'}
      aria-label="Variants side by side"
    >
      <div className="compare-bar">
        {many ? <h2>Variants side by side</h2> : null}
        <button
          type="button"
          onClick={duplicate}
          title="Add a variant to spec.variants: a copy of the HPA's behavior, to edit"
        >
          Duplicate as variant
        </button>
        {many ? (
          <>
            <button
              type="button"
              onClick={reviewerLink}
              title="A share link that opens on this comparison"
            >
              Copy reviewer link
            </button>
            <button
              type="button"
              onClick={() => copy('Markdown table', markdown)}
              title="The KPI table as Markdown, for a pull request"
            >
              Copy as Markdown
            </button>
            {exportPng ? (
              <button
                type="button"
                onClick={() => void png()}
                title="The comparison's charts as one PNG: every run's replicas, then the charts with the variants"
              >
                Save charts as PNG
              </button>
            ) : null}
          </>
        ) : null}
        {message ? (
          <span className="compare-message" role="status">
            {message}
          </span>
        ) : null}
      </div>
      {many ? (
        <>
          {staleNote ? (
            <p role="status" className="compare-stale">
              {staleNote}
            </p>
          ) : null}
          <ReplicasOverlay runs={listed} />
          <table className={staleNote ? 'compare-table is-stale' : 'compare-table'}>
            <thead>
              <tr>
                <th scope="col">KPI</th>
                {compared.map((r, i) => (
                  <th scope="col" key={r.key} style={{ borderTopColor: colourOf(r.key) }}>
                    <span className="compare-run">{r.name}</span>
                    <span className="compare-role">{i === 0 ? 'the HPA' : 'variant'}</span>
                    {i > 0 ? <VariantChanges changes={changesOf(r.key)} /> : null}
                    {explainable(r.key) ? (
                      <label
                        className="compare-explain"
                        title="The explanation panel explains this run"
                      >
                        <input
                          type="radio"
                          name="explain-run"
                          checked={focused === r.key}
                          onChange={() => actions.focusRun(r.key)}
                        />{' '}
                        explain
                      </label>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-kpi={row.id}>
                  <th scope="row">
                    {row.label}
                    {row.unit ? ` (${row.unit})` : ''}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td
                      key={i}
                      className={row.best.includes(i) ? 'best' : undefined}
                      title={row.best.includes(i) ? 'the better value' : undefined}
                    >
                      {cell}
                      {row.best.includes(i) ? ' ✓' : ''}
                      {i > 0 && row.deltas[i] !== '±0' ? (
                        <span className="compare-delta"> {row.deltas[i]}</span>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <VariantDiffs text={diffs.text} diffs={diffs.list} stale={stale} />
          <details className="compare-markdown">
            <summary>Markdown for a pull request</summary>
            <textarea
              readOnly
              value={markdown}
              rows={Math.min(16, rows.length + 5)}
              aria-label="Comparison as Markdown"
            />
          </details>
        </>
      ) : null}
    </section>
  );
}
