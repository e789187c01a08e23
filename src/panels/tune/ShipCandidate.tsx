// Leave with a tuned candidate: "Export as HPA manifest" downloads the HPA as written with the
// candidate's patch merged (comments and formatting kept: the text `cli tune` prints), "Copy
// manifest" puts the same text on the clipboard, "Copy as a diff" a unified diff against the HPA
// as written (for a pull request). "Make this the HPA" writes it into the editor (one undo step)
// and keeps the HPA as it was as a variant, so the comparison stays. The editor may have changed since the search:
// then the message says why the candidate no longer applies instead of exporting a wrong file.

import { useState } from 'react';
import { tunedManifest } from '../../scenario/edit/index.ts';

export interface ShipCandidateProps {
  /** the editor's current text */
  text: string;
  /** the candidate's merge patch over the HPA's spec */
  patch: Record<string, unknown>;
  /** names the file and the messages: "tuned-12" */
  label: string;
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

export function ShipCandidate({ text, patch, label, onMakeHpa }: ShipCandidateProps) {
  const [message, setMessage] = useState<string | null>(null);
  const manifest = () => {
    const r = tunedManifest(text, patch);
    if (!r.ok) setMessage(`${label}: ${r.error}`);
    return r;
  };
  return (
    <span className="tune-ship">
      <button
        type="button"
        className="btn"
        title="Download the HPA as written with this candidate's changes (kubectl apply -f)"
        onClick={(e) => {
          e.stopPropagation();
          const r = manifest();
          if (!r.ok) return;
          download(`${r.name}-${label}.yaml`, r.yaml);
          setMessage(`${label}: downloaded ${r.name}-${label}.yaml`);
        }}
      >
        Export as HPA manifest
      </button>
      <button
        type="button"
        className="btn"
        onClick={(e) => {
          e.stopPropagation();
          const r = manifest();
          if (!r.ok) return;
          navigator.clipboard.writeText(r.yaml).then(
            () => setMessage(`${label}: manifest copied`),
            () => setMessage(`${label}: the clipboard refused; use Export instead`),
          );
        }}
      >
        Copy manifest
      </button>
      <button
        type="button"
        className="btn"
        title="A unified diff from the HPA as written, ready for a pull request"
        onClick={(e) => {
          e.stopPropagation();
          const r = manifest();
          if (!r.ok) return;
          navigator.clipboard.writeText(r.diff).then(
            () => setMessage(`${label}: diff copied`),
            () => setMessage(`${label}: the clipboard refused; use Export instead`),
          );
        }}
      >
        Copy as a diff
      </button>
      {onMakeHpa ? (
        <button
          type="button"
          className="btn"
          title="Write this candidate into the editor's HPA (one undo step); the HPA as it was stays as a variant"
          onClick={(e) => {
            e.stopPropagation();
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
          }}
        >
          Make this the HPA
        </button>
      ) : null}
      {message ? (
        <span role="status" className="tune-ship-message">
          {message}
        </span>
      ) : null}
    </span>
  );
}
