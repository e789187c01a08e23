// Which HPA of a many-document file to simulate. Shown only when the text holds several; the

// choice is the store's (kept per tab and carried by share links), the text is never touched.
import './paste.css';
import type { ScenarioSummary as ParseSummary } from '../../run/index.ts';

export function HpaPicker(props: {
  parse: ParseSummary | null;
  choice: string | null;
  onChoose(name: string | null): void;
}) {
  const choices = props.parse?.hpaChoices ?? [];
  if (choices.length < 2) return null;
  const selected = props.parse?.selectedHpa ?? '';
  // A choice the text no longer holds (renamed, deleted) falls back to the first HPA.
  const known = choices.some((c) => c.name === props.choice);
  return (
    <label className="hpa-picker">
      HPA{' '}
      <select
        aria-label="HPA to simulate"
        value={known ? (props.choice ?? '') : selected}
        onChange={(e) => {
          const index = e.currentTarget.selectedIndex;
          // The first HPA is the default: no choice to remember or to put in a link.
          props.onChoose(index === 0 ? null : e.currentTarget.value);
        }}
      >
        {choices.map((c, i) => (
          <option key={`${c.namespace}/${c.name}/${i}`} value={c.name}>
            {c.namespace ? `${c.namespace}/${c.name}` : c.name}
          </option>
        ))}
      </select>
      <small>
        {' '}
        {choices.length} HPAs in this file; {ignoredCount(props.parse)} other objects ignored
      </small>
    </label>
  );
}

function ignoredCount(parse: ParseSummary | null): number {
  return parse?.documents.filter((d) => d.role === 'ignored').length ?? 0;
}
