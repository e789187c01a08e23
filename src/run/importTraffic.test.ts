import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  batchQueueJson,
  diurnalWebCsv,
  recordedCpuCsv,
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
    // The YAML stays short: 72 lines of 20 values, not 1,440 lines.
    expect(text.split('\n').length).toBeLessThan(preset.split('\n').length + 80);
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
});
