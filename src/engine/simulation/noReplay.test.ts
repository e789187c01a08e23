// SimulateOptions.replay false: a compact run that keeps no snapshots (draws, the search) gives
// the figures of the run that keeps them, and its meter counts the same work.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import { WorkMeter } from './meter.ts';
import { simulate } from './simulate.ts';

const PRESETS = resolve(import.meta.dirname, '../../presets');

describe('a compact run without replay snapshots', () => {
  for (const name of ['default.yaml', 'flapping.yaml', 'scale-down-windows.yaml']) {
    it(`${name}: the same series, KPIs, events and work, no snapshot`, () => {
      const parsed = parseScenario(readFileSync(resolve(PRESETS, name), 'utf8'));
      if (!parsed.ok || !parsed.input) throw new Error(`${name} does not parse`);
      const kept = new WorkMeter();
      const none = new WorkMeter();
      const a = simulate(parsed.input, { meter: kept });
      const b = simulate(parsed.input, { meter: none, replay: false });
      if (!a.ok || !b.ok) throw new Error('runs must succeed');
      expect(a.result.replay!.snapshots.length).toBeGreaterThan(0);
      expect(b.result.replay).toBeNull();
      expect(b.result.kpis).toEqual(a.result.kpis);
      expect(b.result.series).toEqual(a.result.series);
      expect(b.result.events).toEqual(a.result.events);
      // a run near its budget stops at the same place either way
      expect(none.counts).toEqual(kept.counts);
      expect(kept.counts.snapshotPods).toBeGreaterThan(0);
    });
  }
});

// SimulateOptions.series false (the search's candidates): only the KPIs' series are written.
describe('a run that keeps only its KPIs', () => {
  const presets = readdirSync(PRESETS).filter((f) => f.endsWith('.yaml'));
  for (const name of presets) {
    it(`${name}: the same KPIs and work, no other series, no events`, () => {
      const parsed = parseScenario(readFileSync(resolve(PRESETS, name), 'utf8'));
      if (!parsed.ok || !parsed.input) throw new Error(`${name} does not parse`);
      const kept = new WorkMeter();
      const only = new WorkMeter();
      const a = simulate(parsed.input, { meter: kept, replay: false });
      const b = simulate(parsed.input, { meter: only, replay: false, series: false });
      if (!a.ok || !b.ok) throw new Error('runs must succeed');
      expect(b.result.kpis).toEqual(a.result.kpis);
      expect(only.counts).toEqual(kept.counts);
      if (parsed.input.keda) return; // KEDA's runs keep every series
      expect(b.result.series.time.length).toBe(0);
      expect(b.result.events.sync.length).toBe(0);
      expect(Array.from(b.result.series.specReplicas)).toEqual(
        Array.from(a.result.series.specReplicas),
      );
    });
  }
});
