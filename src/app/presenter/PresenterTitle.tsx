// Presenter mode's title over the charts (the editor, which shows the name and description, is
// folded): the scenario's name and the first sentence of its "what to notice".
import type { ScenarioSummary } from '../../run/index.ts';
import { firstSentence } from './firstSentence.ts';

export function PresenterTitle({ parse }: { parse: ScenarioSummary | null }) {
  if (!parse?.name && !parse?.description) return null;
  return (
    <p className="presenter-title" title={parse.description || undefined}>
      <strong>{parse.name || 'Scenario'}</strong>
      {parse.description ? <> — {firstSentence(parse.description)}</> : null}
    </p>
  );
}
