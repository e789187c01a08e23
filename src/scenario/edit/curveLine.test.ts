import { describe, expect, it } from 'vitest';
import { curveLine } from './curveLine.ts';
import { curveHandles } from './handles.ts';

describe('curveLine', () => {
  it('draws a compact series (values) from the engine evaluator, with no draggable points', () => {
    const curve = { type: 'series', startSeconds: 0, stepSeconds: 60, values: '10 20 30' };
    const out = curveLine(curve, 120, 4);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.line.time).toEqual([0, 30, 60, 90, 120]);
    expect(out.line.value).toEqual([10, 15, 20, 25, 30]);
    expect(curveHandles(curve, 60)).toEqual([]);
  });

  it('adds each knot of a points series so the line passes through it', () => {
    const out = curveLine(
      {
        type: 'series',
        points: [
          { at: 0, value: 0 },
          { at: 50, value: 100 },
        ],
      },
      100,
      2,
    );
    expect(out.ok && out.line.time).toContain(50);
  });

  it('says what is wrong with a broken curve', () => {
    const out = curveLine({ type: 'series', stepSeconds: 0, values: '1 2' }, 100);
    expect(out.ok).toBe(false);
  });
});
