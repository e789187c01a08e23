/** The release table (src/engine/controller/releases.ts) as hover text for the schema. */
import { KUBERNETES_RELEASES, RELEASES, type GateName } from '../../engine/controller/index.ts';

export const releaseList = KUBERNETES_RELEASES.map((v) => ({
  version: v,
  label: RELEASES[v].label,
  summary: `${RELEASES[v].changes.join('; ')}.`,
}));

/** "Alpha (off) in 1.33–1.34, beta (on) in 1.35–1.36, GA (locked on) from 1.37." */
export function gateHistory(gate: GateName): string {
  const spans: { text: string; from: string; to: string }[] = [];
  for (const v of KUBERNETES_RELEASES) {
    const g = RELEASES[v].gates[gate];
    if (!g) continue;
    const stage = g.stage === 'GA' ? 'GA' : g.stage.toLowerCase();
    const text = `${stage} (${g.locked ? 'locked on' : g.default ? 'on' : 'off'})`;
    const last = spans[spans.length - 1];
    if (last && last.text === text) last.to = v;
    else spans.push({ text, from: v, to: v });
  }
  const newest = KUBERNETES_RELEASES[KUBERNETES_RELEASES.length - 1];
  const parts = spans.map((s) =>
    s.to === newest
      ? `${s.text} from ${s.from}`
      : s.from === s.to
        ? `${s.text} in ${s.from}`
        : `${s.text} in ${s.from}–${s.to}`,
  );
  const first = parts.join(', ');
  return `${first.charAt(0).toUpperCase()}${first.slice(1)}.`;
}
