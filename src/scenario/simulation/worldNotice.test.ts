import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FullSimulationResult } from '../../engine/simulation/index.ts';
import { runScenario } from '../../run/index.ts';
import { parseScenario } from '../index.ts';
import { STOCK_WORLD_NOTICE } from './worldNotice.ts';

// Story 4: cpu target 60 %, traffic steps from 100 to 400 units at 300 s (a sync instant). The
// idealised world before the real-cluster one read 400 at 05:00 and scaled then
// (shared/WORLD-FIDELITY.md D1).
const STORY_4 = readFileSync(
  resolve(import.meta.dirname, '../../presets/story-4-no-scale-down.yaml'),
  'utf8',
);
const withPipeline = (pipeline: string) =>
  STORY_4.replace(/^ {2}duration: 40m$/m, `  duration: 40m\n  metricsPipeline: ${pipeline}`);

function run(text: string): FullSimulationResult {
  const r = runScenario(text, { record: 'full' }).runs[0];
  if (!r?.ok) throw new Error('the scenario does not run');
  return r.result as FullSimulationResult;
}
const utilizationAt = (r: FullSimulationResult, t: number) =>
  r.syncs.find((s) => s.time === t)!.trace.metrics![0]!.currentUtilization;
const firstRescale = (r: FullSimulationResult) => r.syncs.find((s) => s.rescaled && s.time > 0)!;

describe('the notice on a Simulation document that leaves the metrics pipeline to its defaults', () => {
  it('is a notice, not an editor marker, and only when spec.metricsPipeline is not set', () => {
    const r = parseScenario(STORY_4);
    expect(r.ok).toBe(true);
    expect(r.notices).toContain(STOCK_WORLD_NOTICE);
    // A valid scenario shows no marker in the editor (e2e/editor.spec.ts).
    expect(r.diagnostics).toEqual([]);
    for (const pipeline of ['{ offset: 0s }', '{ resolution: 15s }']) {
      const set = parseScenario(withPipeline(pipeline));
      expect(set.ok).toBe(true);
      expect(set.notices).not.toContain(STOCK_WORLD_NOTICE);
    }
  });

  it('is not given without a Simulation document (the default world has its own notice)', () => {
    const hpaOnly = STORY_4.split('\n---\n')[0]!;
    const r = parseScenario(hpaOnly);
    expect(r.notices).not.toContain(STOCK_WORLD_NOTICE);
    expect(r.notices.some((n) => n.startsWith('no Simulation document'))).toBe(true);
  });

  it('is given to a migrated older document too', () => {
    const old = STORY_4.replace('hpa-sim.dev/v1alpha1', 'hpa-sim.dev/v1alpha0').replace(
      /^ {2}duration: 40m$/m,
      '  durationSeconds: 2400',
    );
    const r = parseScenario(old);
    expect(r.ok).toBe(true);
    expect(r.notices[0]).toMatch(/^migrated from hpa-sim.dev\/v1alpha0/);
    expect(r.notices).toContain(STOCK_WORLD_NOTICE);
  });

  it('says what the run shows: a step is acted on a sync after it, and offset 0s aligns the scrapes', () => {
    const stock = run(STORY_4);
    const aligned = run(withPipeline('{ offset: 0s }'));
    // Stock: the 05:00 sync still reads the old load; the scale-up comes a sync later.
    expect(utilizationAt(stock, 300)).toBe(50);
    expect(firstRescale(stock).time).toBe(315);
    // The 05:15 reading is the rate over 04:52–05:07, part before the step and part after.
    expect(utilizationAt(stock, 315)).toBeGreaterThan(50);
    expect(utilizationAt(stock, 315)).toBeLessThan(200);
    // offset 0s: each sync reads the rate over the 15 s before it, so 05:15 reads the full step
    // (400 units × 5m over 2 pods of 500m = 200 %), and 05:00 still the old load.
    expect(utilizationAt(aligned, 300)).toBe(50);
    expect(utilizationAt(aligned, 315)).toBe(200);
    expect(firstRescale(aligned).time).toBe(315);
    expect(STOCK_WORLD_NOTICE).toContain('metricsPipeline: { offset: 0s }');
    expect(STOCK_WORLD_NOTICE).toContain('which no setting restores');
    expect(STOCK_WORLD_NOTICE).toContain('acted on a sync or two late');
  });
});
