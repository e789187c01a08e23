import { describe, expect, it } from 'vitest';
import { compileFormula, isFormulaError, runFormula, type Program } from './formula.ts';

const run = (f: string, env: Record<string, number | null>) => {
  const p = compileFormula(f, Object.keys(env));
  if (isFormulaError(p)) throw new Error(p.message);
  return runFormula(p as Program, env);
};

describe('formula (expr-lang subset over jsep)', () => {
  it('evaluates arithmetic, comparison, ternary, ?? and the functions', () => {
    expect(run('a + b * 2', { a: 1, b: 3 })).toEqual({ value: 7 });
    expect(run('a / b', { a: 7, b: 2 })).toEqual({ value: 3.5 });
    expect(run('2 ^ 3 ^ 2', {})).toEqual({ value: 512 });
    expect(run('a > 5 ? a : b', { a: 6, b: 1 })).toEqual({ value: 6 });
    expect(run('a > 1 && b < 1 ? 1 : 0', { a: 2, b: 0 })).toEqual({ value: 1 });
    expect(run('a > 1 and not (b < 1) ? 1 : 0', { a: 2, b: 0 })).toEqual({ value: 0 });
    expect(run('min(a, b) + max(a, b) + abs(c)', { a: 1, b: 2, c: -3 })).toEqual({ value: 6 });
    expect(run('float(a)', { a: 2 })).toEqual({ value: 2 });
    expect(run('a ?? b', { a: null, b: 4 })).toEqual({ value: 4 });
    // expr-lang's ?? binds tighter than +: (a ?? b) + 1.
    expect(run('a ?? b + 1', { a: 1, b: 10 })).toEqual({ value: 2 });
    expect(run('float(a ?? b)', { a: null, b: null })).toEqual({ value: null });
  });

  it('refuses what is outside the grammar with its place', () => {
    const cases: [string, RegExp, number][] = [
      ['a +', /Expected expression after \+ \(1:4\)/, 3],
      ['a + c', /unknown name c \(1:5\)/, 4],
      ['a.b', /MemberExpression is outside the formula grammar/, 0],
      ['a | b', /Unexpected|outside/, 2],
      ['sum(a)', /unknown func sum/, 0],
      ['a ? 1 : 2', /non-bool expression \(type float64\) used as condition/, 2],
      ['a && b', /mismatched types float64 and float64/, 2],
      ['a % 2', /invalid operation: %/, 2],
      ['"x"', /string literal is outside/, 0],
    ];
    for (const [f, re, index] of cases) {
      const p = compileFormula(f, ['a', 'b']);
      expect(isFormulaError(p), f).toBe(true);
      if (isFormulaError(p)) {
        expect(p.message, f).toMatch(re);
        expect(p.index, f).toBe(index);
      }
    }
  });
});
