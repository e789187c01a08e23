import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memberKey } from '../run/index.ts';
import { createSimulatorApi } from './api.ts';

const read = (path: string) => readFileSync(resolve(import.meta.dirname, path), 'utf8');
const failover = read('../presets/multicluster/failover.yaml');

describe('a multi-cluster run in the worker: decisions on demand and the CSV export', () => {
  it('answers a member HPA decision with the bounds it read and its own kubectl events', async () => {
    const api = createSimulatorApi();
    await api.run(1, failover);
    const east = await api.getSync(1, 0, memberKey('proposal', 'east'));
    expect(east).not.toBeNull();
    expect(east!.index).toBe(0);
    expect([east!.hpa.spec.minReplicas, east!.hpa.spec.maxReplicas]).toEqual([2, 16]);
    expect(east!.sync.currentReplicas).toBe(9);
    expect(east!.sync.trace.path).toBe('metrics');
    // After east fails (10m), west's HPA has the failover's bounds; east has no decision.
    const k = 600 / 15;
    const west = await api.getSync(1, k, memberKey('proposal', 'west'));
    expect([west!.hpa.spec.minReplicas, west!.hpa.spec.maxReplicas]).toEqual([2, 14]);
    expect(await api.getSync(1, k, memberKey('proposal', 'east'))).toBeNull();
    // A rescale shows in that member's own events.
    const up = (await api.getSync(1, 120, memberKey('proposal', 'west')))!;
    expect(up.events.some((e) => e.reason === 'SuccessfulRescale')).toBe(true);
  });

  it('answers the central FederatedHPA decision over the union of pods (shipped)', async () => {
    const api = createSimulatorApi();
    await api.run(1, failover);
    const central = await api.getSync(1, 0, memberKey('shipped', null));
    expect(central!.sync.currentReplicas).toBe(17);
    expect(central!.sync.pods.ready).toBe(17);
    expect(central!.hpa.spec.maxReplicas).toBe(30);
    // The shipped members run no HPA; the proposal has no central one; the total is no decision.
    expect(await api.getSync(1, 0, memberKey('shipped', 'east'))).toBeNull();
    expect(await api.getSync(1, 0, memberKey('proposal', null))).toBeNull();
    expect(await api.getSync(1, 0, 'main')).toBeNull();
    // An older run's id gets nothing.
    await api.run(2, failover);
    expect(await api.getSync(1, 0, memberKey('shipped', null))).toBeNull();
  });

  it('exports every model as CSV, a column group per cluster', async () => {
    const api = createSimulatorApi();
    await api.run(1, failover);
    const csv = (await api.exportCsv(1))!;
    const rows = csv.trimEnd().split('\n');
    expect(rows[0]!.startsWith('model,time,east.replicas,east.min,east.max')).toBe(true);
    expect(rows).toHaveLength(1 + 2 * 121);
    expect(rows[1]!.startsWith('proposal,0,9,2,16,')).toBe(true);
    expect(rows[122]!.startsWith('shipped,0,9,,,')).toBe(true);
  });
});
