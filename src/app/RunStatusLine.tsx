// The simulator's state in words ("up to date", "simulating…", "invalid — …"): in the toolbar and
// in the embed view's bar, where a lesson's change runs again.
import { useErrorCount, useIsStale, useRunStatus } from '../store/index.ts';

function statusText(
  kind: string,
  message: string | undefined,
  invalid: boolean,
  stale: boolean,
): string {
  if (message) return message;
  // "up to date" only when the charts show the text as it is now.
  if (invalid) return 'invalid — charts show the last valid scenario';
  if (kind === 'running') return 'simulating…';
  if (stale) return 'stale — charts show an older version';
  if (kind === 'idle') return 'up to date';
  return kind;
}

/**
 * The simulator's status: its own component, so the edits and replies that change it (a drag's
 * frame, each run) re-render this line and not the toolbar.
 */
export function RunStatusLine() {
  const status = useRunStatus();
  const invalid = useErrorCount() > 0;
  const stale = useIsStale();
  const text = statusText(
    status.kind,
    'message' in status ? (status.message as string | undefined) : undefined,
    invalid,
    stale,
  );
  // "invalid" and "— charts show …" apart: where the toolbar has no room for the sentence, its
  // CSS hides the rest from sight only (readers and the title keep the whole text) instead of
  // cutting a word in half.
  const cut = text.indexOf(' — ');
  return (
    <span
      className="status"
      role="status"
      aria-label="Simulator status"
      title={text}
      data-kind={invalid ? 'invalid' : stale && status.kind === 'idle' ? 'stale' : status.kind}
    >
      {cut > 0 ? (
        <>
          {text.slice(0, cut)}
          <span className="status-more">{text.slice(cut)}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}
