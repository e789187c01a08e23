// The notice shown when the text has no Simulation document: what world the run assumed, and a
// one-click way to make it editable (the Simulation document that gives the same run, appended
// through the same path as typing, so Undo takes it back).
import type { ScenarioSummary as ParseSummary } from '../../run/index.ts';
import { withSimulationDocument } from './insertSimulation.ts';

export function AssumedWorld(props: {
  parse: ParseSummary | null;
  /** the text now (read on click: the notice does not re-render per edit) */
  getText(): string;
  onEdit(text: string): void;
}) {
  const snippet = props.parse?.defaultSimulation;
  if (!snippet) return null;
  return (
    <div className="assumed-world" role="note" aria-label="Assumed world">
      <span>
        No Simulation document, so a default world is assumed: {props.parse?.defaultWorld}.
      </span>{' '}
      <button
        className="btn"
        onClick={() => props.onEdit(withSimulationDocument(props.getText(), snippet))}
      >
        Insert this Simulation document
      </button>
    </div>
  );
}
