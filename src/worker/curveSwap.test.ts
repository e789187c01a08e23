import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planScenario } from '../run/index.ts';
import { applyWrites, findCurves, placedHandles, slotsWithWrites } from '../scenario/edit/index.ts';
import { createSimulatorApi } from './api.ts';
import { swapTraffic } from './curveSwap.ts';
import type { CurveEdit, RunReply } from './protocol.ts';

const presets = resolve(import.meta.dirname, '../presets');
const preset = (name: string) => readFileSync(resolve(presets, name), 'utf8');

/** A drag of the traffic's `nth` handle by (dt, factor), as the curve editor makes it. */
function drag(text: string, nth: number, dt: number, factor: number) {
  const slots = findCurves(text);
  const root = slots.find((s) => s.path.join('.') === 'spec.traffic')!;
  const handles = placedHandles(slots, root, 43_200);
  const h = handles[nth % handles.length]!;
  const writes = h.drag(h.at + dt, h.value * factor);
  const edited = applyWrites(text, h.slot, writes);
  if (!edited.ok) throw new Error(edited.error);
  const after = slotsWithWrites(slots, h.slot, writes).find(
    (s) => s.path.join('.') === 'spec.traffic',
  )!;
  const edit: CurveEdit = {
    base: text,
    path: ['spec', 'traffic'],
    before: root.json,
    after: after.json,
  };
  return { text: edited.text, edit };
}

/** Everything a run shows: each run's key, error, KPIs and series. */
function shown(reply: RunReply) {
  return reply.runs.map((r) => ({
    key: r.key,
    error: r.error,
    kpis: r.result?.kpis,
    series: Object.fromEntries(
      Object.entries(r.result?.series ?? {}).map(([k, v]) => [
        k,
        ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v,
      ]),
    ),
  }));
}

describe('a curve drag runs the start text’s plan with the curve swapped', () => {
  // Variants too: every run of the set takes the new curve.
  for (const name of ['default.yaml', 'scale-down-windows.yaml', 'story-1-scale-up-fast.yaml']) {
    it(`gives the edited text’s runs (${name})`, async () => {
      const base = preset(name);
      const api = createSimulatorApi();
      await api.run(1, base);
      for (const [i, [dt, factor]] of [
        [600, 1.3],
        [-900, 0.7],
        [0, 1.05],
      ].entries()) {
        const { text, edit } = drag(base, i, dt!, factor!);
        expect(swapTraffic(planScenario(base), edit)).not.toBeNull();
        const swapped = await api.run(2 + i, text, { curve: edit });
        const parsed = await createSimulatorApi().run(1, text);
        expect(swapped.error).toBeNull();
        expect(shown(swapped)).toEqual(shown(parsed));
      }
    });
  }

  it('uses the swap: a curve the text does not hold is what runs', async () => {
    // Proof the parse was skipped: the text is the start text, the curve is another.
    const base = preset('default.yaml');
    const { text, edit } = drag(base, 0, 0, 2);
    const api = createSimulatorApi();
    await api.run(1, base);
    const swapped = await api.run(2, base, { curve: edit });
    const edited = await createSimulatorApi().run(1, text);
    expect(shown(swapped)).toEqual(shown(edited));
    expect(shown(swapped)).not.toEqual(shown(await api.run(3, base)));
  });

  it('a warm-up run between moves simulates, and keeps the plan the moves swap into', async () => {
    // The current worker warms up in the user's pauses (src/bridge/client.ts), a drag's too.
    const base = preset('default.yaml');
    const { text, edit } = drag(base, 0, 0, 2);
    const api = createSimulatorApi();
    await api.run(1, base);
    const warm = await api.run(0, preset('flapping.yaml'));
    expect({ error: warm.error, name: warm.parse.name }).toEqual({
      error: null, // not cancelled for its id below the real runs'
      name: (await createSimulatorApi().run(1, preset('flapping.yaml'))).parse.name,
    });
    const swapped = await api.run(2, base, { curve: edit });
    expect(shown(swapped)).toEqual(shown(await createSimulatorApi().run(1, text)));
  });

  it('parses the text when the worker did not plan the start text last', async () => {
    const base = preset('default.yaml');
    const { edit } = drag(base, 0, 0, 2);
    const api = createSimulatorApi();
    await api.run(1, preset('flapping.yaml'));
    const reply = await api.run(2, base, { curve: edit });
    expect(shown(reply)).toEqual(shown(await createSimulatorApi().run(1, base)));
  });

  it('refuses what it cannot vouch for', () => {
    const base = preset('default.yaml');
    const plan = planScenario(base);
    const { edit } = drag(base, 0, 0, 2);
    const after = edit.after as { of: unknown };
    const cases: [string, CurveEdit][] = [
      ['another curve', { ...edit, path: ['spec', 'load', 'resources', 'cpu', 'demand'] }],
      ['before is not the plan’s curve', { ...edit, before: after }],
      ['a new shape', { ...edit, after: { ...after, of: { type: 'constant', value: 5 } } }],
      ['an invalid curve', { ...edit, after: { ...after, amplitude: -1 } }],
    ];
    for (const [why, e] of cases) expect(swapTraffic(plan, e), why).toBeNull();
    expect(swapTraffic(plan, edit)).not.toBeNull();
  });

  it('refuses a multi-cluster plan (its members split the traffic)', () => {
    const dir = resolve(presets, 'multicluster');
    const file = readdirSync(dir).find((f) => f.endsWith('.yaml'))!;
    const base = readFileSync(resolve(dir, file), 'utf8');
    const root = findCurves(base).find((s) => s.path.join('.') === 'spec.traffic')!;
    const plan = planScenario(base);
    expect(plan.runs.length).toBeGreaterThan(0);
    const edit: CurveEdit = {
      base,
      path: ['spec', 'traffic'],
      before: root.json,
      after: root.json,
    };
    expect(swapTraffic(plan, edit)).toBeNull();
  });
});
