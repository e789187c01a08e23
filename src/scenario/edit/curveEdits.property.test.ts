/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read parsed YAML by path */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { addPoint, applyWrites, removePoint } from './curveEdits.ts';
import { findCurves } from './findCurves.ts';
import { curveHandles } from './handles.ts';

/** A ramp in block or flow style, with comments and blank lines in between. */
const scenario = fc
  .record({
    ats: fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 6 }),
    values: fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 6, maxLength: 6 }),
    flow: fc.boolean(),
    comments: fc.array(fc.stringMatching(/^[ a-z0-9:{}\-#,]{0,12}$/), {
      minLength: 8,
      maxLength: 8,
    }),
    blank: fc.boolean(),
  })
  .map(({ ats, values, flow, comments, blank }) => {
    const pts = [...ats].sort((a, b) => a - b).map((at, i) => ({ at, value: values[i]! }));
    const c = (i: number) => (comments[i] ? ` # ${comments[i]}` : '');
    const list = flow
      ? ` [${pts.map((p) => `{ at: ${p.at}, value: ${p.value} }`).join(', ')}]${c(0)}\n`
      : `${c(0)}\n${pts
          .map((p, i) =>
            i % 2
              ? `      - at: ${p.at}${c(i + 1)}\n        value: ${p.value}\n`
              : `      - { at: ${p.at}, value: ${p.value} }${c(i + 1)}\n${blank ? '\n' : ''}`,
          )
          .join('')}`;
    return {
      pts,
      text: `kind: HorizontalPodAutoscaler${c(7)}\n---\nkind: Simulation\nspec:\n  traffic:\n    type: ramp${c(6)}\n    points:${list}  duration: 1h\n`,
    };
  });

const data = (text: string) => Array.from(parseAllDocuments(text)).map((d) => d.toJSON());

describe('curve edits: property', () => {
  it('adding a point then removing it gives the text back byte for byte', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 12_000 }), ({ text }, at) => {
        const added = addPoint(text, findCurves(text)[0]!, at, 7);
        expect(added.ok).toBe(true);
        if (!added.ok) return;
        const slot = findCurves(added.text)[0]!;
        const points = (slot.json as { points: { at: number; value: number }[] }).points;
        // The added point can equal one already there (same at, value 7): the editor removes it
        // by the index it knows; here one of the equal points is the added one.
        const equal = points.flatMap((p, i) => (p.at === at && p.value === 7 ? [i] : []));
        const texts = equal.map((i) => {
          const removed = removePoint(added.text, slot, i);
          return removed.ok ? removed.text : null;
        });
        expect(texts).toContain(text);
      }),
      { numRuns: 150 },
    );
  });

  it('a drag changes exactly the dragged point’s data and keeps every line it does not touch', () => {
    fc.assert(
      fc.property(scenario, fc.nat(5), fc.nat(10_000), fc.nat(1e6), ({ text, pts }, k, at, v) => {
        const i = k % pts.length;
        const slot = findCurves(text)[0]!;
        const handle = curveHandles(slot.json, 0)[i]!;
        const r = applyWrites(text, slot, handle.drag(at, v));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const before = data(text);
        const after = data(r.text);
        const moved = (after[1] as any).spec.traffic.points[i];
        (before[1] as any).spec.traffic.points[i] = moved;
        expect(after).toEqual(before);
        const lo = pts[i - 1]?.at ?? 0;
        const hi = pts[i + 1]?.at ?? Infinity;
        expect(moved).toEqual({ at: Math.min(hi, Math.max(lo, at)), value: v });
        // Lines that held neither number are unchanged, and in the same place.
        const a = text.split('\n');
        const b = r.text.split('\n');
        expect(b.length).toBe(a.length);
        const changed = a.filter((line, n) => line !== b[n]);
        expect(changed.length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 150 },
    );
  });
});
