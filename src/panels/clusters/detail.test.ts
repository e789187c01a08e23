import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../../worker/api.ts';
import { federationView } from '../../store/federationView.ts';
import { clusterRows, eventsAt, kindClass, lastEventBefore } from './detail.ts';

const text = readFileSync(
  resolve(import.meta.dirname, '../../presets/multicluster/failover.yaml'),
  'utf8',
);
const federation = federationView((await createSimulatorApi().run(1, text)).runs)!;
const [proposal, shipped] = federation.models;
const sync = (t: number) => Array.from(proposal!.time).indexOf(t);

describe('the clusters panel at one sync', () => {
  it('lists each cluster: replicas, bounds (proposal only), failed, demand share', () => {
    const rows = clusterRows(proposal!, sync(600));
    expect(rows.map((r) => [r.name, r.failed, r.replicas, r.bounds])).toEqual([
      ['east', true, 0, null],
      ['west', false, 3, { min: 2, max: 14 }],
      ['south', false, 5, { min: 2, max: 16 }],
    ]);
    const before = clusterRows(proposal!, sync(300));
    expect(before.reduce((s, r) => s + r.sharePercent!, 0)).toBeCloseTo(100, 0);
    expect(clusterRows(shipped!, sync(300)).every((r) => r.bounds === null)).toBe(true);
  });

  it('gives the events of a sync, or the last one before it', () => {
    const at600 = eventsAt(shipped!.events, sync(600));
    expect(at600.map((e) => e.kind)).toEqual(['failure', 'division']);
    expect(eventsAt(shipped!.events, sync(300))).toEqual([]);
    expect(lastEventBefore(shipped!.events, sync(300))?.kind).toBe('initial');
    expect(lastEventBefore(shipped!.events, 0)).toBeNull();
  });

  it('colours trouble apart from quota moves and divisions', () => {
    expect(
      ['failure', 'failover', 'division', 'recovery'].map((k) => kindClass(k as never)),
    ).toEqual(['trouble', 'move', 'division', 'other']);
  });
});
