// The toolbar's "Import traffic" button, its dialog, and the page-wide file drop that opens it.
import { useCallback, useState } from 'react';
import { ImportDialog, type ImportSource } from './ImportDialog.tsx';
import { useFileDrop } from './useFileDrop.ts';

export function ImportTraffic(props: {
  /** the text now: read when the dialog is open, so the button does not re-render per edit */
  getScenarioText(): string;
  defaultSimulation: string | null;
  onApply(text: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [initial, setInitial] = useState<ImportSource | null>(null);
  const { onApply } = props;
  const onFile = useCallback(
    (file: ImportSource | { error: string }) => {
      // A dropped manifest is a scenario, not traffic: it replaces the text (Undo brings it back).
      if (!('error' in file) && /\.ya?ml$/i.test(file.name)) return onApply(file.text);
      setInitial('error' in file ? { name: '', text: '' } : file);
      setOpen(true);
    },
    [onApply],
  );
  useFileDrop(onFile);
  return (
    <>
      <button
        className="btn"
        onClick={() => setOpen(true)}
        title="Import traffic: CSV or Prometheus → spec.traffic (or drop a file on the page)"
        aria-label="Import traffic"
      >
        Import…
      </button>
      <ImportDialog
        open={open}
        initial={initial}
        scenarioText={open ? props.getScenarioText() : ''}
        defaultSimulation={props.defaultSimulation}
        onApply={props.onApply}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
