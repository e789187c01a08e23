// A control-plane event in one plain sentence, for the docked explanation (pure, tested without a
// DOM): what happened and what it did to each cluster, read from the lanes' own numbers before and
// after the sync (bounds, replicas), so no rule number or "2/16 at 3" shorthand comes first. The
// rule and its arithmetic stay one click away, behind a disclosure.

import type { ClusterEvent } from '../../run/index.ts';
import type { FederationModelView } from '../../store/index.ts';

interface Bounds {
  min: number;
  max: number;
}

function boundsAt(m: FederationModelView, name: string, k: number): Bounds | null {
  const c = m.clusters.find((x) => x.name === name);
  if (!c || k < 0 || k >= m.time.length) return null;
  const max = c.maxReplicas[k]!;
  return Number.isNaN(max) ? null : { min: c.minReplicas[k]!, max };
}

function replicasAt(m: FederationModelView, name: string, k: number): number | null {
  const c = m.clusters.find((x) => x.name === name);
  return c && k >= 0 && k < m.time.length ? c.specReplicas[k]! : null;
}

/** "a", "a and b", "a, b and c" */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

/** How a seed-design policy divides quota, in words. */
function byPolicy(policy: string): string {
  switch (policy) {
    case 'DynamicWeighted':
      return 'in proportion to their free room';
    case 'StaticWeighted':
      return 'by their weights';
    case 'Aggregated':
      return 'filling the one with the most room first';
    case 'Prioritized':
      return 'in priority order';
    default:
      return 'among them';
  }
}

/** Each named cluster's bounds before and after sync k: "west min 1 → 2, max 6 → 14". */
function boundsMoves(m: FederationModelView, names: readonly string[], k: number): string[] {
  const out: string[] = [];
  for (const name of names) {
    const a = boundsAt(m, name, k - 1);
    const b = boundsAt(m, name, k);
    if (!b) continue;
    if (!a) {
      out.push(`${name} gets min ${b.min} / max ${b.max}`);
      continue;
    }
    const parts: string[] = [];
    if (a.min !== b.min) parts.push(`min ${a.min} → ${b.min}`);
    if (a.max !== b.max) parts.push(`max ${a.max} → ${b.max}`);
    if (parts.length) out.push(`${name} ${parts.join(', ')}`);
  }
  return out;
}

function replicaMoves(m: FederationModelView, names: readonly string[], k: number): string[] {
  const out: string[] = [];
  for (const name of names) {
    const a = replicasAt(m, name, k - 1);
    const b = replicasAt(m, name, k);
    if (a !== null && b !== null && a !== b) out.push(`${name} ${a} → ${b}`);
  }
  return out;
}

function policyOf(e: ClusterEvent, m: FederationModelView): string {
  return /\(([A-Za-z]+)\)/.exec(e.rule)?.[1] ?? m.policy;
}

/** One plain sentence for event `e` of model `m`. */
export function eventSentence(m: FederationModelView, e: ClusterEvent): string {
  const k = e.sync;
  const [first = '', ...rest] = e.clusters;
  switch (e.kind) {
    case 'failover': {
      const lost = boundsAt(m, first, k - 1);
      const gains = rest.flatMap((name) => {
        const a = boundsAt(m, name, k - 1);
        const b = boundsAt(m, name, k);
        if (!a || !b) return [];
        return [
          `${name} gained min ${signed(b.min - a.min)} / max ${signed(b.max - a.max)} (now ${b.min}–${b.max})`,
        ];
      });
      const policy = policyOf(e, m);
      if (policy === 'Duplicated')
        return `${first} failed; under Duplicated there was nothing to split: ${listOf(rest)} keep their bounds.`;
      const had = lost ? `its HPA bounds min ${lost.min} / max ${lost.max}` : 'its share';
      return `${first} failed; ${had} were split between ${listOf(rest)} ${byPolicy(policy)}: ${listOf(gains)}.`;
    }
    case 'failure':
      return m.model === 'shipped'
        ? `${first} failed: it leaves the FederatedHPA's Ready clusters and the scheduler places nothing there.`
        : `${first} failed: its pods no longer serve.`;
    case 'recovery': {
      const now = m.model === 'proposal' ? boundsMoves(m, e.clusters, k) : [];
      return now.length
        ? `${listOf(recoveredNames(m, e))} recovered, so the bounds were assigned again: ${listOf(now)}.`
        : `${listOf(recoveredNames(m, e))} recovered and can take replicas again.`;
    }
    case 'spill-over':
    case 'trigger-optimize': {
      const moves = boundsMoves(m, e.clusters, k);
      return `${first}'s pods waited too long for a node, so its unused quota moved on: ${listOf(moves)}.`;
    }
    case 'optimize':
      return `The room no cluster used was pooled and divided again: ${listOf(boundsMoves(m, e.clusters, k))}.`;
    case 'priority-scale-down':
      return `${first} reached its minimum, so its unused quota went to ${rest[0] ?? 'the top cluster'}: ${listOf(boundsMoves(m, e.clusters, k))}.`;
    case 'scale-to-zero':
      return `Every cluster sat at its minimum with the load below target, so ${first} was scaled to zero.`;
    case 'scale-from-zero':
      return `Load came back, so ${listOf(e.clusters)} ${e.clusters.length === 1 ? 'restarts' : 'restart'}: ${listOf(replicaMoves(m, e.clusters, k))}.`;
    case 'initial':
      return m.model === 'proposal'
        ? `At the start the control plane gave each member HPA its bounds: ${listOf(
            m.clusters.flatMap((c) => {
              const b = boundsAt(m, c.name, k);
              return b ? [`${c.name} min ${b.min} / max ${b.max}`] : [];
            }),
          )}.`
        : `At the start the scheduler divided the replicas: ${listOf(
            m.clusters.map((c) => `${c.name} ${replicasAt(m, c.name, k)}`),
          )}.`;
    case 'division': {
      const moves = replicaMoves(
        m,
        m.clusters.map((c) => c.name),
        k,
      );
      return moves.length
        ? `The scheduler divided the replicas again: ${listOf(moves)}.`
        : 'The scheduler divided the replicas again; no cluster changed.';
    }
    case 'calibration': {
      const c = /calibration (\d+) \(was (\d+)\)/.exec(e.message);
      return c
        ? `${c[1]} Ready clusters now run the whole template, so the FederatedHPA divides each proposal by ${c[1]} (it was ${c[2]}).`
        : e.message;
    }
    default:
      return e.message;
  }
}

function recoveredNames(m: FederationModelView, e: ClusterEvent): string[] {
  const back = e.clusters.filter((name) => {
    const c = m.clusters.find((x) => x.name === name);
    return c && e.sync > 0 && c.failed[e.sync - 1] === 1 && c.failed[e.sync] === 0;
  });
  return back.length ? back : [e.message.split(' ')[0] ?? 'a cluster'];
}
