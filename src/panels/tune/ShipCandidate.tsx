// Leave with a tuned candidate: "Export as HPA manifest" downloads the HPA as written with the
// candidate's patch merged (comments and formatting kept, the server's fields of a pasted dump
// dropped: the text `cli tune` prints), "Copy manifest" puts the same text on the clipboard,
// "Copy as a diff" a unified diff against the HPA as written (for a pull request). "Make this the
// HPA" writes it into the editor (one undo step) and keeps the HPA as it was as a variant, so the
// comparison stays. "Export for CI" downloads the whole scenario with the candidate as its HPA
// (the imported traffic and the world kept) and shows the `check` command with the search's
// goals, so CI gates on the same figures. A candidate whose patch no longer applies to the
// scenario as it is (src/tune/applies.ts) has every action disabled, with the reason.

import { useState } from 'react';
import { tunedManifest } from '../../scenario/edit/index.ts';
import type { ConstraintResult } from '../../tune/goals.ts';
import type { DrawsGoal } from '../../tune/drawsGoal.ts';
import { ciCommand } from './ciCommand.ts';

export interface ShipCandidateProps {
  /** the text the search ran (the figures are its) */
  text: string;
  /** the candidate's merge patch over the HPA's spec */
  patch: Record<string, unknown>;
  /** names the file and the messages: "tuned-12" */
  label: string;
  /** the HPA searched, when the text holds several */
  hpa?: string | null | undefined;
  /** the search's goals, as the candidate met them: the CI command's flags (none: no CI export) */
  constraints?: readonly ConstraintResult[] | undefined;
  /** the draws the search judged at: the CI command checks over the same ones */
  draws?: DrawsGoal | null | undefined;
  /** why the patch no longer applies to the editor's text (null: it does) */
  problem?: string | null | undefined;
  onMakeHpa?: MakeHpa | undefined;
}

/** Replaces the text (`from` → `to`) and keeps the old HPA as variant `name` (patch `back`). */
export type MakeHpa = (
  from: string,
  to: string,
  name: string,
  back: Record<string, unknown>,
) => Promise<string | null>;

function download(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/yaml;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ShipCandidate(props: ShipCandidateProps) {
  const { text, patch, label, onMakeHpa, problem } = props;
  const [message, setMessage] = useState<string | null>(null);
  const [command, setCommand] = useState<string | null>(null);
  const manifest = () => {
    const r = tunedManifest(text, patch, props.hpa ?? undefined);
    if (!r.ok) setMessage(`${label}: ${r.error}`);
    return r;
  };
  const copy = (what: string, value: string) =>
    navigator.clipboard.writeText(value).then(
      () => setMessage(`${label}: ${what} copied`),
      () => setMessage(`${label}: the clipboard refused; use Export instead`),
    );
  const action = (name: string, title: string, run: () => void) => (
    <button
      type="button"
      className="btn"
      disabled={!!problem}
      title={problem ? `No longer applies: ${problem}` : title}
      onClick={(e) => {
        e.stopPropagation();
        run();
      }}
    >
      {name}
    </button>
  );
  return (
    <span className="tune-ship">
      {action(
        'Export as HPA manifest',
        "Download the HPA as written with this candidate's changes (kubectl apply -f)",
        () => {
          const r = manifest();
          if (!r.ok) return;
          download(`${r.name}-${label}.yaml`, r.yaml);
          setMessage(`${label}: downloaded ${r.name}-${label}.yaml`);
        },
      )}
      {action('Copy manifest', 'The same manifest, on the clipboard', () => {
        const r = manifest();
        if (r.ok) void copy('manifest', r.yaml);
      })}
      {action(
        'Copy as a diff',
        'A unified diff from the HPA as written, ready for a pull request',
        () => {
          const r = manifest();
          if (r.ok) void copy('diff', r.diff);
        },
      )}
      {props.constraints
        ? action(
            'Export for CI',
            'Download the whole scenario (its traffic and world) with this candidate as the HPA, and the check command that gates it on the search’s goals',
            () => {
              const r = manifest();
              if (!r.ok) return;
              const file = `${r.name}-${label}.scenario.yaml`;
              download(file, r.text);
              setCommand(ciCommand(file, props.constraints!, props.draws ?? null));
              setMessage(`${label}: downloaded ${file}; gate it in CI with the command below`);
            },
          )
        : null}
      {onMakeHpa
        ? action(
            'Make this the HPA',
            "Write this candidate into the editor's HPA (one undo step); the HPA as it was stays as a variant",
            () => {
              const r = manifest();
              if (!r.ok) return;
              const kept = `before-${label}`;
              void onMakeHpa(text, r.text, kept, r.inverse).then((error) =>
                setMessage(
                  error
                    ? `${label}: ${error}`
                    : `${label} is now the HPA; the HPA as it was is variant ${kept}`,
                ),
              );
            },
          )
        : null}
      {message ? (
        <span role="status" className="tune-ship-message">
          {message}
        </span>
      ) : null}
      {command ? (
        <span className="tune-ci" onClick={(e) => e.stopPropagation()}>
          <input
            readOnly
            aria-label={`The command to gate ${label} in CI`}
            value={command}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn" onClick={() => void copy('command', command)}>
            Copy command
          </button>
        </span>
      ) : null}
    </span>
  );
}
