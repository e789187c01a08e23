/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read parsed YAML by path */
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { addPoint, applyWrites, removePoint, setShape } from './curveEdits.ts';
import { curveHandles, curveFields } from './handles.ts';
import { findCurves } from './findCurves.ts';
import { curveLine } from './curveLine.ts';
import { shapeCurve, SHAPES } from './shapes.ts';

const HPA = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler # the HPA\n';
const block = `${HPA}---
# the simulation
kind: Simulation
spec:
  duration: 10m
  traffic:
    type: ramp   # a ramp
    points:
      - { at: 0, value: 100 }    # start

      - at: 600 # end
        value: 250.5 # peak
  load:
    external:
      queue_depth:
        value: { type: steps, steps: [{ at: 0, value: 5 }, { at: 300, value: 50 }] } # flow
      jobs:
        queue: { perPodThroughput: 10, arrivals: { type: noise, seed: 7, amplitude: 0.1, of: { type: constant, value: 20 } } }
`;

const json = (text: string, doc = 1) =>
  Array.from(parseAllDocuments(text))[doc]!.toJSON() as Record<string, any>;

describe('findCurves', () => {
  it('finds traffic, load curves and the curves inside wrappers, with paths', () => {
    const slots = findCurves(block);
    expect(slots.map((s) => [s.label, s.path.join('.'), s.document])).toEqual([
      ['traffic', 'spec.traffic', 1],
      ['queue_depth value', 'spec.load.external.queue_depth.value', 1],
      ['jobs arrivals', 'spec.load.external.jobs.queue.arrivals', 1],
      ['jobs arrivals › noise of', 'spec.load.external.jobs.queue.arrivals.of', 1],
    ]);
  });

  it('finds nothing in a text without a Simulation or with syntax errors', () => {
    expect(findCurves(HPA)).toEqual([]);
    expect(findCurves(`${HPA}---\nkind: Simulation\nspec: { traffic: [\n`)).toEqual([]);
  });
});

describe('a drag writes the handle’s numbers, every other byte kept', () => {
  it('moves a block-style ramp point in time and value', () => {
    const slot = findCurves(block)[0]!;
    const h = curveHandles(slot.json, 300).find((x) => x.key === 'p1')!;
    const r = applyWrites(block, slot, h.drag(500.4, 180.2));
    expect(r.ok && r.text).toBe(
      block.replace('at: 600 # end', 'at: 500 # end').replace('250.5 # peak', '180 # peak'),
    );
  });

  it('keeps points in time order: a point cannot pass its neighbour', () => {
    const slot = findCurves(block)[1]!;
    const [first] = curveHandles(slot.json, 300);
    const r = applyWrites(block, slot, first!.drag(900, 8));
    expect(r.ok && json(r.text).spec.load.external.queue_depth.value.steps[0]).toEqual({
      at: 300,
      value: 8,
    });
  });

  it('leaves a number already equal as written', () => {
    const text = block.replace('value: 100 }', 'value: 100.0 }');
    const slot = findCurves(text)[0]!;
    const r = applyWrites(text, slot, curveHandles(slot.json, 0)[0]!.drag(0, 100));
    expect(r.ok && r.text).toBe(text);
  });

  it('refuses a quoted number with a reason instead of rewriting it', () => {
    const text = block.replace('at: 600', "at: '600'");
    const slot = findCurves(text)[0]!;
    const r = applyWrites(text, slot, [{ path: ['points', 1, 'at'], value: 30 }]);
    expect(r).toEqual({ ok: false, error: 'no number at spec.traffic.points.1.at' });
  });

  it('drags a sine: the peak sets amplitude and time, the base handle base and period', () => {
    const text = `${HPA}---\nkind: Simulation\nspec:\n  traffic: { type: sine, base: 100, amplitude: 50, periodSeconds: 600, peakAtSeconds: 300 }\n`;
    const slot = findCurves(text)[0]!;
    const [peak, base] = curveHandles(slot.json, 0);
    expect([peak!.at, peak!.value, base!.at, base!.value]).toEqual([300, 150, 450, 100]);
    let r = applyWrites(text, slot, peak!.drag(200, 180));
    expect(r.ok && json(r.text).spec.traffic).toMatchObject({ amplitude: 80, peakAtSeconds: 200 });
    r = applyWrites(text, slot, base!.drag(500, 90));
    expect(r.ok && json(r.text).spec.traffic).toMatchObject({ base: 90, periodSeconds: 800 });
  });

  it('drags a constant level and a spike (by height or by value)', () => {
    const text = `${HPA}---\nkind: Simulation\nspec:\n  traffic: { type: constant, value: 100000 }\n  load:\n    pods:\n      rps:\n        demand: { type: spikes, base: 10, spikes: [{ at: 60, durationSeconds: 30, height: 40 }] }\n`;
    const [traffic, rps] = findCurves(text);
    let r = applyWrites(text, traffic!, curveHandles(traffic!.json, 300)[0]!.drag(5, 2.5e5));
    expect(r.ok && json(r.text).spec.traffic.value).toBe(250000);
    const spike = curveHandles(rps!.json, 0).find((h) => h.key === 's0')!;
    expect(spike.value).toBe(50);
    r = applyWrites(text, rps!, spike.drag(90, 70));
    expect(r.ok && json(r.text).spec.load.pods.rps.demand.spikes[0]).toEqual({
      at: 90,
      durationSeconds: 30,
      height: 60,
    });
  });

  it('never writes a negative value', () => {
    const slot = findCurves(block)[0]!;
    const r = applyWrites(block, slot, curveHandles(slot.json, 0)[0]!.drag(0, -40));
    expect(r.ok && json(r.text).spec.traffic.points[0].value).toBe(0);
  });
});

