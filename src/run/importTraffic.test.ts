import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchQueueJson,
  diurnalWebCsv,
  recordedCpuCsv,
  weekByZoneJson,
  weekJson,
} from '../panels/import/sampleTraces.ts';
import { parseScenario } from '../scenario/index.ts';
import { setTraffic } from '../scenario/edit/setTraffic.ts';
import { encodeScenario } from '../share/codec.ts';
import { importTraffic } from './importTraffic.ts';
import { runScenario } from './runScenario.ts';

const preset = readFileSync(resolve(import.meta.dirname, '../presets/default.yaml'), 'utf8');

function applied(text: string, imported: ReturnType<typeof importTraffic>) {
  if (!imported.ok) throw new Error(imported.errors[0]!.message);
  const edit = setTraffic(text, {
    trafficYaml: imported.yaml,
    duration: `${imported.durationSeconds}s`,
  });
  if (!edit.ok) throw new Error(edit.error);
  return edit.text;
}

describe('importing traffic into a scenario', () => {
  it('fits a noisy day at one-minute resolution in a share link of ≤ 4,000 characters', async () => {
    const imported = importTraffic({ text: diurnalWebCsv(), meaning: 'demand', factor: 0.2 });
    expect(imported.ok && imported.points).toHaveLength(1440);
    const text = applied(preset, imported);
    const parsed = parseScenario(text);
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const link = await encodeScenario(text);
    expect(link.length).toBeLessThanOrEqual(4000);
    // The YAML reads as a table: 240 lines of six values (six minutes a line), each short
    // enough for the editor's column as opened (≈35 characters), not 1,440 lines of points.
    const lines = text.split('\n');
    expect(lines.length).toBeLessThan(preset.split('\n').length + 1440 / 6);
    const at = lines.findIndex((l) => /^\s*values: >-$/.test(l));
    const values = lines.slice(at + 1, at + 1 + 240);
    expect(values.every((l) => l.trim().split(' ').length === 6 && l.length <= 35)).toBe(true);
  });

  it('runs a week of Prometheus data, and the charts follow the file', () => {
    const imported = importTraffic({ text: weekJson(), meaning: 'demand', factor: 0.2 });
    const text = applied(preset, imported);
    const run = runScenario(text).runs[0]!;
    expect(run.ok).toBe(true);
    expect(run.result!.durationSeconds).toBe(7 * 86400);
    expect(run.result!.kpis.scaleUps).toBeGreaterThan(0);
  });

  it('reads a Prometheus batch queue and a CSV of recorded CPU and replicas', () => {
    const batch = importTraffic({ text: batchQueueJson(), meaning: 'demand' });
    expect(batch.ok && batch.format).toBe('prometheus');
    const recorded = importTraffic({
      text: recordedCpuCsv(),
      meaning: 'metric+replicas',
      factor: 1,
    });
    if (!recorded.ok) throw new Error(recorded.errors[0]!.message);
    // utilization × replicas: the demand the generator started from (within its rounding).
    const rows = recordedCpuCsv()
      .trim()
      .split('\n')
      .slice(1, 4)
      .map((r) => r.split(','));
    rows.forEach((r, i) =>
      expect(recorded.points[i]!.value).toBeCloseTo(Number(r[1]) * Number(r[2]), 6),
    );
  });

  it('reconstructs demand from two files aligned on their own clocks', () => {
    const metric = 'time,value\n1000,50\n1060,80\n1120,40\n';
    const replicas = 'time,value\n990,2\n1050,4\n';
    const r = importTraffic({ text: metric, replicasText: replicas, meaning: 'metric+replicas' });
    expect(r.ok && r.points.map((p) => p.value)).toEqual([100, 320, 160]);
  });

  it('locates errors in either input and loses nothing', () => {
    const bad = importTraffic({ text: 'time,value\n0,1\nzero,x\n', meaning: 'demand' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]).toMatchObject({ source: 'traffic', line: 3 });
    const noReplicas = importTraffic({ text: 'time,value\n0,1\n', meaning: 'metric+replicas' });
    expect(!noReplicas.ok && noReplicas.errors[0]!.source).toBe('replicas');
    const badJson = importTraffic({ text: '{"status": "success", "data": ', meaning: 'demand' });
    expect(!badJson.ok && badJson.errors[0]!.line).toBe(1);
  });

  describe('a Prometheus answer with several series', () => {
    const zones = weekByZoneJson();

    it('lists every series with its labels, samples and peak, and adds them up by default', () => {
      const summed = importTraffic({ text: zones, meaning: 'demand' });
      if (!summed.ok) throw new Error(summed.errors[0]!.message);
      expect(summed.seriesTotal).toBe(3);
      expect(summed.label).toBe('sum of 3 series');
      expect(summed.choices.map((c) => [c.label, c.samples])).toEqual([
        ['{service="checkout", zone="europe-west1-b"}', 2016],
        ['{service="checkout", zone="europe-west1-c"}', 1992],
        ['{service="checkout", zone="europe-west1-d"}', 2016],
      ]);
      for (const c of summed.choices) {
        expect(c.peak).toBe(Math.max(...c.points.map((p) => p.value)));
      }
      // The sum at each time is the three zones' values added (zone c's gap: two of them).
      const at = (points: { at: number; value: number }[], t: number) =>
        points.find((p) => p.at === t)?.value ?? 0;
      for (const t of [0, 3600, 2 * 86400 + 22.5 * 3600, 5 * 86400]) {
        const expected = summed.choices.reduce((sum, c) => sum + at(c.points, t), 0);
        expect(at(summed.points, t)).toBeCloseTo(expected, 6);
      }
      expect(summed.warnings[0]!.message).toContain('24 timestamps are missing from some series');
      expect(importTraffic({ text: zones, meaning: 'demand', series: 'sum' })).toEqual(summed);
    });

    it('takes one series when asked, and that is what is written', () => {
      const one = importTraffic({ text: zones, meaning: 'demand', series: 1, factor: 2 });
      if (!one.ok) throw new Error(one.errors[0]!.message);
      expect(one.label).toBe('{service="checkout", zone="europe-west1-c"}');
      expect(one.points).toHaveLength(1992);
      expect(one.points[0]!.value).toBeCloseTo(2 * one.choices[1]!.points[0]!.value, 9);
      const summed = importTraffic({ text: zones, meaning: 'demand', factor: 2 });
      expect(one.yaml).not.toEqual(summed.ok && summed.yaml);
      const run = runScenario(applied(preset, one)).runs[0]!;
      expect(run.ok).toBe(true);
      expect(run.result!.durationSeconds).toBe(7 * 86400);
    });

    it('refuses a series number the file does not hold, saying how many it does', () => {
      for (const series of [3, -1, 0.5]) {
        const out = importTraffic({ text: zones, meaning: 'demand', series });
        expect(out.ok).toBe(false);
        expect(!out.ok && out.errors[0]!.message).toContain('it holds 3 (0 to 2)');
      }
    });

    it('offers no choice for a single series, and ignores a series number there', () => {
      const single = importTraffic({ text: weekJson(), meaning: 'demand', series: 2 });
      expect(single.ok && [single.choices, single.seriesTotal]).toEqual([[], 1]);
    });

    it('still gives the located error of a file that does not read', () => {
      const out = importTraffic({ text: '{"status": "success",,}', meaning: 'demand', series: 0 });
      expect(!out.ok && out.errors[0]).toMatchObject({ line: 1, source: 'traffic' });
    });
  });
  it('refuses a curve the scenario size limit would refuse, before Apply writes it (fuzz 2026-11-27)', () => {
    // 11.6 days of a Prometheus-looking CSV at a fine step: 2.1 MB of values once written.
    const request = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '__fixtures__/import-over-size.json'), 'utf8'),
    );
    const out = importTraffic(request);
    expect(out.ok).toBe(false);
    expect(!out.ok && out.errors[0]).toMatchObject({ source: 'traffic' });
    expect(!out.ok && out.errors[0]!.message).toMatch(
      /would take 2\.\d MB of the scenario .* limit is 2\.0 MB: import a shorter window or a coarser step/,
    );
  });
});
