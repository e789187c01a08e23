import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { federationCsv, RUN_SET_CSV_HEAD } from '../run/index.ts';
import { parseScenario } from '../scenario/index.ts';
import { createSimulatorApi } from './api.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../run/__fixtures__', name), 'utf8');
const preset = (name: string) =>
  readFileSync(join(import.meta.dirname, '../presets', name), 'utf8');

/** Every run of the app's export, by its first cell (the run key): rows per key. */
function rowsByRun(csv: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of csv.trimEnd().split('\n').slice(1)) {
    const key = line.slice(0, line.indexOf(','));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe("exportCsv(runId, 'runs'): every run of the set", () => {
  it('writes every member, total and variant of a multi-cluster scenario with variants', async () => {
    const api = createSimulatorApi({ now: () => 0 });
    const reply = await api.run(1, fixture('failover-variants.yaml'));
    expect(reply.error).toBeNull();
    const csv = (await api.exportCsv(1, 'runs'))!;
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(RUN_SET_CSV_HEAD.join(','));
    const counts = rowsByRun(csv);
    // Every run of the reply, in its order, each with one row per sync.
    expect([...counts.keys()]).toEqual(reply.runs.map((r) => r.key));
    for (const r of reply.runs) expect(counts.get(r.key)).toBe(r.result!.series.time.length);
    expect(reply.runs.some((r) => r.key.startsWith('tight:') && r.kind === 'member')).toBe(true);
    // The HPA's own export is unchanged: its models' clusters, a column group each — read from
    // the kept runs (the variants' models are not in it), the same bytes as the run service's.
    const series = (await api.exportCsv(1))!;
    expect(series).toMatch(/^model,time,/);
    const input = parseScenario(fixture('failover-variants.yaml')).input!;
    expect(series).toBe(federationCsv(input));
  });

  it('writes the HPA and its variants of a single cluster, identity first', async () => {
    const api = createSimulatorApi({ now: () => 0 });
    const reply = await api.run(1, preset('scale-down-windows.yaml'));
    const csv = (await api.exportCsv(1, 'runs'))!;
    expect([...rowsByRun(csv).keys()]).toEqual(reply.runs.map((r) => r.key));
    expect(reply.runs.length).toBeGreaterThan(1);
    const main = csv.split('\n')[1]!.split(',');
    expect(main.slice(0, 3)).toEqual(['main', 'hpa', 'main']);
    expect(await api.exportCsv(0, 'runs')).toBeNull(); // not the delivered run
  });
});