describe('adding and removing points', () => {
  it('adds a point in time order to a block list, in the list’s indentation', () => {
    const slot = findCurves(block)[0]!;
    const r = addPoint(block, slot, 300, 170);
    expect(r.ok && r.text).toBe(
      block.replace('      - at: 600', '      - { at: 300, value: 170 }\n      - at: 600'),
    );
    const end = addPoint(block, slot, 900, 10);
    expect(end.ok && end.text).toBe(
      block.replace('250.5 # peak\n', '250.5 # peak\n      - { at: 900, value: 10 }\n'),
    );
  });

  it('adds to and removes from a flow list', () => {
    const slot = findCurves(block)[1]!;
    const r = addPoint(block, slot, 120, 9);
    expect(r.ok && r.text).toBe(
      block.replace('{ at: 300, value: 50 }]', '{ at: 120, value: 9 }, { at: 300, value: 50 }]'),
    );
    const removed = removePoint(block, slot, 1);
    expect(removed.ok && removed.text).toBe(block.replace(', { at: 300, value: 50 }]', ']'));
    const first = removePoint(block, slot, 0);
    expect(first.ok && first.text).toBe(block.replace('{ at: 0, value: 5 }, ', ''));
  });

  it('removes a block item with its lines, comments of other items kept', () => {
    const slot = findCurves(block)[0]!;
    const r = removePoint(block, slot, 1);
    expect(r.ok && r.text).toBe(
      block.replace('      - at: 600 # end\n        value: 250.5 # peak\n', ''),
    );
  });

  it('keeps at least one point, and refuses shapes without points', () => {
    const slot = findCurves(block)[0]!;
    const once = removePoint(block, slot, 0);
    expect(once.ok).toBe(true);
    if (!once.ok) return;
    expect(removePoint(once.text, findCurves(once.text)[0]!, 0)).toEqual({
      ok: false,
      error: 'spec.traffic.points keeps at least 1 item',
    });
    const noise = findCurves(block)[2]!;
    expect(addPoint(block, noise, 1, 1)).toEqual({
      ok: false,
      error: 'jobs arrivals is not a list of points',
    });
  });

  it('appends to a text without a final line break', () => {
    const text = `${HPA}---\nkind: Simulation\nspec:\n  traffic:\n    type: steps\n    steps:\n      - at: 0\n        value: 1`;
    const slot = findCurves(text)[0]!;
    const r = addPoint(text, slot, 60, 2);
    expect(r.ok && r.text).toBe(`${text}\n      - { at: 60, value: 2 }\n`);
  });
});

describe('picking a shape', () => {
  const ctx = { lo: 100, hi: 250, duration: 600, current: null, seed: 3 };

  it('every shape is a valid curve over the run, within the old range', () => {
    for (const kind of SHAPES) {
      const curve = shapeCurve(kind, { ...ctx, current: { type: 'constant', value: 200 } });
      const line = curveLine(curve, 600);
      expect(line.ok, kind).toBe(true);
      if (!line.ok) continue;
      expect(Math.max(...line.line.value), kind).toBeLessThanOrEqual(250 * 1.2 + 1e-9);
    }
  });

  it('replaces a block curve in place, comments around it kept', () => {
    const slot = findCurves(block)[0]!;
    const r = setShape(block, slot, shapeCurve('sine', ctx));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text.startsWith(block.slice(0, block.indexOf('type: ramp')))).toBe(true);
    expect(r.text.endsWith(block.slice(block.indexOf('  load:')))).toBe(true);
    expect(json(r.text).spec.traffic).toEqual({
      type: 'sine',
      base: 175,
      amplitude: 75,
      periodSeconds: 600,
      peakAtSeconds: 300,
    });
    expect(r.text).toContain('# peak\n  load:');
  });

  it('wraps the current curve in noise with the given seed, and noise again keeps one layer', () => {
    const slot = findCurves(block)[1]!;
    const noise = shapeCurve('noise', { ...ctx, current: slot.json });
    expect(noise).toEqual({ type: 'noise', seed: 3, amplitude: 0.2, of: slot.json });
    expect(shapeCurve('noise', { ...ctx, current: noise, seed: 4 })).toEqual({ ...noise, seed: 4 });
    const r = setShape(block, slot, noise);
    expect(r.ok && r.text).toContain(
      'value: { type: noise, seed: 3, amplitude: 0.2, of: { type: steps, steps: [{ at: 0, value: 5 }, { at: 300, value: 50 }] } } # flow',
    );
  });

  it('gives an imported series of many points no handles', () => {
    const points = Array.from({ length: 201 }, (_, i) => ({ at: i * 60, value: i }));
    expect(curveHandles({ type: 'series', points }, 0)).toEqual([]);
    expect(curveHandles({ type: 'series', points: points.slice(0, 200) }, 0)).toHaveLength(200);
  });

  it('lists the plain numbers of a curve for inputs', () => {
    expect(curveFields({ type: 'noise', seed: 7, amplitude: 0.1, of: {} })).toEqual([
      { name: 'seed', value: 7 },
      { name: 'amplitude', value: 0.1 },
    ]);
  });
});

describe('curveLine', () => {
  it('draws steps with vertical edges, and reports an invalid curve', () => {
    const r = curveLine(
      {
        type: 'steps',
        steps: [
          { at: 0, value: 1 },
          { at: 50, value: 3 },
        ],
      },
      100,
      4,
    );
    expect(r.ok && r.line).toEqual({
      time: [0, 25, 50 - 1e-4, 50, 75, 100],
      value: [1, 1, 1, 3, 3, 3],
    });
    expect(curveLine({ type: 'steps', steps: [] }, 100)).toEqual({
      ok: false,
      error: 'steps: needs at least one point',
    });
  });
});
