// The Tune dialog. The search reads the scenario's text from the store when it starts, so the
// dialog never re-renders at each edit.
import { memo } from 'react';
import { TunePanel } from '../panels/tune/index.ts';
import { useActions, useReleaseLabel } from '../store/index.ts';

export const TuneHost = memo(function TuneHost(props: { open: boolean; onClose(): void }) {
  const actions = useActions();
  // A string: a new parse naming the same release re-renders nothing here.
  const release = useReleaseLabel();
  return (
    <TunePanel
      open={props.open}
      release={release ?? undefined}
      onClose={props.onClose}
      onAddVariant={(name, patch) => actions.addVariant(name, patch)}
      onMakeHpa={(from, to, name, back) => actions.makeThisTheHpa(from, to, name, back)}
    />
  );
});
