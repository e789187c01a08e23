// A file over the size limit (a namespace's `kubectl get … -o yaml` dump): the parse refused it,
// and offers the same file cut down to its autoscalers and the workloads they scale. One click
// replaces the text (through the same path as typing: Undo takes it back) and it simulates.
const kb = (chars: number) => Math.max(1, Math.ceil(chars / 1024));

export function TrimOffer(props: {
  /** the parse's cut-down file (undefined: none offered) */
  trimmed: string | undefined;
  /** the text now, to say how large it is */
  textLength: number;
  onEdit(text: string): void;
}) {
  const trimmed = props.trimmed;
  if (!trimmed) return null;
  const mb = (props.textLength / 1024 / 1024).toFixed(1);
  return (
    <div className="trim-offer" role="alert">
      <p>
        This file is {mb} MB, more than a scenario may hold. It has an autoscaler: keep that and
        what it scales, and drop the rest.
      </p>
      <button className="btn primary" onClick={() => props.onEdit(trimmed)}>
        Keep only the autoscalers and the workloads they scale ({kb(trimmed.length)} KB)
      </button>
    </div>
  );
}
