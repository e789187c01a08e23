// The notice shown when the text has no Simulation document: what world the run assumed, and a
// one-click way to make it editable (the Simulation document that gives the same run, appended
// through the same path as typing, so Undo takes it back).
import { withSimulationDocument } from './insertSimulation.ts';

export function AssumedWorld(props: {
  /** the parse's ready-to-insert Simulation document (null: the text has one) */
  snippet: string | null;
  /** what that world is, in words */
  world: string | null;
  /** the text now (read on click: the notice does not re-render per edit) */
  getText(): string;
  onEdit(text: string): void;
}) {
  const snippet = props.snippet;
  if (!snippet) return null;
  // The world's summary is long (traffic, capacity, per-metric loads): one line and a disclosure,
  // so a pasted manifest keeps the editor's height.
  return (
    <div className="assumed-world" role="note" aria-label="Assumed world">
      <details>
        <summary>No Simulation document, so a default world is assumed.</summary>
        <span>{props.world}.</span>
      </details>
      <button
        className="btn"
        onClick={() => props.onEdit(withSimulationDocument(props.getText(), snippet))}
      >
        Insert this Simulation document
      </button>
    </div>
  );
}
