// `cli run` on a ScaledObject carries KEDA's part: per sync its step in JSON and the explanation,
// KEDA's writes as rows of the table, and KEDA's KPIs.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';

const preset = join(resolve(import.meta.dirname, '../presets'), 'keda-cooldown-to-zero.yaml');

function cli(...argv: string[]) {
  const out: string[] = [];
  const code = main(
    argv,
    (s) => out.push(s),
    () => {},
  );
  return { code, out: out.join('\n') };
}

describe('cli run on a ScaledObject', () => {
  it('JSON: KEDA per sync, its phases, writes and KPIs, min 0', () => {
    const r = cli('run', preset, '--format', 'json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const at420 = j.syncs.find((s: { time: number }) => s.time === 420);
    expect(at420.keda.writes).toEqual([{ time: 420, from: 7, to: 0, writer: 'deactivate' }]);
    expect(at420.explanation).toMatch(/^KEDA \(poll at 420s, every 30s\)/);
    expect(j.keda.kpis).toMatchObject({ timeAtZeroSeconds: 300, deactivations: 1 });
    expect(j.keda.phase[26]).toBe('cooldown');
    expect(j.keda.writes[28]).toBe(0);
    expect(j.series.minReplicas).toBe(0);
  });

  it('table: KEDA’s write is a row of its own, and KEDA’s KPI line ends the table', () => {
    const r = cli('run', preset);
    expect(r.out).toMatch(/00:07:00 {2}7→0 KEDA {2}0 .*KEDAScaleTargetDeactivated at 420s: 7 → 0/);
    expect(r.out).toContain('KEDA 2.20.2: time at zero 300s, activations 0, deactivations 1');
  });

  it('JSON: a sync with no HPA (KEDA paused) says so at the sync, not only in KEDA’s step', () => {
    const paused = join(
      resolve(import.meta.dirname, '../presets'),
      'keda-paused-replicas-hold.yaml',
    );
    const j = JSON.parse(cli('run', paused, '--format', 'json').out);
    const at = (t: number) => j.syncs.find((s: { time: number }) => s.time === t);
    // Paused from 10m to 20m: KEDA deleted the HPA.
    expect(at(900)).toMatchObject({ noHpa: true, keda: { noHpa: true } });
    expect(at(900).explanation).toContain('no HPA to reconcile');
    expect(at(300).noHpa).toBeUndefined();
    expect(at(1500).noHpa).toBeUndefined();
  });
});
