import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from '../worker/api.ts';
import { kpisCsvText } from '../app/runSetFile.ts';
import { KPIS_CSV_HEAD } from '../run/index.ts';
import { cli } from './testing/runCli.ts';

const presets = join(import.meta.dirname, '../presets');
const withVariants = join(presets, 'scale-down-windows.yaml');

/** The CSV as objects: one per row, each cell by its column's name. */
function rows(csv: string): Record<string, string>[] {
  const [head, ...lines] = csv.trimEnd().split('\n');
  const names = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
}

const num = (v: string) => (v === '' ? null : Number(v));

describe('run --format kpis-csv (every KPI of every run, and of each draw)', () => {
  it("writes the app's export byte for byte, and the figures JSON carries", async () => {
    const text = readFileSync(withVariants, 'utf8');
    const api = createSimulatorApi({ now: () => 0 });
    const reply = await api.run(1, text);
    expect(reply.runs.length).toBeGreaterThan(1);
    const r = cli('run', withVariants, '--format', 'kpis-csv');
    expect(r.code).toBe(0);
    expect(r.out).toBe(kpisCsvText(reply.runs, { kind: 'none' }).trimEnd());
    expect(r.out.split('\n')[0]).toBe(KPIS_CSV_HEAD.join(','));

    const json = JSON.parse(cli('run', withVariants, '--format', 'json').out) as {
      variants: { key: string; kpis: Record<string, number> }[];
    };
    const table = rows(r.out);
    expect(table.map((row) => row.run)).toEqual(json.variants.map((v) => v.key));
    table.forEach((row, i) => {
      const k = json.variants[i]!.kpis;
      // Full precision: the very numbers JSON prints, not the table's rounded ones.
      expect(num(row.unmetDemand!)).toBe(k.unmetDemand);
      expect(num(row.podHours!)).toBe(k.podHours);
      expect(num(row.overloadSeconds!)).toBe(k.overloadSeconds);
      expect(num(row.scaleEvents!)).toBe(k.scaleEvents);
      expect(row.draw).toBe('');
    });
  });

  it('adds a row per draw and the median, p95 and worst rows JSON summarizes', () => {
    const file = join(presets, 'nodes-wait.yaml');
    const r = cli('run', file, '--format', 'kpis-csv', '--draws', '4', '--seed', '3');
    expect(r.code).toBe(0);
    const json = JSON.parse(
      cli('run', file, '--format', 'json', '--draws', '4', '--seed', '3').out,
    ) as {
      drawSummary: Record<'median' | 'p95' | 'worst', Record<string, number>>;
      draws: { index: number; kpis: Record<string, number> }[];
    };
    const drawn = rows(r.out).filter((row) => row.draw !== '');
    expect(drawn.map((row) => row.draw)).toEqual(['0', '1', '2', '3', 'median', 'p95', 'worst']);
    json.draws.forEach((d, i) => expect(num(drawn[i]!.unmetDemand!)).toBe(d.kpis.unmetDemand));
    expect(num(drawn[6]!.recoveryMaxSeconds!)).toBe(
      (json.drawSummary.worst as unknown as { recovery: { maxSeconds: number } }).recovery
        .maxSeconds,
    );
    expect(num(drawn[4]!.podHours!)).toBe(json.drawSummary.median.podHours);
    const cost = (json.draws[0]!.kpis as unknown as { cost: { perRun: number } | null }).cost;
    expect(num(drawn[0]!.costPerRun!)).toBe(cost?.perRun ?? null);
  });

  it('refuses draws it cannot run and several files, located', () => {
    const bad = cli('run', withVariants, '--format', 'kpis-csv', '--draws', '0');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--draws');
    const many = cli('run', presets, '--format', 'kpis-csv');
    expect(many.code).toBe(2);
    expect(many.err).toContain('--format kpis-csv takes one autoscaler');
  });
});
