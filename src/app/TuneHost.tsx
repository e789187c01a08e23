// The Tune dialog with the text it searches: read only while the dialog is open, so a closed
// dialog does not re-render at each edit.
import { memo } from 'react';
import { TunePanel } from '../panels/tune/index.ts';
import { useActions, useParseSummary, useScenarioTextWhile } from '../store/index.ts';

export const TuneHost = memo(function TuneHost(props: { open: boolean; onClose(): void }) {
  const text = useScenarioTextWhile(props.open);
  const actions = useActions();
  const release = useParseSummary()?.release;
  return (
    <TunePanel
      open={props.open}
      text={text}
      release={release ? `Kubernetes ${release.label}` : undefined}
      onClose={props.onClose}
      onAddVariant={(name, patch) => actions.addVariant(name, patch)}
      onMakeHpa={(from, to, name, back) => actions.makeThisTheHpa(from, to, name, back)}
    />
  );
});
