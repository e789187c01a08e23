import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, at, errors, find } from '../__fixtures__/helpers.ts';

const text = (simSpec: string) => `${HPA_V2(BASIC_SPEC)}---\n${SIMULATION(simSpec)}`;

describe('spec.metricsPipeline.prometheus', () => {
  it('puts Prometheus behind the adapter, with the defaults of the walkthrough', () => {
    const r = parseScenario(text('  metricsPipeline:\n    prometheus: {}\n'));
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.metricsPipeline.prometheus).toEqual({
      scrapeIntervalSeconds: 30,
      rateWindowSeconds: 120,
    });
    const set = parseScenario(
      text(
        '  metricsPipeline:\n    prometheus: { scrapeInterval: 1m, rateWindow: 5m, offset: 3s }\n',
      ),
    );
    expect(set.input!.metricsPipeline.prometheus).toEqual({
      scrapeIntervalSeconds: 60,
      rateWindowSeconds: 300,
      offsetSeconds: 3,
    });
  });

  it('leaves the adapter poll (no key at all) when absent', () => {
    const r = parseScenario(text('  duration: 10m\n'));
    expect('prometheus' in r.input!.metricsPipeline).toBe(false);
  });

  it('refuses a rate window that can never hold two samples, at the field', () => {
    const t = text(
      '  metricsPipeline:\n    prometheus: { scrapeInterval: 30s, rateWindow: 30s }\n',
    );
    const d = find(parseScenario(t).diagnostics, 'spec.metricsPipeline.prometheus.rateWindow');
    expect(d?.severity).toBe('error');
    expect(d?.message).toContain('use at least twice the scrape interval (1m)');
    expect(d?.line).toBe(at(t, 'rateWindow').line);
  });
});
