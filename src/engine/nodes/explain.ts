// The node plane in words: its KPIs, and what a rescale's pods waited for (the part of a
// reaction time that is the nodes', not the HPA's). Shared by the CLI and the app.

import type { NodeEvent } from './events.ts';
import type { NodeRun } from './result.ts';

const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d;

function clock(t: number): string {
  const s = Math.max(0, Math.round(t));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

/** The node KPIs as two lines of text. */
export function nodeKpiLines(n: NodeRun): string[] {
  const k = n.kpis;
  const cost =
    k.cost === null ? '' : `, cost $${round(k.cost)} ($${round(k.costPerMonth ?? 0)}/month)`;
  const waited =
    k.podsWaited === 0
      ? 'no pod waited for a node'
      : `${k.podsWaited} pod${k.podsWaited === 1 ? '' : 's'} waited for a node: longest ${round(k.waitMaxSeconds, 0)}s, mean ${round(k.waitMeanSeconds, 0)}s`;
  const each = n.groups
    ? `node groups ${n.groups.map((g) => `${g.name} (${g.podsPerNode} pods each, final ${g.finalNodes})`).join(', ')}`
    : `${n.podsPerNode} pods each`;
  const what = n.members
    ? n.members.map((m) => `${m.name}: ${m.provisioner}, ${m.podsPerNode} pods each`).join('; ')
    : `${n.provisioner}, ${each}`;
  return [
    `nodes (${what}): node-hours ${round(k.nodeHours, 3)}${cost}, peak ${k.peakNodes}, final ${k.finalNodes}, ${k.scaleUps} scale-ups, ${k.scaleDowns} removals`,
    waited,
  ];
}

/** Every node event as a line: `00:10:20  cluster-autoscaler: …`. */
export function nodeEventLines(n: NodeRun): string[] {
  return n.events.map((e) => `${clock(e.time)}  ${e.message}`);
}

export interface NodeWait {
  /** the scale-up(s) that answered the rescale's pods, and when their nodes turned Ready */
  scaleUps: NodeEvent[];
  ready: NodeEvent[];
  /** seconds the rescale's pods waited for a node, at most (0: none waited) */
  waitedSeconds: number;
  text: string;
}

/**
 * What the pods of a rescale at `from` waited for, up to `until` (the next rescale or the
 * settling sync): the provisioner's scale-ups in that span and the Ready instants of their nodes.
 * Null when no pod waited for a node then.
 */
export function nodeWaitAfter(n: NodeRun, from: number, until: number): NodeWait | null {
  const ups = n.events.filter((e) => e.kind === 'scale-up' && e.time >= from && e.time <= until);
  const names = new Set(ups.flatMap((e) => e.nodes));
  const ready = n.events.filter(
    (e) => e.kind === 'node-ready' && e.pods > 0 && names.has(e.nodes[0]!),
  );
  const blocked = n.events.find(
    (e) => (e.kind === 'max-size' || e.kind === 'no-fit') && e.time >= from && e.time <= until,
  );
  if (ups.length === 0 && !blocked) return null;
  const lastReady = ready.length > 0 ? Math.max(...ready.map((e) => e.time)) : null;
  const waitedSeconds = lastReady === null ? 0 : lastReady - from;
  const asked = ups
    .map((e) => `${e.nodes.join(', ')} at ${clock(e.time)} (+${round(e.time - from, 0)}s)`)
    .join('; ');
  const readyText = ready
    .map((e) => `${e.nodes[0]} Ready at ${clock(e.time)} (+${round(e.time - from, 0)}s)`)
    .join('; ');
  const parts = [];
  if (ups.length > 0)
    parts.push(
      `pods waited up to ${round(waitedSeconds, 0)}s for a node: ${n.provisioner} asked for ${asked}${readyText ? `; ${readyText}` : ''}`,
    );
  if (blocked) parts.push(blocked.message);
  return { scaleUps: ups, ready, waitedSeconds, text: parts.join('. ') };
}
