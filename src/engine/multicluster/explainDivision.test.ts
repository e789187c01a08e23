import { describe, expect, it } from 'vitest';
import { webster } from '../federation/index.ts';
import { explainCeilShare, explainDivide, explainWebster } from './explainDivision.ts';

describe('division explanations', () => {
  it('Webster seat by seat ends at the rule function result, naming the deciding tie', () => {
    const lines = explainWebster(7, ['a', 'b'], [1, 1], 'descending');
    expect(webster(7, ['a', 'b'], [1, 1], 'descending')).toEqual([3, 4]);
    expect(lines.at(-1)).toBe('result: a 3, b 4');
    expect(lines).toContain('seat 1: b (priority 1/1) (tie with a: name descending)');
    expect(lines).toContain('seat 3: b (priority 1/3) (tie with a: name descending)');
  });

  it('CeilShare lists the weight order and the cap by what is left', () => {
    expect(explainCeilShare(10, ['m1', 'm2', 'm3'], [1, 1, 1], 'weight').slice(1)).toEqual([
      'm1: ceil(10·1/3) = 4 → 4',
      'm2: ceil(10·1/3) = 4 → 4',
      'm3: ceil(10·1/3) = 4, capped at the 2 left → 2',
    ]);
  });

  it('steady-mode DynamicWeight explains a scale-up by the difference only', () => {
    const lines = explainDivide(
      'DynamicWeight',
      10,
      [
        { name: 'A', weight: 0, availableReplicas: 2, previousReplicas: 4 },
        { name: 'B', weight: 0, availableReplicas: 6, previousReplicas: 2 },
      ],
      'ascending',
    );
    expect(lines[1]).toContain('only the difference 4 moves');
    expect(lines.at(-1)).toBe('result: A 1, B 3');
  });
});
