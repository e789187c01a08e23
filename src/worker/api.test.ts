import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultToCsv } from '../engine/simulation/exportCsv.ts';
import {
  copySeries,
  seriesArrays,
  simulate,
  storedEvents,
  type SyncRecord,
} from '../engine/simulation/index.ts';
import { parseScenario } from '../scenario/index.ts';
import { primaryRun, runFederated } from '../run/index.ts';
import { createSimulatorApi } from './api.ts';
import { detachBuffers, MAX_SYNC_EVENTS, replyTransferables } from './payload.ts';

const presetText = readFileSync(resolve(import.meta.dirname, '../presets/default.yaml'), 'utf8');
const reference = (() => {
  const parsed = parseScenario(presetText);
  const out = simulate(parsed.input!, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
})();
const SYNCS = reference.syncs.length;

/** A clock that advances 1 ms per reading, so timings are exact. */
function steppingClock() {
  let t = 0;
  return () => t++;
}

describe('createSimulatorApi().run', () => {
  it('returns the default preset as typed arrays of one entry per sync', async () => {
    const api = createSimulatorApi({ now: steppingClock() });
    const reply = await api.run(7, presetText);
    expect(reply.runId).toBe(7);
    expect(reply.error).toBeNull();
    expect(reply.parse.ok).toBe(true);
    expect(reply.parse.name).toBe('default');
    expect(reply.parse.effectiveHpaYaml).toContain('maxReplicas: 20');
    expect(reply.timings).toEqual({ parseMs: 1, simulateMs: 1 });
    const r = reply.runs[0]!.result!;
    expect(SYNCS).toBe(24 * 240 + 1);
    const s = r.series;
    for (const key of ['time', 'specReplicas', 'readyReplicas', 'demand', 'capacity'] as const) {
      expect(s[key]).toBeInstanceOf(Float64Array);
      expect(s[key]).toHaveLength(SYNCS);
    }
    expect(s.rescaled).toBeInstanceOf(Uint8Array);
    expect(Array.from(s.rescaled)).toEqual(reference.syncs.map((x) => (x.rescaled ? 1 : 0)));
    expect(s.metrics).toHaveLength(1);
    expect(s.ratios).toHaveLength(1);
    expect(s.ratios[0]).toHaveLength(SYNCS);
    const ratio = (x: SyncRecord) => x.trace.metrics?.[0]?.usageRatio ?? NaN;
    expect(Array.from(s.ratios[0]!)).toEqual(reference.syncs.map(ratio));
    expect(s.tolerance).toEqual({ scaleUp: 0.1, scaleDown: 0.1 });
    expect(r.kpis).toEqual(reference.kpis);
  });

  it('reports an invalid text by its diagnostics and keeps the previous run for detail', async () => {
    const api = createSimulatorApi();
    await api.run(1, presetText);
    const reply = await api.run(2, presetText.replace('maxReplicas: 20', 'maxReplicas: zero'));
    expect(reply.parse.ok).toBe(false);
    expect(reply.parse.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(reply.runs).toEqual([]);
    expect(reply.error).toBeNull();
    expect(await api.getSync(1, 0)).not.toBeNull();
    expect(await api.getSync(2, 0)).toBeNull();
  });

  it('stops a run superseded by a newer one before simulating it', async () => {
    const api = createSimulatorApi();
    const older = api.run(1, presetText);
    const newer = api.run(2, presetText);
    const [a, b] = await Promise.all([older, newer]);
    expect(a.runs).toEqual([]);
    expect(a.error).toBe('cancelled');
    expect(b.runs[0]!.result!.series.time).toHaveLength(SYNCS);
    expect(await api.getSync(1, 0)).toBeNull();
  });

  it('never throws: an internal failure becomes the reply error', async () => {
    const api = createSimulatorApi({
      now: () => {
        throw new Error('clock broke');
      },
    });
    const reply = await api.run(1, presetText);
    expect(reply.runs).toEqual([]);
    expect(reply.error).toBe('internal error: clock broke');
  });

  it("sends the engine's series and keeps a copy: transferring the reply leaves the kept run intact", async () => {
    const api = createSimulatorApi();
    const reply = await api.run(1, presetText);
    const buffers = replyTransferables(reply);
    // 10 series (currentReplicas too) + raw/stabilized/limited + 1 metric, ratio, proposal,
    // overflow + rescaled, deciding: 19 arrays, all views of one buffer (seriesShape.ts)
    const arrays = seriesArrays(reply.runs[0]!.result!.series);
    expect(arrays).toHaveLength(19);
    expect(buffers).toHaveLength(1);
    expect(arrays.every((a) => a.buffer === buffers[0])).toBe(true);
    const moved = structuredClone(reply, { transfer: buffers });
    expect(reply.runs[0]!.result!.series.time.byteLength).toBe(0);
    expect(moved.runs[0]!.result!.series.time).toHaveLength(SYNCS);
    expect(moved.runs[0]!.result!.series).toEqual(copySeries(reference.series));
    expect(await api.exportCsv(1)).toBe(resultToCsv(reference));
    // What reads the kept series: a sync's detail (its events by time) and the run set's CSV.
    const fresh = createSimulatorApi();
    await fresh.run(1, presetText);
    for (const k of [0, 40, SYNCS - 1])
      expect(await api.getSync(1, k)).toEqual(await fresh.getSync(1, k));
    expect(await api.exportCsv(1, 'runs')).toBe(await fresh.exportCsv(1, 'runs'));
  });

  it("detaches a warm-up run's buffers as a real reply's transfer does, and keeps nothing", async () => {
    // A warm-up run's id is below every real one's (src/bridge/warmUp.ts WARM_UP_RUN_ID = 0).
    const detached: ArrayBuffer[][] = [];
    const api = createSimulatorApi({
      detach: (buffers) => {
        detached.push(buffers);
        detachBuffers(buffers);
      },
    });
    const warm = await api.run(0, presetText);
    expect(warm.error).toBeNull();
    expect(warm.runs).toEqual([]);
    // What a real run of the same text would transfer: one buffer of the same size.
    const real = replyTransferables(await createSimulatorApi().run(1, presetText));
    expect(real).toHaveLength(1);
    expect(real[0]!.byteLength).toBeGreaterThan(0);
    expect(detached).toHaveLength(1);
    expect(detached[0]!.map((b) => b.byteLength)).toEqual([0]); // detached
    // Nothing was kept: no detail of a warm-up run; a real run after it is whole and explained.
    expect(await api.getSync(0, 0)).toBeNull();
    const after = await api.run(1, presetText);
    expect(after.runs[0]!.result!.series).toEqual(copySeries(reference.series));
    const fresh = createSimulatorApi();
    await fresh.run(1, presetText);
    expect(await api.getSync(1, 40)).toEqual(await fresh.getSync(1, 40));
    expect(detached).toHaveLength(1);
  });

  it("reuses the kept copies' buffers run after run, never one the page was sent", async () => {
    // Each reply transferred as the page's worker does; the texts differ run to run (a variant
    // set of two runs, then one run, then two again), so the kept copies change size and count.
    const withVariant = `${presetText}  variants:\n    - name: fast-down\n      patch:\n        behavior:\n          scaleDown: { stabilizationWindowSeconds: 0 }\n`;
    const short = presetText.replace(/duration: \d+h/, 'duration: 6h');
    const texts = [withVariant, presetText, short, withVariant, presetText];
    const api = createSimulatorApi();
    const sent = new Set<ArrayBuffer>();
    for (const [i, text] of texts.entries()) {
      const reply = await api.run(i + 1, text);
      expect(reply.error).toBeNull();
      const buffers = replyTransferables(reply);
      for (const b of buffers) expect(sent.has(b)).toBe(false);
      buffers.forEach((b) => sent.add(b));
      structuredClone(reply, { transfer: buffers });
      const fresh = createSimulatorApi();
      await fresh.run(i + 1, text);
      for (const r of reply.runs)
        for (const k of [0, 13, 700])
          expect(await api.getSync(i + 1, k, r.key)).toEqual(await fresh.getSync(i + 1, k, r.key));
      expect(await api.exportCsv(i + 1, 'runs')).toBe(await fresh.exportCsv(i + 1, 'runs'));
    }
  });
});

describe('getSync and exportCsv', () => {
  it('return the full record of one sync of the latest run, with recent events', async () => {
    const api = createSimulatorApi();
    await api.run(3, presetText);
    const last = await api.getSync(3, SYNCS - 1);
    expect(last?.index).toBe(SYNCS - 1);
    expect(last?.sync).toEqual(reference.syncs[SYNCS - 1]);
    const middle = Math.floor(SYNCS / 2) + 7;
    expect((await api.getSync(3, middle))?.sync).toEqual(reference.syncs[middle]);
    const earlier = reference.syncs
      .slice(0, middle + 1)
      .flatMap((x) =>
        x.events.map((e) => ({ time: x.time, type: e.type, reason: e.reason, message: e.message })),
      );
    // the Event objects client-go's correlator leaves on the API server (eventCorrelator.ts)
    expect((await api.getSync(3, middle))?.events).toEqual(
      storedEvents(earlier).slice(-MAX_SYNC_EVENTS),
    );
    expect(last?.hpa.spec.maxReplicas).toBe(20);
    const all = reference.syncs.flatMap((x) =>
      x.events.map((e) => ({ time: x.time, type: e.type, reason: e.reason, message: e.message })),
    );
    expect(all.length).toBeGreaterThan(MAX_SYNC_EVENTS);
    expect(last?.events).toEqual(storedEvents(all).slice(-MAX_SYNC_EVENTS));
    expect(await api.getSync(3, SYNCS)).toBeNull();
    expect(await api.getSync(3, -1)).toBeNull();
    expect(await api.getSync(3, 1.5)).toBeNull();
    expect(await api.getSync(4, 0)).toBeNull();
  });

  it('exports the latest run as the CLI CSV', async () => {
    const api = createSimulatorApi();
    expect(await api.exportCsv(1)).toBeNull();
    await api.run(1, presetText);
    const csv = await api.exportCsv(1);
    expect(csv).toBe(resultToCsv(reference));
    expect(csv!.trimEnd().split('\n')).toHaveLength(SYNCS + 1);
    expect(await api.exportCsv(0)).toBeNull();
  });
});

describe('createSimulatorApi with variants', () => {
  const withVariant = `${presetText}  variants:\n    - name: fast-down\n      patch:\n        behavior:\n          scaleDown: { stabilizationWindowSeconds: 0 }\n`;

  it('returns every run, explains each by its key, and duplicates as a variant', async () => {
    const api = createSimulatorApi();
    const reply = await api.run(1, withVariant);
    expect(reply.runs.map((r) => [r.key, r.kind, r.group, r.label, r.colour])).toEqual([
      ['main', 'hpa', 'main', 'web', 0],
      ['fast-down', 'variant', 'main', 'fast-down', 1],
    ]);
    expect(reply.runs[1]!.result!.kpis.scaleEvents).toBe(96);
    const base = await api.getSync(1, 40);
    const variant = await api.getSync(1, 40, 'fast-down');
    expect(base!.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(300);
    expect(variant!.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(0);
    expect(await api.getSync(1, 40, 'nope')).toBeNull();
    const dup = await api.duplicateAsVariant(withVariant);
    if (!dup.ok) throw new Error(dup.error);
    const again = await api.run(2, dup.text);
    expect(again.runs.map((r) => r.key)).toEqual(['main', 'fast-down', 'variant-2']);
    // A copy of the HPA's behavior decides as the HPA does.
    expect(again.runs[2]!.result!.kpis).toEqual(again.runs[0]!.result!.kpis);
  });

  it("adds a search's candidate as a named variant, and refuses a taken name", async () => {
    const api = createSimulatorApi();
    const patch = { behavior: { scaleDown: { stabilizationWindowSeconds: 120 } } };
    const added = await api.addVariant(presetText, { name: 'tuned-3', patch });
    if (!added.ok) throw new Error(added.error);
    const reply = await api.run(1, added.text);
    expect(reply.runs.map((r) => r.key)).toEqual(['main', 'tuned-3']);
    const detail = await api.getSync(1, 40, 'tuned-3');
    expect(detail!.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(120);
    const twice = await api.addVariant(added.text, { name: 'tuned-3', patch });
    expect(twice).toMatchObject({ ok: false, error: expect.stringMatching(/tuned-3/) });
  });
});

describe('createSimulatorApi() on a multi-cluster scenario', () => {
  const text = readFileSync(
    resolve(import.meta.dirname, '../presets/multicluster/failover.yaml'),
    'utf8',
  );

  it("sends every model's members and total, the first model's total as the primary run", async () => {
    const api = createSimulatorApi({ now: steppingClock() });
    const reply = await api.run(1, text);
    expect(reply.error).toBeNull();
    const total = runFederated(parseScenario(text).input!, 'proposal');
    if (!total.ok) throw new Error(total.error);
    expect(reply.runs.map((r) => r.key)).toEqual([
      ...['east', 'west', 'south', 'total'].map((m) => `proposal/${m}`),
      ...['east', 'west', 'south', 'total'].map((m) => `shipped/${m}`),
    ]);
    const primary = primaryRun(reply.runs)!;
    expect(primary.key).toBe('proposal/total');
    expect(Array.from(primary.result!.series.specReplicas)).toEqual(
      Array.from(total.run.total.series.specReplicas),
    );
    expect(primary.result!.kpis).toEqual(total.run.total.kpis);
    const east = reply.runs.find((r) => r.key === 'proposal/east')!;
    expect(east.result!.kpis).toEqual(total.run.members[0]!.result.kpis);
    expect(await api.getSync(1, 40)).toBeNull();
  });
});
