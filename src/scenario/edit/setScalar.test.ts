import { describe, expect, it } from 'vitest';
import { formatNumber, setNumberAt } from './setScalar.ts';

const text = [
  'kind: HorizontalPodAutoscaler # first',
  '---',
  '# the simulation',
  'kind: Simulation',
  'spec:',
  '  traffic:',
  '    type: ramp   # a ramp',
  '    points:',
  '      - { at: 0, value: 100 }    # start',
  '      - at: 600',
  '        value: 250.5 # peak',
  '  other: "7"',
  '',
].join('\n');

describe('setNumberAt', () => {
  it('changes only the scalar: comments and spacing stay byte for byte', () => {
    const r = setNumberAt(text, 1, ['spec', 'traffic', 'points', 1, 'value'], 400);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe(text.replace('value: 250.5 # peak', 'value: 400 # peak'));
  });

  it('edits inside a flow mapping', () => {
    const r = setNumberAt(text, 1, ['spec', 'traffic', 'points', 0, 'at'], 30);
    expect(r.ok && r.text).toBe(text.replace('{ at: 0, value', '{ at: 30, value'));
  });

  it('refuses what is not an existing plain number, with the reason', () => {
    expect(setNumberAt(text, 1, ['spec', 'traffic', 'type'], 1)).toEqual({
      ok: false,
      error: 'no number at spec.traffic.type',
    });
    expect(setNumberAt(text, 1, ['spec', 'nothing', 0], 1).ok).toBe(false);
    expect(setNumberAt(text, 1, ['spec', 'other'], 1).ok).toBe(false);
    expect(setNumberAt(text, 5, ['spec'], 1)).toEqual({ ok: false, error: 'no document 5' });
    expect(setNumberAt(text, 1, ['spec', 'traffic', 'points', 0, 'at'], NaN).ok).toBe(false);
    expect(setNumberAt('a: [1,\n', 0, ['a', 0], 2).ok).toBe(false);
  });
});

describe('formatNumber', () => {
  it('writes integers plainly and fractions without float noise or exponents', () => {
    expect(formatNumber(3)).toBe('3');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1e-7)).toBe('0.0000001');
  });
});
